// footer.md §1.3 row 3: partial specializations themselves are excluded, but specializations
// instantiated from them are ordinary members / variables: PS<int *>::a and vp<int *>
// (canonical printing `int *`).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::PS<int *>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=PS
// RUN: grep -F -B4 -A5 '<::vp<int *>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=VP
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct PS {
  static constexpr sycl::specialization_id<int> a{0};
};
template <typename T> struct PS<T *> {
  static constexpr sycl::specialization_id<int> a{1};
};
template <typename T> inline constexpr sycl::specialization_id<int> vp{0};
template <typename T> inline constexpr sycl::specialization_id<int> vp<T *>{1};

void set(sycl::handler &h) {
  h.set_specialization_constant<PS<int *>::a>(1);
  h.set_specialization_constant<vp<int *>>(1);
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// PS:namespace sycl {
// PS-NEXT:inline namespace _V1 {
// PS-NEXT:namespace detail {
// PS-NEXT:template<>
// PS-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::PS<int *>::a>() {
// PS-NEXT:  return "_ZN2PSIPiE1aE";
// PS-NEXT:}
// PS-NEXT:} // namespace detail
// PS-NEXT:} // namespace _V1
// PS-NEXT:} // namespace sycl
// VP:namespace sycl {
// VP-NEXT:inline namespace _V1 {
// VP-NEXT:namespace detail {
// VP-NEXT:template<>
// VP-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::vp<int *>>() {
// VP-NEXT:  return "_Z2vpIPiE";
// VP-NEXT:}
// VP-NEXT:} // namespace detail
// VP-NEXT:} // namespace _V1
// VP-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
