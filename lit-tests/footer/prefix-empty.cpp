// footer.md §2.1 step 4 / §3.3: the empty prefix (old DPC++ tests) gives IDs starting `____Z`.
// RUN: %sycl-footer %s --unique-prefix '' -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h ''

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
// CHECK-NEXT:  return "____ZL1b";
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
// CHECK-NEXT:  return "____ZN12_GLOBAL__N_11cE";
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
