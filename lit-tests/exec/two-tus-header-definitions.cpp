// Two TUs whose kernels both read the global id: Intel's headers define
// `__spirv::getBuiltInGlobalInvocationId<0>()` (an explicit specialisation, not inline) in
// both device modules, and the device link refused them ("symbol multiply defined"). Such
// duplicates from shared headers are now linked once; both kernels run.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s %S/Inputs/range-kernel-tu.cpp -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s %S/Inputs/range-kernel-tu.cpp -o %t.emu
// RUN: %t.emu | FileCheck %s
// CHECK: this TU: 3, other TU: 6
#include <sycl/sycl.hpp>
#include <cstdio>

int doubled_last(sycl::queue &q);

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = static_cast<int>(i[0]); }).wait();
  int mine = p[3];
  sycl::free(p, q);
  int other = doubled_last(q);
  std::printf("this TU: %d, other TU: %d\n", mine, other);
  return mine == 3 && other == 6 ? 0 : 1;
}
