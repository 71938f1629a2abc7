// footer.md §6.2: members of a class template in an inline namespace, instantiated implicitly by
// set_specialization_constant: `::Foo::WrapperTemplate<int>::WrapperSpecID` (inline namespace
// dropped) with `_ZN3Foo3Bar15WrapperTemplateIiE13WrapperSpecIDE`. The relative order of
// implicit instantiations is not specified, so each block is checked on its own.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::Foo::WrapperTemplate<int>::WrapperSpecID>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=INT
// RUN: grep -F -B4 -A5 '<::Foo::WrapperTemplate<double>::WrapperSpecID>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=DBL
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace Foo {
inline namespace Bar {
template <typename T> struct WrapperTemplate {
  static sycl::specialization_id<T> WrapperSpecID;
};
template <typename T> sycl::specialization_id<T> WrapperTemplate<T>::WrapperSpecID;
} // namespace Bar
} // namespace Foo

void set(sycl::handler &h) {
  h.set_specialization_constant<Foo::WrapperTemplate<int>::WrapperSpecID>(1);
  h.set_specialization_constant<Foo::WrapperTemplate<double>::WrapperSpecID>(2.0);
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// INT:namespace sycl {
// INT-NEXT:inline namespace _V1 {
// INT-NEXT:namespace detail {
// INT-NEXT:template<>
// INT-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::WrapperTemplate<int>::WrapperSpecID>() {
// INT-NEXT:  return "_ZN3Foo3Bar15WrapperTemplateIiE13WrapperSpecIDE";
// INT-NEXT:}
// INT-NEXT:} // namespace detail
// INT-NEXT:} // namespace _V1
// INT-NEXT:} // namespace sycl
// DBL:namespace sycl {
// DBL-NEXT:inline namespace _V1 {
// DBL-NEXT:namespace detail {
// DBL-NEXT:template<>
// DBL-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::WrapperTemplate<double>::WrapperSpecID>() {
// DBL-NEXT:  return "_ZN3Foo3Bar15WrapperTemplateIdE13WrapperSpecIDE";
// DBL-NEXT:}
// DBL-NEXT:} // namespace detail
// DBL-NEXT:} // namespace _V1
// DBL-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
