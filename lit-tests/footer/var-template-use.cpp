// footer.md §6.4/§6.8: variable templates (the SYCL-CTS form `sc<T, N>`, and one in a namespace)
// instantiated by use. TARGET carries the template arguments (a DPC++ bug once dropped them).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::sc<int, 1>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=A
// RUN: grep -F -B4 -A5 '<::sc<float, 2>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=B
// RUN: grep -F -B4 -A5 '<::ns::vt2<long>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=C
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T, int N> inline constexpr sycl::specialization_id<T> sc{T(N)};
namespace ns {
template <typename T> sycl::specialization_id<T> vt2;
}

void set(sycl::handler &h) {
  h.set_specialization_constant<sc<int, 1>>(1);
  h.set_specialization_constant<sc<float, 2>>(2.0f);
  h.set_specialization_constant<ns::vt2<long>>(3L);
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// A:namespace sycl {
// A-NEXT:inline namespace _V1 {
// A-NEXT:namespace detail {
// A-NEXT:template<>
// A-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::sc<int, 1>>() {
// A-NEXT:  return "_Z2scIiLi1EE";
// A-NEXT:}
// A-NEXT:} // namespace detail
// A-NEXT:} // namespace _V1
// A-NEXT:} // namespace sycl
// B:namespace sycl {
// B-NEXT:inline namespace _V1 {
// B-NEXT:namespace detail {
// B-NEXT:template<>
// B-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::sc<float, 2>>() {
// B-NEXT:  return "_Z2scIfLi2EE";
// B-NEXT:}
// B-NEXT:} // namespace detail
// B-NEXT:} // namespace _V1
// B-NEXT:} // namespace sycl
// C:namespace sycl {
// C-NEXT:inline namespace _V1 {
// C-NEXT:namespace detail {
// C-NEXT:template<>
// C-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::ns::vt2<long>>() {
// C-NEXT:  return "_ZN2ns3vt2IlEE";
// C-NEXT:}
// C-NEXT:} // namespace detail
// C-NEXT:} // namespace _V1
// C-NEXT:} // namespace sycl
// COUNT:{{^}}3{{$}}
