// issue §3: a source starting with a UTF-8 byte order mark is valid C++: the footer is the same
// as for the file without the BOM.
// RUN: rm -rf %t && split-file %s %t
// RUN: printf '\357\273\277' > %t/bom.cpp
// RUN: cat %t/body.cpp >> %t/bom.cpp
// RUN: od -An -tx1 -N3 %t/bom.cpp | FileCheck %s --check-prefix=BOM
// RUN: %sycl-footer %t/bom.cpp --unique-prefix P -- %mockflags > %t/bom.h
// RUN: %sycl-footer %t/body.cpp --unique-prefix P -- %mockflags > %t/body.h
// RUN: diff %t/body.h %t/bom.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t/bom.h
// RUN: %clangxx %mockflags -fsyntax-only -include %t/bom.cpp -x c++ %t/bom.h

// BOM:{{ *}}ef bb bf
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

//--- body.cpp
#include "sycl.hpp"
constexpr sycl::specialization_id b{2};
