// footer.md §5A: anonymous namespaces both in a namespace and in its inline child. With DPC++'s
// text `::N::__sycl_detail` is ambiguous (both anonymous namespaces' `__sycl_detail` are found
// through N's inline namespace set); the second one is renamed so the footer compiles. The
// first keeps DPC++'s exact text.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h

#include "sycl.hpp"

namespace N {
namespace {
constexpr sycl::specialization_id<int> a{1};
}
inline namespace I {
namespace {
constexpr sycl::specialization_id<int> b{2};
}
} // namespace I
} // namespace N

// CHECK: get_spec_constant_symbolic_ID_impl<::N::__sycl_detail::__shim_0()>() {
// CHECK-NEXT: return "P____ZN1N12_GLOBAL__N_11aE";
// CHECK: namespace __sycl_detail_1 {
// CHECK: get_spec_constant_symbolic_ID_impl<::N::I::__sycl_detail_1::__shim_1()>() {
// CHECK-NEXT: return "P____ZN1N1I12_GLOBAL__N_11bE";
