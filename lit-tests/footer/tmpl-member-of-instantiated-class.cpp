// footer.md §1.2: a class template specialization that is instantiated (a variable of that type,
// sizeof) instantiates its static data member declarations, so DPC++ collects them although
// the members themselves are never named. A pointer to a specialization does not instantiate.
// Known gap: libclang shows neither the specialization a sizeof/alignof operand instantiates
// nor its members, so Holder<float>::id is missed (Holder<int>, a variable's type, is found).
// XFAIL: *
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::Holder<int>::id>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=INT
// RUN: grep -F -B4 -A5 '<::Holder<float>::id>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=FLT
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct Holder {
  static constexpr sycl::specialization_id<T> id{};
  T value;
};

Holder<int> holder;
static_assert(sizeof(Holder<float>) == sizeof(float));
Holder<long> *not_instantiated = nullptr;

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// INT:namespace sycl {
// INT-NEXT:inline namespace _V1 {
// INT-NEXT:namespace detail {
// INT-NEXT:template<>
// INT-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Holder<int>::id>() {
// INT-NEXT:  return "_ZN6HolderIiE2idE";
// INT-NEXT:}
// INT-NEXT:} // namespace detail
// INT-NEXT:} // namespace _V1
// INT-NEXT:} // namespace sycl
// FLT:namespace sycl {
// FLT-NEXT:inline namespace _V1 {
// FLT-NEXT:namespace detail {
// FLT-NEXT:template<>
// FLT-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Holder<float>::id>() {
// FLT-NEXT:  return "_ZN6HolderIfE2idE";
// FLT-NEXT:}
// FLT-NEXT:} // namespace detail
// FLT-NEXT:} // namespace _V1
// FLT-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
