// footer.md §6.5 last row: three static members of a struct in outer::(anon)::inner::(anon):
// one chain of two shims per member (0/1, 2/3, 4/5), the shim counter shared across chains.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace outer {
namespace {
namespace inner {
namespace {
struct Wrapper {
  static constexpr sycl::specialization_id a{1};
  static constexpr sycl::specialization_id b{2};
  static constexpr sycl::specialization_id c{3};
};
} // namespace
} // namespace inner
} // namespace
} // namespace outer

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace inner {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(Wrapper::a) &__shim_0() {
// CHECK-NEXT:  return Wrapper::a;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace inner
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::__sycl_detail::__shim_0()) &__shim_1() {
// CHECK-NEXT:  return inner::__sycl_detail::__shim_0();
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_1()>() {
// CHECK-NEXT:  return "P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_17Wrapper1aE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace inner {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(Wrapper::b) &__shim_2() {
// CHECK-NEXT:  return Wrapper::b;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace inner
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::__sycl_detail::__shim_2()) &__shim_3() {
// CHECK-NEXT:  return inner::__sycl_detail::__shim_2();
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_3()>() {
// CHECK-NEXT:  return "P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_17Wrapper1bE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace inner {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(Wrapper::c) &__shim_4() {
// CHECK-NEXT:  return Wrapper::c;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace inner
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::__sycl_detail::__shim_4()) &__shim_5() {
// CHECK-NEXT:  return inner::__sycl_detail::__shim_4();
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_5()>() {
// CHECK-NEXT:  return "P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_17Wrapper1cE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
