// Kernel restrictions in a functor class template launched as a kernel: libclang shows no
// members of the implicit instantiation, so the template's own operator() is checked (and what
// it calls). Before, these built: `new` ran through the host's allocator by accident, and the
// global was read from the device's copy (0, whatever the host had set). An `if constexpr`
// branch may be discarded for the kernel's instantiation, so neither branch is checked there,
// and calls that depend on the template argument are left to the instantiation.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>
#include <type_traits>

int counter = 0;
int twice(int x) { return 2 * x; }

template <typename T> struct Allocating {
  T *out;
  void operator()() const {
    T *p = new T(3);
    // CHECK: functor-templates.cpp:[[@LINE-1]]:12: error: SYCL kernel cannot allocate storage: 'new' expression
    // CHECK-NEXT: functor-templates.cpp:[[#LAUNCH:]]:{{[0-9]+}}: note: in SYCL kernel 'Allocating<int>' launched here
    int (*f)(int) = twice;
    out[0] = *p + f(2) + counter;
    // CHECK: functor-templates.cpp:[[@LINE-1]]:19: error: SYCL kernel cannot call through a function pointer: 'f'
    // CHECK-NEXT: functor-templates.cpp:[[#LAUNCH]]:{{[0-9]+}}: note: in SYCL kernel 'Allocating<int>' launched here
    // CHECK: functor-templates.cpp:[[@LINE-3]]:26: error: SYCL kernel cannot use a non-const global variable: 'counter'
    // CHECK-NEXT: functor-templates.cpp:[[#LAUNCH]]:{{[0-9]+}}: note: in SYCL kernel 'Allocating<int>' launched here
  }
};

struct Host {};

// Accepted: the throw is in a branch this kernel's instantiation discards; scale() depends on T.
template <typename T> struct Selective {
  T *out;
  void operator()() const {
    if constexpr (std::is_same_v<T, Host>) {
      throw 1;
    } else {
      out[0] = out[0] + out[0].scale();
    }
  }
};

struct Scaled {
  int v = 2;
  int scale() const { return v * 3; }
  Scaled operator+(int k) const { return Scaled{v + k}; }
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  Scaled *scaled = sycl::malloc_shared<Scaled>(1, q);
  q.submit([&](sycl::handler &h) { h.single_task(Allocating<int>{out}); });
  q.submit([&](sycl::handler &h) { h.single_task(Selective<Scaled>{scaled}); });
  return 0;
}
