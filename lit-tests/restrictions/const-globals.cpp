// Kernel restriction (DPC++'s wording): a const variable of arithmetic or enumeration type with
// static storage whose initializer runs code is refused where a kernel uses it. The device
// image has its own copy, and no dynamic initializer runs on the device: before the check such
// kernels built and read 0 where the host had 42 (silently; optimisation sometimes folded the
// initializer). Constant initialisation stays accepted: constexpr, constant expressions,
// enumerators, static members initialised in the class; arrays and classes are not judged
// (libclang does not evaluate their initializers), whatever their initializer.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>
#include <array>
#include <cstdlib>

int from_environment() { return std::getenv("HOME") ? 42 : 7; }

const int dynamic_count = from_environment();
enum class Mode { fast, exact };
static const Mode dynamic_mode = from_environment() > 10 ? Mode::exact : Mode::fast;
const float dynamic_table[2] = {1.5f, float(from_environment())};
struct Counted {
  int n;
  Counted() : n(from_environment()) {}
};
namespace config {
const Counted counted;
}

struct Pair {
  int a, b;
};
struct Literal {
  int v;
  constexpr Literal(int x) : v(x * 2) {}
};
struct Limits {
  static const int most = 9;
};
constexpr std::array<int, 3> primes{2, 3, 5};
const int product = 6 * 7;
const Pair pair{1, 2};
const Literal literal{4};
const int zeros[4] = {};
const double ratio = 1.0 / 3.0;
const Mode constant_mode = Mode::exact;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Globals>([=] {
      out[0] = dynamic_count + (dynamic_mode == Mode::exact);
      // CHECK: const-globals.cpp:[[@LINE-1]]:16: error: SYCL kernel cannot use a const static or global variable that is neither zero-initialized nor constant-initialized: 'dynamic_count'
      // CHECK-NEXT: const-globals.cpp:[[@LINE-3]]:5: note: in SYCL kernel 'Globals' launched here
      // CHECK: const-globals.cpp:[[@LINE-3]]:33: error: SYCL kernel cannot use a const static or global variable that is neither zero-initialized nor constant-initialized: 'dynamic_mode'
      // CHECK-NEXT: const-globals.cpp:[[@LINE-5]]:5: note: in SYCL kernel 'Globals' launched here
      out[0] += int(dynamic_table[1]) + config::counted.n + int(ratio * 3) + (constant_mode == Mode::fast);
      out[1] = primes[2] + product + pair.b + literal.v + Limits::most + zeros[3];
    });
  });
  return 0;
}
