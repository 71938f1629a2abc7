// Kernel restriction (DPC++'s "SYCL kernel cannot use inline assembly"): an asm statement in
// code a kernel reaches is a compile-time error at the statement, with the calls that reach it.
// Before the check, the build failed in SPIR-V emission ("Inline assembly instructions require
// the following SPIR-V extension: SPV_INTEL_inline_assembly"), naming no source line. Inline
// assembly in host-only code stays accepted.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

int pinned(int v) {
  asm volatile("" : "+r"(v));
  // CHECK: inline-asm.cpp:[[@LINE-1]]:3: error: SYCL kernel cannot use inline assembly: 'asm' statement
  // CHECK-NEXT: inline-asm.cpp:[[@LINE+15]]:16: note: called by 'operator()'
  // CHECK-NEXT: inline-asm.cpp:[[@LINE+13]]:5: note: in SYCL kernel 'Assembly' launched here
  return v;
}

int host_only(int v) {
  __asm__ volatile("" : "+r"(v));
  return v;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Assembly>([=] {
      out[0] = pinned(1);
      int w = 2;
      __asm__("" : "+r"(w));
      // CHECK: inline-asm.cpp:[[@LINE-1]]:7: error: SYCL kernel cannot use inline assembly: 'asm' statement
      // CHECK-NEXT: inline-asm.cpp:[[@LINE-5]]:5: note: in SYCL kernel 'Assembly' launched here
      out[1] = w;
    });
  });
  return host_only(0);
}
