// Kernel restriction (SYCL 2020 §5.4): no virtual functions in device code. A call of a
// virtual function is a compile-time error at the call, naming the function, however it is
// dispatched (through a reference, on an object, qualified), as DPC++ reports it ("SYCL kernel
// cannot call a virtual function"). Before the check this built.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

namespace shapes {
struct Shape {
  virtual int area() const { return 0; }
};
struct Square : Shape {
  int side = 3;
  int area() const override { return side * side; }
};
} // namespace shapes

int measure(const shapes::Shape &s) {
  return s.area() + s.shapes::Shape::area();
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for<class Measure>(sycl::range<1>{1}, [=](sycl::id<1>) {
      shapes::Square sq;
      out[0] = sq.area() + measure(sq);
      // CHECK: virtual-calls.cpp:[[@LINE-1]]:16: error: SYCL kernel cannot call a virtual function: 'shapes::Square::area'
      // CHECK-NEXT: virtual-calls.cpp:[[@LINE-4]]:5: note: in SYCL kernel 'Measure' launched here
      // CHECK: virtual-calls.cpp:[[@LINE-12]]:10: error: SYCL kernel cannot call a virtual function: 'shapes::Shape::area'
      // CHECK-NEXT: virtual-calls.cpp:[[@LINE-4]]:28: note: called by 'operator()'
      // CHECK-NEXT: virtual-calls.cpp:[[@LINE-7]]:5: note: in SYCL kernel 'Measure' launched here
      // CHECK: virtual-calls.cpp:[[@LINE-15]]:21: error: SYCL kernel cannot call a virtual function: 'shapes::Shape::area'
      // CHECK-NEXT: virtual-calls.cpp:[[@LINE-7]]:28: note: called by 'operator()'
      // CHECK-NEXT: virtual-calls.cpp:[[@LINE-10]]:5: note: in SYCL kernel 'Measure' launched here
    });
  });
  return 0;
}
