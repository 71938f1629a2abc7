// Kernel restriction (SYCL 2020 §5.4): no recursion in device code. A call that closes a cycle
// of calls (direct or through other functions) is a compile-time error at that call (DPC++:
// "SYCL kernel cannot call a recursive function"), with a note at the recursive function and
// the calls from the kernel. Before the check it built and ran.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

int odd(int n);
int even(int n) { return n == 0 ? 1 : odd(n - 1); }
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
// CHECK: recursion.cpp:[[@LINE-1]]:38: error: SYCL kernel cannot call a recursive function: 'even'
// CHECK-NEXT: recursion.cpp:[[@LINE-3]]:5: note: function implemented using recursion declared here
// CHECK-NEXT: recursion.cpp:[[@LINE-4]]:39: note: called by 'even'
// CHECK-NEXT: recursion.cpp:[[@LINE+14]]:16: note: called by 'operator()'
// CHECK-NEXT: recursion.cpp:[[@LINE+12]]:5: note: in SYCL kernel 'Parity' launched here

template <typename T> T factorial(T n) { return n <= 1 ? 1 : n * factorial(n - 1); }
// CHECK: recursion.cpp:[[@LINE-1]]:66: error: SYCL kernel cannot call a recursive function: 'factorial'
// CHECK-NEXT: recursion.cpp:[[@LINE-2]]:25: note: function implemented using recursion declared here
// CHECK-NEXT: recursion.cpp:[[@LINE+9]]:16: note: called by 'operator()'
// CHECK-NEXT: recursion.cpp:[[@LINE+6]]:5: note: in SYCL kernel 'Parity' launched here

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Parity>([=] {
      out[0] = even(out[0]);
      out[1] = factorial(out[1]);
    });
  });
  return 0;
}
