// Spec ids wherever C++ puts variables: nested and anonymous namespaces, static members of a
// class and of class templates, variable templates; read in one kernel with defaults and set.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

namespace outer::inner {
constexpr sycl::specialization_id<int> nested{1};
}
namespace {
constexpr sycl::specialization_id<int> hidden{2};
namespace deeper {
constexpr sycl::specialization_id<int> hidden{3};
}
} // namespace
struct Config {
  static constexpr sycl::specialization_id<int> member{4};
};
template <int N> struct Tuned {
  static constexpr sycl::specialization_id<int> factor{N * 10};
};
template <typename T> constexpr sycl::specialization_id<T> typed{T(6)};
template <int N> constexpr sycl::specialization_id<int> numbered{N};

class AllScopes;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(9, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1) {
         h.set_specialization_constant<outer::inner::nested>(101);
         h.set_specialization_constant<hidden>(102);
         h.set_specialization_constant<deeper::hidden>(103);
         h.set_specialization_constant<Config::member>(104);
         h.set_specialization_constant<Tuned<5>::factor>(105);
         h.set_specialization_constant<Tuned<7>::factor>(106);
         h.set_specialization_constant<typed<int>>(107);
         h.set_specialization_constant<typed<long>>(108);
         h.set_specialization_constant<numbered<9>>(109);
       }
       h.single_task<AllScopes>([=](sycl::kernel_handler kh) {
         out[0] = kh.get_specialization_constant<outer::inner::nested>();
         out[1] = kh.get_specialization_constant<hidden>();
         out[2] = kh.get_specialization_constant<deeper::hidden>();
         out[3] = kh.get_specialization_constant<Config::member>();
         out[4] = kh.get_specialization_constant<Tuned<5>::factor>();
         out[5] = kh.get_specialization_constant<Tuned<7>::factor>();
         out[6] = kh.get_specialization_constant<typed<int>>();
         out[7] = (int)kh.get_specialization_constant<typed<long>>();
         out[8] = kh.get_specialization_constant<numbered<9>>();
       });
     }).wait();
    std::printf("round %d:", round);
    for (int i = 0; i < 9; ++i)
      std::printf(" %d", out[i]);
    std::printf("\n");
  }
  sycl::free(out, q);
}
// CHECK: round 0: 1 2 3 4 50 70 6 6 9
// CHECK: round 1: 101 102 103 104 105 106 107 108 109
