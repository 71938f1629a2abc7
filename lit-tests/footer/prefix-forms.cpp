// footer.md §3.3 / issue §2: the explicit prefix can be given as --unique-prefix P, as DPC++'s
// -fsycl-unique-prefix=P among the tool options, or as -fsycl-unique-prefix=P in the compile
// flags; all three give the same footer. External IDs never carry the prefix.
// RUN: rm -rf %t && mkdir %t
// RUN: %sycl-footer %s --unique-prefix THE_PREFIX -- %mockflags > %t/1.h
// RUN: %sycl-footer %s -fsycl-unique-prefix=THE_PREFIX -- %mockflags > %t/2.h
// RUN: %sycl-footer %s -- %mockflags -fsycl-unique-prefix=THE_PREFIX > %t/3.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t/1.h
// RUN: diff %t/1.h %t/2.h
// RUN: diff %t/1.h %t/3.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t/1.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t/1.ll -include %s -x c++ %t/1.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t/1.ll %t/1.h THE_PREFIX

#include "sycl.hpp"

constexpr sycl::specialization_id b{2};
namespace {
constexpr sycl::specialization_id c{3};
}
sycl::specialization_id<int> ext;

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::b>() {
// CHECK-NEXT:  return "THE_PREFIX____ZL1b";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(c) &__shim_0() {
// CHECK-NEXT:  return c;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail::__shim_0()>() {
// CHECK-NEXT:  return "THE_PREFIX____ZN12_GLOBAL__N_11cE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::ext>() {
// CHECK-NEXT:  return "_Z3ext";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
