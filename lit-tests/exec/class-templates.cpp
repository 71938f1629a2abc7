// Static spec-id members of class templates with type and value parameters, nested class
// templates, and explicit instantiations.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T, int N> struct Filter {
  static constexpr sycl::specialization_id<T> taps{T(N)};
  template <int M> struct Stage {
    static constexpr sycl::specialization_id<int> depth{N * 100 + M};
  };
};
template struct Filter<short, 2>;
class Templates;

int main() {
  sycl::queue q;
  double *out = sycl::malloc_shared<double>(4, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1) {
         h.set_specialization_constant<Filter<float, 3>::taps>(0.75f);
         h.set_specialization_constant<Filter<double, 4>::taps>(-2.5);
         h.set_specialization_constant<Filter<int, 1>::Stage<5>::depth>(555);
         h.set_specialization_constant<Filter<short, 2>::taps>(short(-9));
       }
       h.single_task<Templates>([=](sycl::kernel_handler kh) {
         out[0] = kh.get_specialization_constant<Filter<float, 3>::taps>();
         out[1] = kh.get_specialization_constant<Filter<double, 4>::taps>();
         out[2] = kh.get_specialization_constant<Filter<int, 1>::Stage<5>::depth>();
         out[3] = kh.get_specialization_constant<Filter<short, 2>::taps>();
       });
     }).wait();
    std::printf("round %d: %g %g %g %g\n", round, out[0], out[1], out[2], out[3]);
  }
  sycl::free(out, q);
}
// CHECK: round 0: 3 4 105 2
// CHECK: round 1: 0.75 -2.5 555 -9
