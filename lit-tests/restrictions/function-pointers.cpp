// Kernel restriction (SYCL 2020 §5.4; DPC++ without -fsycl-allow-func-ptr): no calls through
// function pointers in device code, since SPIR-V without extensions has no indirect call. The
// error is at the call and names the pointer (a variable, a parameter, a reference, a member
// function pointer, an element of a table). Before the check, the build failed after the device
// compile with "LLVM: An indirect call is encountered but SPIR-V without extensions does not
// support it", naming no source line. Calls that name their function stay accepted: through
// '&f', of a lambda, of a functor.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

int twice(int x) { return 2 * x; }
int thrice(int x) { return 3 * x; }
struct Scaler {
  int k = 5;
  int scale(int x) const { return k * x; }
  int operator()(int x) const { return x + k; }
};

int apply(int (*op)(int), int x) {
  return op(x);
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  int (*host_side)(int) = twice;
  int host_value = host_side(1);
  int (*const table[2])(int) = {twice, thrice};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<class Pointers>(sycl::range<1>{2}, [=](sycl::id<1> i) {
      int (*chosen)(int) = i[0] ? twice : thrice;
      int (&by_reference)(int) = thrice;
      int (Scaler::*member)(int) const = &Scaler::scale;
      Scaler s;
      auto lambda = [](int x) { return x - 1; };
      out[0] = chosen(1) + apply(twice, 2) + by_reference(3) + (s.*member)(4) + table[1](5);
      // CHECK: function-pointers.cpp:[[@LINE-1]]:16: error: SYCL kernel cannot call through a function pointer: 'chosen'
      // CHECK-NEXT: function-pointers.cpp:[[@LINE-8]]:5: note: in SYCL kernel 'Pointers' launched here
      // CHECK: function-pointers.cpp:[[@LINE-19]]:10: error: SYCL kernel cannot call through a function pointer: 'op'
      // CHECK-NEXT: function-pointers.cpp:[[@LINE-4]]:28: note: called by 'operator()'
      // CHECK-NEXT: function-pointers.cpp:[[@LINE-11]]:5: note: in SYCL kernel 'Pointers' launched here
      // CHECK: function-pointers.cpp:[[@LINE-6]]:46: error: SYCL kernel cannot call through a function pointer: 'by_reference'
      // CHECK-NEXT: function-pointers.cpp:[[@LINE-13]]:5: note: in SYCL kernel 'Pointers' launched here
      // CHECK: function-pointers.cpp:[[@LINE-8]]:64: error: SYCL kernel cannot call through a function pointer: 'member'
      // CHECK-NEXT: function-pointers.cpp:[[@LINE-15]]:5: note: in SYCL kernel 'Pointers' launched here
      // CHECK: function-pointers.cpp:[[@LINE-10]]:81: error: SYCL kernel cannot call through a function pointer: indirect call
      // CHECK-NEXT: function-pointers.cpp:[[@LINE-17]]:5: note: in SYCL kernel 'Pointers' launched here
      out[1] = (&twice)(host_value) + lambda(2) + s(3) + sycl::plus<int>()(1, 2);
    });
  });
  return 0;
}

