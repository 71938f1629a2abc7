// Spec constants through kernel_bundle<input>: has_specialization_constant, values set on the
// bundle, sycl::build, use_kernel_bundle; the bundle reports the values it holds.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<int> width{16};
namespace {
constexpr sycl::specialization_id<float> ratio{2.5f};
}
constexpr sycl::specialization_id<int> unused_by_kernels{1};

class Scaled;

int main() {
  sycl::queue q;
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  std::printf("has: %d %d\n", input.has_specialization_constant<width>(),
              input.has_specialization_constant<ratio>());
  std::printf("unset: %d %g\n", input.get_specialization_constant<width>(),
              input.get_specialization_constant<ratio>());
  input.set_specialization_constant<width>(5);
  input.set_specialization_constant<ratio>(0.5f);
  std::printf("bundle holds: %d %g\n", input.get_specialization_constant<width>(),
              input.get_specialization_constant<ratio>());
  auto exe = sycl::build(input);
  float *out = sycl::malloc_shared<float>(1, q);
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(exe);
     h.single_task<Scaled>([=](sycl::kernel_handler kh) {
       *out = kh.get_specialization_constant<width>() * kh.get_specialization_constant<ratio>();
     });
   }).wait();
  std::printf("kernel: %g\n", *out);
  sycl::free(out, q);
}
// CHECK: has: 1 1
// CHECK: unset: 16 2.5
// CHECK: bundle holds: 5 0.5
// CHECK: kernel: 2.5
