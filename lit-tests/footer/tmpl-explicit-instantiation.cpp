// footer.md §6.4 row 1 / §1.2: explicit instantiations (`template struct X<int>;`) instantiate the
// static data members, which go into the footer at the point of instantiation, although nothing
// names them: ::WrapperTemplate<int>::WrapperSpecID and ::TemplateWrapper<float>::a.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct WrapperTemplate {
  static sycl::specialization_id<T> WrapperSpecID;
};
template <typename T> sycl::specialization_id<T> WrapperTemplate<T>::WrapperSpecID;
template struct WrapperTemplate<int>;

template <typename T> struct TemplateWrapper {
  static constexpr sycl::specialization_id<T> a{};
};
template struct TemplateWrapper<float>;

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::WrapperTemplate<int>::WrapperSpecID>() {
// CHECK-NEXT:  return "_ZN15WrapperTemplateIiE13WrapperSpecIDE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::TemplateWrapper<float>::a>() {
// CHECK-NEXT:  return "_ZN15TemplateWrapperIfE1aE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
