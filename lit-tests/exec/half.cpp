// sycl::half spec constants (16-bit float), default and set.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<sycl::half> gain{sycl::half(1.5f)};
class HalfKernel;

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(1, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1)
         h.set_specialization_constant<gain>(sycl::half(-0.25f));
       h.single_task<HalfKernel>([=](sycl::kernel_handler kh) {
         *out = static_cast<float>(kh.get_specialization_constant<gain>()) * 4.0f;
       });
     }).wait();
    std::printf("round %d: %g\n", round, *out);
  }
  sycl::free(out, q);
}
// CHECK: round 0: 6
// CHECK: round 1: -1
