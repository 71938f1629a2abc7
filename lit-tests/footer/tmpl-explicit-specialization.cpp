// footer.md §6.4 (`TS<int>::d`): an explicit specialization of a static data member, and a
// static member of an explicit class-template specialization, in declaration order.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct TS {
  static sycl::specialization_id<T> d;
};
template <> sycl::specialization_id<int> TS<int>::d{5};
template <> struct TS<float> {
  static constexpr sycl::specialization_id<float> d{1.0f};
};

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::TS<int>::d>() {
// CHECK-NEXT:  return "_ZN2TSIiE1dE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::TS<float>::d>() {
// CHECK-NEXT:  return "_ZN2TSIfE1dE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
