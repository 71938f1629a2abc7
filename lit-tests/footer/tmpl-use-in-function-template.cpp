// footer.md §1.2: a member of a class template and a variable template named only inside a
// function template (dependent there); the explicit instantiation f<int> instantiates
// TW<int>::a and vt<int>. Nothing else (the dependent forms are not variables of their own).
// This test holds what works: vt<int> is found, and the footer compiles with IDs matching the
// host's. The known gap, TW<int>::a, is tmpl-use-in-function-template-gap.cpp.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: grep -F -B4 -A5 '<::vt<int>>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=VT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct TW {
  static constexpr sycl::specialization_id<int> a{1};
};
template <typename T> inline constexpr sycl::specialization_id<T> vt{};

template <typename T> void f(sycl::handler &h) {
  h.set_specialization_constant<TW<T>::a>(1);
  h.set_specialization_constant<vt<T>>(T{});
}
template void f<int>(sycl::handler &);

// VT:namespace sycl {
// VT-NEXT:inline namespace _V1 {
// VT-NEXT:namespace detail {
// VT-NEXT:template<>
// VT-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::vt<int>>() {
// VT-NEXT:  return "_Z2vtIiE";
// VT-NEXT:}
// VT-NEXT:} // namespace detail
// VT-NEXT:} // namespace _V1
// VT-NEXT:} // namespace sycl
