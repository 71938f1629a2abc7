// footer.md §6.8 (SYCL-CTS spec_constants_same_name_stress): spec ids reached through a
// `constexpr auto &` reference variable template. The reference itself is not a spec id
// (§1.1); the variable template specialization it binds, sc_same_name<int>, is.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> inline constexpr sycl::specialization_id<T> sc_same_name{T{}};
template <typename T> constexpr auto &ref_sc = sc_same_name<T>;

void set(sycl::handler &h) { h.set_specialization_constant<ref_sc<int>>(1); }

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::sc_same_name<int>>() {
// CHECK-NEXT:  return "_Z12sc_same_nameIiE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
