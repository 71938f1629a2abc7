// 64 spec ids in one kernel: every numeric ID reaches the right constant.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <utility>

template <int N> constexpr sycl::specialization_id<int> id{N};
class Many;

template <int... N> void run(sycl::queue &q, int *out, std::integer_sequence<int, N...>) {
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1)
         (h.set_specialization_constant<id<N>>(1000 + N * N), ...);
       h.single_task<Many>([=](sycl::kernel_handler kh) {
         ((out[N] = kh.get_specialization_constant<id<N>>()), ...);
       });
     }).wait();
    long sum = 0;
    bool ordered = true;
    for (int i = 0; i < 64; ++i) {
      sum += out[i];
      ordered = ordered && out[i] == (round == 0 ? i : 1000 + i * i);
    }
    std::printf("round %d: sum %ld, each in place: %s\n", round, sum, ordered ? "yes" : "no");
  }
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  run(q, out, std::make_integer_sequence<int, 64>{});
  sycl::free(out, q);
}
// CHECK: round 0: sum 2016, each in place: yes
// CHECK: round 1: sum 149344, each in place: yes
