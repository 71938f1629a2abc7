// issue §3: a source path that is not valid UTF-8 (byte 0xFF in a directory name) is still a valid
// Linux path to valid C++: the footer is written as usual (stdout and -o), with the default
// prefix too, and never a panic.
// RUN: rm -rf %t && split-file %s %t
// RUN: bash -c 'd="%t/$(printf "\377")dir"; mkdir -p "$d" && cp %t/body.cpp "$d/src.cpp" && %sycl-footer "$d/src.cpp" --unique-prefix P -- %mockflags > %t/out.h'
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t/out.h
// RUN: bash -c 'd="%t/$(printf "\377")dir"; %sycl-footer "$d/src.cpp" --unique-prefix P -o "$d/out.h" -- %mockflags && cat "$d/out.h"' > %t/out2.h
// RUN: diff %t/out.h %t/out2.h
// RUN: bash -c 'd="%t/$(printf "\377")dir"; %sycl-footer "$d/src.cpp" -- %mockflags' > %t/out3.h 2> %t/err3
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t/out3.h
// RUN: %clangxx %mockflags -fsyntax-only -include %t/body.cpp -x c++ %t/out.h

// DEFAULT:  return "[[P:uid[0-9a-f]{16}]]____ZL1b";
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
