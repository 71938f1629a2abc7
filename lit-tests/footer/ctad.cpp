// footer.md §1.3 row 4 / §6.1 row 2: class template argument deduction (`constexpr
// specialization_id b{2};`) — undeduced at declaration, a spec id after deduction. --json
// reports the deduced value type.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P
// RUN: %sycl-footer %s --unique-prefix P --json -- %mockflags > %t.json
// RUN: python3 %S/Inputs/flatjson.py %t.json | FileCheck %s --check-prefix=JSON --match-full-lines

#include "sycl.hpp"

struct Pod {
  int x, y;
};
constexpr sycl::specialization_id i{1};
constexpr sycl::specialization_id f{1.5f};
constexpr sycl::specialization_id d{2.0};
inline constexpr sycl::specialization_id ch{'c'};
constexpr sycl::specialization_id p{Pod{1, 2}};

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::i>() {
// CHECK-NEXT:  return "P____ZL1i";
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
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::ch>() {
// CHECK-NEXT:  return "_Z2ch";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::p>() {
// CHECK-NEXT:  return "P____ZL1p";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// JSON:spec_ids.#=5
// JSON-DAG:spec_ids.0.value_type="int"
// JSON-DAG:spec_ids.1.value_type="float"
// JSON-DAG:spec_ids.2.value_type="double"
// JSON-DAG:spec_ids.3.value_type="char"
// JSON-DAG:spec_ids.4.value_type="Pod"
