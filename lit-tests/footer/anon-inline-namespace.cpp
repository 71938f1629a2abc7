// DPC++ writes "inline " in the closing comment of every inline namespace, named or not: a shim in
// an inline anonymous namespace closes with "} // inline namespace " (trailing space), the
// enclosing named namespace with "} // namespace outer" (issue 11 §3).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace outer {
inline namespace {
constexpr sycl::specialization_id<int> hidden{1};
}
} // namespace outer

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:inline namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(hidden) &__shim_0() {
// CHECK-NEXT:  return hidden;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // inline namespace{{ }}
// CHECK-NEXT:} // namespace outer
