// -O0 and -g builds: the device code keeps its unoptimised getter call patterns (allocas,
// stores, loads) and the spec constants still come out right.
// REQUIRES: sycl-runtime
// Native only: emulation takes composites of at most 8 bytes (driver/emulated-large-composite.cpp).
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 -g %s -o %t.g
// RUN: %t.g | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

struct Pair {
  int first;
  double second;
};
constexpr sycl::specialization_id<int> count{3};
constexpr sycl::specialization_id<Pair> pair{Pair{4, 0.5}};
class Unoptimized;

static int helper(sycl::kernel_handler &kh) { return kh.get_specialization_constant<count>() * 2; }

int main() {
  sycl::queue q;
  double *out = sycl::malloc_shared<double>(2, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1) {
         h.set_specialization_constant<count>(10);
         h.set_specialization_constant<pair>(Pair{-7, 2.5});
       }
       h.single_task<Unoptimized>([=](sycl::kernel_handler kh) {
         Pair p = kh.get_specialization_constant<pair>();
         out[0] = helper(kh);
         out[1] = p.first * p.second;
       });
     }).wait();
    std::printf("round %d: %g %g\n", round, out[0], out[1]);
  }
  sycl::free(out, q);
}
// CHECK: round 0: 6 2
// CHECK: round 1: 20 -17.5
