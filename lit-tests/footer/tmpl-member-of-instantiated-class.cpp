// footer.md §1.2: a class template specialization that is instantiated (a variable of that type,
// sizeof) instantiates its static data member declarations, so DPC++ collects them although
// the members themselves are never named. A pointer to a specialization does not instantiate.
// This test holds what works: Holder<int>::id (a variable's type) is found, Holder<long>::id is
// not listed, and the footer compiles with IDs matching the host's. The known gap,
// Holder<float>::id, is tmpl-member-of-instantiated-class-gap.cpp.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::Holder<int>::id>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=INT
// RUN: FileCheck %s --check-prefix=NO-LONG --input-file=%t.h
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
// NO-LONG-NOT:Holder<long>
