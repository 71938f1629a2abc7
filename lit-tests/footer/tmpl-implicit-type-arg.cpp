// footer.md §6.4 (TemplateWrapper<float>::a) and §4.3: class-template members instantiated by
// set_specialization_constant on the host; template arguments printed canonically (a typedef
// of float names the same member: one entry), class-type arguments fully qualified.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::TemplateWrapper<float>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=FLT
// RUN: grep -F -B4 -A5 '<::TemplateWrapper<Foo::Bar>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=BAR
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace Foo {
struct Bar {};
} // namespace Foo
using Real = float;

template <typename T> struct TemplateWrapper {
  static constexpr sycl::specialization_id<int> a{1};
};

void set(sycl::handler &h) {
  h.set_specialization_constant<TemplateWrapper<float>::a>(1);
  h.set_specialization_constant<TemplateWrapper<Foo::Bar>::a>(2);
  h.set_specialization_constant<TemplateWrapper<Real>::a>(3);
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// FLT:namespace sycl {
// FLT-NEXT:inline namespace _V1 {
// FLT-NEXT:namespace detail {
// FLT-NEXT:template<>
// FLT-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::TemplateWrapper<float>::a>() {
// FLT-NEXT:  return "_ZN15TemplateWrapperIfE1aE";
// FLT-NEXT:}
// FLT-NEXT:} // namespace detail
// FLT-NEXT:} // namespace _V1
// FLT-NEXT:} // namespace sycl
// BAR:namespace sycl {
// BAR-NEXT:inline namespace _V1 {
// BAR-NEXT:namespace detail {
// BAR-NEXT:template<>
// BAR-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::TemplateWrapper<Foo::Bar>::a>() {
// BAR-NEXT:  return "_ZN15TemplateWrapperIN3Foo3BarEE1aE";
// BAR-NEXT:}
// BAR-NEXT:} // namespace detail
// BAR-NEXT:} // namespace _V1
// BAR-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
