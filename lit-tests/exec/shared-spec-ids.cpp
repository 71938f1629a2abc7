// One spec id read by two kernels, several spec ids per kernel, values changing from submit to
// submit, and a submit that sets a value its kernel never reads.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<int> shared{1};
constexpr sycl::specialization_id<int> only_first{2};
constexpr sycl::specialization_id<float> only_second{0.5f};
class First;
class Second;

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(2, q);
  for (int v = 0; v < 3; ++v) {
    q.submit([&](sycl::handler &h) {
       h.set_specialization_constant<shared>(v * 10);
       h.set_specialization_constant<only_second>(99.f); // not read by First
       h.single_task<First>([=](sycl::kernel_handler kh) {
         out[0] = kh.get_specialization_constant<shared>() + kh.get_specialization_constant<only_first>();
       });
     }).wait();
    q.submit([&](sycl::handler &h) {
       if (v == 2)
         h.set_specialization_constant<shared>(-1);
       h.single_task<Second>([=](sycl::kernel_handler kh) {
         out[1] = kh.get_specialization_constant<shared>() * kh.get_specialization_constant<only_second>();
       });
     }).wait();
    std::printf("submit %d: %g %g\n", v, out[0], out[1]);
  }
  sycl::free(out, q);
}
// CHECK: submit 0: 2 0.5
// CHECK: submit 1: 12 0.5
// CHECK: submit 2: 22 -0.5
