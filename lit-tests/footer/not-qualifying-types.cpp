// footer.md §1.1: references, pointers, arrays of specialization_id and classes derived from it do
// not qualify (getAsCXXRecordDecl of the variable's type; marked unconfirmed in the spec).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

constexpr sycl::specialization_id base{1};
constexpr auto &ref = base;
constexpr const sycl::specialization_id<int> *ptr = &base;
sycl::specialization_id<int> arr[2];
struct Derived : sycl::specialization_id<int> {
  constexpr Derived() : sycl::specialization_id<int>(3) {}
};
constexpr Derived derived;

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::base>() {
// CHECK-NEXT:  return "P____ZL4base";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
