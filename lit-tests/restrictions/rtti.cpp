// Kernel restriction (SYCL 2020 §5.4): no run-time type information in device code. 'typeid'
// and 'dynamic_cast' in code a kernel reaches are compile-time errors at the expression
// (DPC++: "SYCL kernel cannot use rtti"). Before the check the build failed at the device link
// naming strcmp or __dynamic_cast, without a location.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>
#include <typeinfo>

struct Base {
  virtual ~Base() = default;
};
struct Derived : Base {
  int value = 7;
};

struct Probe {
  int *out;
  void operator()() const {
    Derived d;
    Base *b = &d;
    out[0] = typeid(*b) == typeid(Derived);
    // CHECK: rtti.cpp:[[@LINE-1]]:14: error: SYCL kernel cannot use rtti: 'typeid'
    // CHECK-NEXT: rtti.cpp:[[@LINE+15]]:36: note: in SYCL kernel 'Probe' launched here
    // CHECK: rtti.cpp:[[@LINE-3]]:28: error: SYCL kernel cannot use rtti: 'typeid'
    // CHECK-NEXT: rtti.cpp:[[@LINE+13]]:36: note: in SYCL kernel 'Probe' launched here
    if (auto *p = dynamic_cast<Derived *>(b))
      out[1] = p->value;
      // CHECK: rtti.cpp:[[@LINE-2]]:19: error: SYCL kernel cannot use rtti: 'dynamic_cast'
      // CHECK-NEXT: rtti.cpp:[[@LINE+9]]:36: note: in SYCL kernel 'Probe' launched here
    // A conversion to a base needs no type information.
    out[2] = static_cast<Base *>(&d) != nullptr;
  }
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(3, q);
  q.submit([&](sycl::handler &h) { h.single_task(Probe{out}); });
  return 0;
}
