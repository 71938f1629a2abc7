// Kernel restriction (SYCL 2020 §5.4): no C variadic functions in device code. A call of a
// function with a '...' parameter is a compile-time error at the call, naming it (DPC++:
// "SYCL kernel cannot call a variadic function"); variadic templates are ordinary functions.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>
#include <cstdarg>

int sum(int count, ...) {
  va_list args;
  va_start(args, count);
  int total = 0;
  for (int i = 0; i < count; ++i)
    total += va_arg(args, int);
  va_end(args);
  return total;
}

template <typename... Ts> int sum_all(Ts... values) { return (0 + ... + values); }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Sum>([=] {
      out[0] = sum(3, 1, 2, 3);
      // CHECK: variadic.cpp:[[@LINE-1]]:16: error: SYCL kernel cannot call a variadic function: 'sum'
      // CHECK-NEXT: variadic.cpp:[[@LINE-3]]:5: note: in SYCL kernel 'Sum' launched here
      out[1] = sum_all(1, 2, 3);
    });
  });
  return 0;
}
