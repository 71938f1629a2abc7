// issue §3: warnings do not make a TU bad: exit status 0 and the usual footer (clang's warnings may
// be shown on stderr).
// RUN: sh -c '%sycl-footer %s --unique-prefix P -- %mockflags -Wall > %t.h; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h

#include "sycl.hpp"

#warning "a user warning"
constexpr sycl::specialization_id b{2};
static int unused_static;

// EXIT:exit=0
// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
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
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
