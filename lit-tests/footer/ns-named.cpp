// footer.md §6.1: spec ids in named namespaces (nested, C++17 `namespace X::Y`): TARGET is the
// fully qualified name from ::, the ID keeps `L` before the name only for internal linkage.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace Foo {
sycl::specialization_id<int> NSSpecID;
}
namespace A {
namespace B {
sycl::specialization_id<long> deep;
}
} // namespace A
namespace X::Y {
constexpr sycl::specialization_id z{1};
}
namespace Foo {
static sycl::specialization_id<int> again;
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::NSSpecID>() {
// CHECK-NEXT:  return "_ZN3Foo8NSSpecIDE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::A::B::deep>() {
// CHECK-NEXT:  return "_ZN1A1B4deepE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::X::Y::z>() {
// CHECK-NEXT:  return "P____ZN1X1YL1zE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::again>() {
// CHECK-NEXT:  return "P____ZN3FooL5againE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
