// Kernel restriction (SYCL 2020 §5.4): no dynamic allocation in device code. A 'new' or
// 'delete' expression a kernel reaches, directly or through a function, is a compile-time
// error at the expression (DPC++: "SYCL kernel cannot allocate storage"), with notes for the
// call and the kernel's launch; placement new allocates nothing and is accepted. Before the
// check, -O2 elided the allocation and the program built and ran (DPC++ refuses it).
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>
#include <new>

int *make(int v) {
  return new int(v);
  // CHECK: new-delete.cpp:[[@LINE-1]]:10: error: SYCL kernel cannot allocate storage: 'new' expression
  // CHECK-NEXT: new-delete.cpp:[[@LINE+11]]:16: note: called by 'operator()'
  // CHECK-NEXT: new-delete.cpp:[[@LINE+7]]:5: note: in SYCL kernel 'Alloc' launched here
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Alloc>([=] {
      alignas(int) unsigned char slot[sizeof(int)];
      int *placed = new (slot) int(4);
      int *p = make(3);
      out[0] = *p + *placed;
      delete p;
      // CHECK: new-delete.cpp:[[@LINE-1]]:7: error: SYCL kernel cannot free storage: 'delete' expression
      // CHECK-NEXT: new-delete.cpp:[[@LINE-7]]:5: note: in SYCL kernel 'Alloc' launched here
    });
  });
  return 0;
}

// A kernel launched from a function template is checked in each instantiation.
template <typename T> void launch(sycl::queue &q, T *out) {
  q.submit([&](sycl::handler &h) {
    h.single_task<class FromTemplate>([=] { *out = *new T(); });
    // CHECK: new-delete.cpp:[[@LINE-1]]:53: error: SYCL kernel cannot allocate storage: 'new' expression
    // CHECK-NEXT: new-delete.cpp:[[@LINE-2]]:5: note: in SYCL kernel 'FromTemplate' launched here
  });
}
void launch_ints(sycl::queue &q, int *out) { launch(q, out); }
