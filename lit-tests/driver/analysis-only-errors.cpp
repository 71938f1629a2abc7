// When the analysis (libclang, in process) finds errors that clang's own host compile does
// not, the build fails with libclang's diagnostics and says where they come from; before, it
// exited 1 without a word. The analysis defines SYCL_EXTERNAL as an attribute it can see, so a
// static assertion on its spelling fails there only.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o t.o 2>&1 | FileCheck %s
// RUN: test ! -e t.o
// CHECK: analysis-only-errors.cpp:[[@LINE+8]]:{{[0-9]+}}: error: static assertion failed
// CHECK-SAME: the analysis sees another SYCL_EXTERNAL
// CHECK: sycl-clang++: error: the SYCL analysis (libclang) of '{{.*}}analysis-only-errors.cpp' failed where clang's host compile did not
#include <sycl/sycl.hpp>

#define SPELLING(x) #x
#define STRINGIFY(x) SPELLING(x)
#ifndef __SYCL_DEVICE_ONLY__
static_assert(sizeof(STRINGIFY(SYCL_EXTERNAL)) < 8, "the analysis sees another SYCL_EXTERNAL");
#endif

int main() {}
