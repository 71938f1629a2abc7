// SYCL kernel attributes written through macros that sycl-clang++ cannot read are refused at
// the macro's use (where clang places what comes from a macro), never dropped: an argument
// the expansion leaves no constant expression, and a region it cannot
// expand because the kernel itself is written inside a macro.
// REQUIRES: intel-sycl-headers
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.o
#include <sycl/sycl.hpp>

int runtime_n = 4;
#define SIZED(n) [[sycl::reqd_work_group_size(n)]]
#define WG_4 [[sycl::reqd_work_group_size(4)]]
#define SINGLE_TASK(h) h.single_task([=]() WG_4 {})

int main() {
  sycl::queue q;
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1>) SIZED(runtime_n) {});
    // CHECK-DAG: kernel-attribute-macro-errors.cpp:[[@LINE-1]]:67: error: 'runtime_n' is not an integral constant expression
  });
  q.submit([&](sycl::handler &h) { SINGLE_TASK(h); });
  // CHECK-DAG: kernel-attribute-macro-errors.cpp:13:44: error: sycl-clang++ cannot read the SYCL kernel attributes written through the macro 'WG_4' here; write them out
  q.wait();
}
