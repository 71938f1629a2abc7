// footer.md §6.4: member variable templates, `GlobalWrapper<int>::sc<20>` (class template) and
// `Plain::m<float>`. The member template itself and members of GlobalWrapper<char> (class
// instantiated, member template not) are not emitted.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::GlobalWrapper<int>::sc<20>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=GW
// RUN: grep -F -B4 -A5 '<::Plain::m<float>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=PL
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct GlobalWrapper {
  template <int N> static constexpr sycl::specialization_id<T> sc{N};
};
struct Plain {
  template <typename T> static constexpr sycl::specialization_id<T> m{};
};
static_assert(sizeof(GlobalWrapper<char>) == 1);

void set(sycl::handler &h) {
  h.set_specialization_constant<GlobalWrapper<int>::sc<20>>(1);
  h.set_specialization_constant<Plain::m<float>>(1.0f);
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// GW:namespace sycl {
// GW-NEXT:inline namespace _V1 {
// GW-NEXT:namespace detail {
// GW-NEXT:template<>
// GW-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::GlobalWrapper<int>::sc<20>>() {
// GW-NEXT:  return "_ZN13GlobalWrapperIiE2scILi20EEE";
// GW-NEXT:}
// GW-NEXT:} // namespace detail
// GW-NEXT:} // namespace _V1
// GW-NEXT:} // namespace sycl
// PL:namespace sycl {
// PL-NEXT:inline namespace _V1 {
// PL-NEXT:namespace detail {
// PL-NEXT:template<>
// PL-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Plain::m<float>>() {
// PL-NEXT:  return "_ZN5Plain1mIfEE";
// PL-NEXT:}
// PL-NEXT:} // namespace detail
// PL-NEXT:} // namespace _V1
// PL-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
