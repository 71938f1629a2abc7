// footer.md §6.2 last row: an anonymous namespace inside an inline namespace. The shim walker
// prepends every named namespace, inline or not: the shim opens `inline namespace inner {` and
// TARGET is ::outer::inner::__sycl_detail::__shim_0().
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace outer {
inline namespace inner {
namespace {
constexpr sycl::specialization_id same_name{5};
}
} // namespace inner
} // namespace outer

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:inline namespace inner {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(same_name) &__shim_0() {
// CHECK-NEXT:  return same_name;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // inline namespace inner
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::inner::__sycl_detail::__shim_0()>() {
// CHECK-NEXT:  return "P____ZN5outer5inner12_GLOBAL__N_19same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
