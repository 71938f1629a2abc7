// footer.md §4.3 (isRedundantInlineQualifierFor): two inline sibling namespaces declaring the same
// name make the lookup in the parent ambiguous, so both TARGETs keep their inline namespace.
// This is DPC++'s own output and it is valid C++.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace Foo {
inline namespace Bar {
sycl::specialization_id<int> Twin;
}
inline namespace Baz {
sycl::specialization_id<int> Twin;
}
} // namespace Foo

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::Bar::Twin>() {
// CHECK-NEXT:  return "_ZN3Foo3Bar4TwinE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::Baz::Twin>() {
// CHECK-NEXT:  return "_ZN3Foo3Baz4TwinE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
