// Two different kernels with one name in two TUs stay an error (one kernel from a header,
// launched from several TUs, is one kernel: exec/header-kernels.cpp; so is the same code
// launched from two places: exec/shared-kernel-two-places.cpp). The device code decides: the
// error is located at the second definition, names the first, and says what differs, the
// body (another constant stored) or the parameters (another capture).
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o first.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/duplicate-kernel-second.cpp -o second.o
// RUN: not %sycl-clangxx -fsycl first.o second.o -o app 2>&1 | FileCheck %s -DSECOND=%S/Inputs/duplicate-kernel-second.cpp -DFIRST=%s
// RUN: test ! -e app
// CHECK: [[SECOND]]:4:29: error: kernel 'SharedName' is already defined, with a different body, at [[FIRST]]:21:29; a kernel name must name one kernel
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/duplicate-kernel-parameters.cpp -o parameters.o
// RUN: not %sycl-clangxx -fsycl first.o parameters.o -o app 2>&1 | FileCheck %s --check-prefix=PARAMETERS -DSECOND=%S/Inputs/duplicate-kernel-parameters.cpp -DFIRST=%s
// RUN: test ! -e app
// PARAMETERS: [[SECOND]]:4:29: error: kernel 'SharedName' is already defined, with different parameters, at [[FIRST]]:21:29: (ptr addrspace(1)) there, (ptr addrspace(1), ptr byval({ [4 x i8] })) here; a kernel name must name one kernel
#include <sycl/sycl.hpp>
class SharedName;
int second_kernel(sycl::queue &q, int *p);
int main() { sycl::queue q; int *p = sycl::malloc_shared<int>(1, q);
  q.single_task<SharedName>([=] { *p = 1; }).wait();
  return *p + second_kernel(q, p);
}
