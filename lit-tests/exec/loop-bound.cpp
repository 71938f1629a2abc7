// A spec constant as a loop bound and a branch condition inside an nd_range kernel: each
// work-item sums 1..bound, and a boolean spec constant chooses the sign.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<unsigned> bound{10};
constexpr sycl::specialization_id<bool> negate{false};
class Sums;

int main() {
  sycl::queue q;
  long *out = sycl::malloc_shared<long>(8, q);
  const unsigned bounds[] = {10, 1000, 0};
  for (int round = 0; round < 3; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round > 0) {
         h.set_specialization_constant<bound>(bounds[round]);
         h.set_specialization_constant<negate>(round == 1);
       }
       h.parallel_for<Sums>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
         long sum = 0;
         for (unsigned k = 1; k <= kh.get_specialization_constant<bound>(); ++k)
           sum += k;
         out[it.get_global_id(0)] = (kh.get_specialization_constant<negate>() ? -sum : sum) + static_cast<long>(it.get_global_id(0));
       });
     }).wait();
    std::printf("round %d: %ld %ld\n", round, out[0], out[7]);
  }
  sycl::free(out, q);
}
// CHECK: round 0: 55 62
// CHECK: round 1: -500500 -500493
// CHECK: round 2: 0 7
