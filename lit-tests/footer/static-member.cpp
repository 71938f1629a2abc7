// footer.md §6.3: static data members are externally visible (no prefix, even constexpr). An
// in-class declaration plus an out-of-line definition is one entry; a static constexpr member of
// another type (an enum) is not a spec id.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

struct Wrapper {
  static sycl::specialization_id<int> WrapperSpecID;
};
struct S1 {
  static constexpr sycl::specialization_id a{1};
};
sycl::specialization_id<int> Wrapper::WrapperSpecID;
enum class SomeEnum { X, Y };
struct S {
  static constexpr auto e = SomeEnum::X;
  static int plain;
};

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Wrapper::WrapperSpecID>() {
// CHECK-NEXT:  return "_ZN7Wrapper13WrapperSpecIDE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::S1::a>() {
// CHECK-NEXT:  return "_ZN2S11aE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
