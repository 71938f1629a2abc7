// Kernel restriction (SYCL 2020 §5.4, DPC++'s rule): device code cannot use non-const
// variables of static storage duration (namespace scope, static members, static locals); the
// device has its own copy, so writes would be lost and reads would see the initial value, not
// the host's. Each use is a compile-time error naming the variable, in DPC++'s words; const
// and constexpr variables, sycl::ext::oneapi::experimental::device_global and a global read by a
// lambda capture initialiser (on the host) are accepted.
// Before the check this built, and the kernel read and wrote its own copy of the globals.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

int counter;
const int base = 10;
constexpr int scale = 3;
namespace cfg {
int threshold = 5;
}
struct Tally {
  static int hits;
  static constexpr int cap = 9;
};
int Tally::hits = 0;
namespace syclex = sycl::ext::oneapi::experimental;
syclex::device_global<int> device_state;

void bump() {
  static int local_calls;
  ++local_calls;
  static const int step = 2;
  device_state = device_state + step;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Globals>([=, start = counter] {
      counter = out[0];
      // CHECK: global-variables.cpp:[[@LINE-1]]:7: error: SYCL kernel cannot use a non-const global variable: 'counter'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-3]]:5: note: in SYCL kernel 'Globals' launched here
      out[1] = cfg::threshold + base * scale;
      // CHECK: global-variables.cpp:[[@LINE-1]]:21: error: SYCL kernel cannot use a non-const global variable: 'cfg::threshold'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-6]]:5: note: in SYCL kernel 'Globals' launched here
      Tally::hits += Tally::cap; out[3] = start;
      // CHECK: global-variables.cpp:[[@LINE-1]]:14: error: SYCL kernel cannot use a non-const static data variable: 'Tally::hits'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-9]]:5: note: in SYCL kernel 'Globals' launched here
      bump();
      // CHECK: global-variables.cpp:[[@LINE-21]]:14: error: SYCL kernel cannot use a non-const static data variable: 'local_calls'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-2]]:7: note: called by 'operator()'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-13]]:5: note: in SYCL kernel 'Globals' launched here
      // CHECK: global-variables.cpp:[[@LINE-23]]:5: error: SYCL kernel cannot use a non-const static data variable: 'local_calls'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-5]]:7: note: called by 'operator()'
      // CHECK-NEXT: global-variables.cpp:[[@LINE-16]]:5: note: in SYCL kernel 'Globals' launched here
    });
  });
  return 0;
}

// Arrays are const by their elements: a non-const table is refused, a const one accepted.
int table[4];
const int steps[2] = {1, 2};
void more(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) {
    h.single_task<class Table>([=] { out[0] = table[1] + steps[1]; });
    // CHECK: global-variables.cpp:[[@LINE-1]]:47: error: SYCL kernel cannot use a non-const global variable: 'table'
    // CHECK-NEXT: global-variables.cpp:[[@LINE-2]]:5: note: in SYCL kernel 'Table' launched here
  });
}
