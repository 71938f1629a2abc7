// issue §3: a TU with C++ errors: clang's own diagnostics `file:line:col: error: …` on stderr,
// exit status 1, nothing on stdout, no output file.
// RUN: rm -rf %t && split-file %s %t
// RUN: sh -c '%sycl-footer %t/bad.cpp -- %mockflags > %t/stdout 2> %t/stderr; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/stdout
// RUN: FileCheck %s --input-file=%t/stderr -DFILE=%t/bad.cpp
// RUN: not %sycl-footer %t/bad.cpp -o %t/footer.h -- %mockflags 2> %t/stderr2
// RUN: not ls %t/footer.h
// RUN: not %sycl-footer %t/bad.cpp --json -- %mockflags > %t/stdout3 2> %t/stderr3
// RUN: count 0 < %t/stdout3

// EXIT:exit=1
// CHECK-DAG:[[FILE]]:3:14: error: expected expression
// CHECK-DAG:[[FILE]]:4:12: error: use of undeclared identifier 'undeclared_name'

//--- bad.cpp
#include "sycl.hpp"
constexpr sycl::specialization_id ok{1};
int broken = ;
void f() { undeclared_name(); }
