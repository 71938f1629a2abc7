// footer.md §6.1: a non-const namespace-scope `specialization_id<int>` is externally visible, so
// its ID is the bare Itanium name in _Z form (no prefix even though the linker symbol of a
// global C++ variable would be unmangled). Also checks the byte-level ending: one LF, no CR.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P
// RUN: tail -c 1 %t.h | od -An -tx1 | FileCheck %s --check-prefix=LF
// RUN: od -An -c %t.h | not grep -F '\r'

#include "sycl.hpp"

sycl::specialization_id<int> GlobalSpecID;

// LF:{{ *}}0a
// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::GlobalSpecID>() {
// CHECK-NEXT:  return "_Z12GlobalSpecID";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
