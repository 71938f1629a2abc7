// footer.md §5A: an anonymous namespace directly inside another one. DPC++'s footer would put
// both shims in a namespace `__sycl_detail`, and `::__sycl_detail` is then ambiguous (both are
// visible from the global namespace). The footer must still compile and name the variable:
// the outer anonymous namespace's shims go into `__sycl_detail_1`.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h

#include "sycl.hpp"

namespace {
namespace {
constexpr sycl::specialization_id<int> deep{7};
}
} // namespace

// CHECK:namespace {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(deep) &__shim_0() {
// CHECK-NEXT:  return deep;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail_1 {
// CHECK-NEXT:static constexpr decltype(__sycl_detail::__shim_0()) &__shim_1() {
// CHECK-NEXT:  return __sycl_detail::__shim_0();
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail_1
// CHECK-NEXT:} // namespace {{$}}
// CHECK:inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail_1::__shim_1()>() {
// CHECK-NEXT:  return "P____ZN12_GLOBAL__N_112_GLOBAL__N_14deepE";
