// Two different kernels with one name in two TUs stay an error (one kernel from a header,
// launched from several TUs, is one kernel: exec/header-kernels.cpp). The error is located at
// the second definition and names the first.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o first.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/duplicate-kernel-second.cpp -o second.o
// RUN: not %sycl-clangxx -fsycl first.o second.o -o app 2>&1 | FileCheck %s -DSECOND=%S/Inputs/duplicate-kernel-second.cpp -DFIRST=%s
// RUN: test ! -e app
// CHECK: [[SECOND]]:4:29: error: kernel 'SharedName' is already defined, differently, at [[FIRST]]:15:29; a kernel name must name one kernel
#include <sycl/sycl.hpp>
class SharedName;
int second_kernel(sycl::queue &q, int *p);
int main() { sycl::queue q; int *p = sycl::malloc_shared<int>(1, q);
  q.single_task<SharedName>([=] { *p = 1; }).wait();
  return *p + second_kernel(q, p);
}
