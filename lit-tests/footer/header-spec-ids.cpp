// footer.md §6.8 (portFFT: `constexpr static` IDs in a header): spec ids declared in an included
// header belong to the TU and come first (parse order); internal ones get this TU's prefix.
// RUN: rm -rf %t && split-file %s %t
// RUN: %sycl-footer %t/main.cpp --unique-prefix P -- %mockflags -I %t/inc > %t/out.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t/out.h
// RUN: %clangxx %mockflags -I %t/inc -fsyntax-only -include %t/main.cpp -x c++ %t/out.h

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::lib::hid>() {
// CHECK-NEXT:  return "P____ZN3libL3hidE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::local_tu>() {
// CHECK-NEXT:  return "_Z8local_tu";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}

//--- inc/lib.hpp
#pragma once
#include "sycl.hpp"
namespace lib {
constexpr static sycl::specialization_id<int> hid{1};
}
//--- main.cpp
#include "lib.hpp"
sycl::specialization_id<int> local_tu;
