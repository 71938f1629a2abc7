// Kernel restriction (SYCL 2020 §5.4): no thread-local storage in device code. A use of a
// thread_local variable a kernel reaches is a compile-time error at the use, naming it (DPC++
// reports "thread-local storage is not supported for the current target"). Before the check the
// build failed inside LLVM ("llvm.threadlocal.address first argument must be a GlobalValue").
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

thread_local int calls;
namespace stats {
thread_local const int limit = 4;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Count>([=] {
      calls = out[0];
      // CHECK: thread-local.cpp:[[@LINE-1]]:7: error: SYCL kernel cannot use thread-local storage: 'calls'
      // CHECK-NEXT: thread-local.cpp:[[@LINE-3]]:5: note: in SYCL kernel 'Count' launched here
      out[0] = stats::limit;
      // CHECK: thread-local.cpp:[[@LINE-1]]:23: error: SYCL kernel cannot use thread-local storage: 'stats::limit'
      // CHECK-NEXT: thread-local.cpp:[[@LINE-6]]:5: note: in SYCL kernel 'Count' launched here
    });
  });
  return 0;
}
