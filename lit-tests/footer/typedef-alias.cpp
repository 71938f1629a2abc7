// footer.md §1.1: the type is looked at through typedefs, alias templates and cv-qualifiers
// (const from a typedef makes the variable internal).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

using SC = sycl::specialization_id<int>;
typedef sycl::specialization_id<float> SF;
template <typename T> using spec = sycl::specialization_id<T>;
typedef const sycl::specialization_id<char> CSC;

SC a;
const SF b{1.5f};
spec<double> c;
constexpr spec<SC::value_type> d{4};
namespace ns {
using Inner = SC;
Inner e;
} // namespace ns
CSC f{'x'};

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::a>() {
// CHECK-NEXT:  return "_Z1a";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::b>() {
// CHECK-NEXT:  return "P____ZL1b";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::c>() {
// CHECK-NEXT:  return "_Z1c";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::d>() {
// CHECK-NEXT:  return "P____ZL1d";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::ns::e>() {
// CHECK-NEXT:  return "_ZN2ns1eE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::f>() {
// CHECK-NEXT:  return "P____ZL1f";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
