// footer.md §6.5 rows 3-6 and 11: anonymous namespaces combined with named ones. A named
// namespace inside the anonymous one is part of the shim expression (`inner::same_name`); named
// namespaces outside it are opened around the shim and prefixed to TARGET.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace {
namespace inner {
constexpr sycl::specialization_id same_name{1};
}
} // namespace
namespace inner {
namespace {
constexpr sycl::specialization_id same_name{2};
}
} // namespace inner
namespace outer {
namespace {
constexpr sycl::specialization_id same_name{3};
namespace inner {
constexpr sycl::specialization_id same_name{4};
}
} // namespace
} // namespace outer
namespace Foo {
namespace {
sycl::specialization_id<int> AnonNSSpecID;
}
} // namespace Foo

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::same_name) &__shim_0() {
// CHECK-NEXT:  return inner::same_name;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail::__shim_0()>() {
// CHECK-NEXT:  return "P____ZN12_GLOBAL__N_15inner9same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace inner {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(same_name) &__shim_1() {
// CHECK-NEXT:  return same_name;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace inner
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::inner::__sycl_detail::__shim_1()>() {
// CHECK-NEXT:  return "P____ZN5inner12_GLOBAL__N_19same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(same_name) &__shim_2() {
// CHECK-NEXT:  return same_name;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_2()>() {
// CHECK-NEXT:  return "P____ZN5outer12_GLOBAL__N_19same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::same_name) &__shim_3() {
// CHECK-NEXT:  return inner::same_name;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_3()>() {
// CHECK-NEXT:  return "P____ZN5outer12_GLOBAL__N_15inner9same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace Foo {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(AnonNSSpecID) &__shim_4() {
// CHECK-NEXT:  return AnonNSSpecID;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:} // namespace Foo
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::__sycl_detail::__shim_4()>() {
// CHECK-NEXT:  return "P____ZN3Foo12_GLOBAL__N_112AnonNSSpecIDE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
