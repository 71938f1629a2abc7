// issue §3 / ARCHITECTURE invariants: -o writes atomically. A failed run (C++ error) leaves an
// existing output file untouched and leaves no temporary file behind; a successful run replaces
// it; nothing goes to stdout with -o.
// RUN: rm -rf %t && mkdir -p %t/out
// RUN: echo '// previous footer' > %t/out/footer.h
// RUN: echo 'int broken = ;' > %t/bad.cpp
// RUN: not %sycl-footer %t/bad.cpp -o %t/out/footer.h -- %mockflags > %t/stdout 2> %t/stderr
// RUN: FileCheck %s --check-prefix=OLD --match-full-lines --input-file=%t/out/footer.h
// RUN: ls -A %t/out | FileCheck %s --check-prefix=LS --match-full-lines
// RUN: count 0 < %t/stdout
// RUN: not %sycl-footer %t/bad.cpp -o %t/out/new.h -- %mockflags 2> %t/stderr2
// RUN: not ls %t/out/new.h
// RUN: %sycl-footer %s -o %t/out/footer.h --unique-prefix P -- %mockflags > %t/stdout3
// RUN: count 0 < %t/stdout3
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t/out/footer.h
// RUN: ls -A %t/out | FileCheck %s --check-prefix=LS --match-full-lines
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t/out/footer.h

#include "sycl.hpp"

sycl::specialization_id<int> value;

// OLD:// previous footer
// OLD-NOT:{{.}}
// LS:footer.h
// LS-NOT:{{.}}
// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::value>() {
// CHECK-NEXT:  return "_Z5value";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
