// Kernel restriction (SYCL 2020 §5.4): no exceptions in device code. 'throw' and 'try' in code
// a kernel reaches are compile-time errors at the construct (DPC++: "SYCL kernel cannot use
// exceptions"). Before the check a 'try' built and ran, and a 'throw' failed at the device
// link naming __cxa_throw.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

int checked(int v) {
  if (v < 0)
    throw v;
    // CHECK: exceptions.cpp:[[@LINE-1]]:5: error: SYCL kernel cannot use exceptions: 'throw' expression
    // CHECK-NEXT: exceptions.cpp:[[@LINE+15]]:16: note: called by 'operator()'
    // CHECK-NEXT: exceptions.cpp:[[@LINE+13]]:5: note: in the SYCL kernel launched here
  return v;
}

// Not reached by any kernel: no error.
int host_only(int v) {
  try { return checked(v); } catch (int) { return 0; }
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
    h.single_task([=] {
      out[0] = checked(out[0]);
      try {
        out[0] += 1;
      } catch (...) {
      // CHECK: exceptions.cpp:[[@LINE-3]]:7: error: SYCL kernel cannot use exceptions: 'try' block
      // CHECK-NEXT: exceptions.cpp:[[@LINE-6]]:5: note: in the SYCL kernel launched here
        out[0] = 0;
      }
    });
  });
  return host_only(out[0]);
}
