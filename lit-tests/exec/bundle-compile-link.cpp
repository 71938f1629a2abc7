// sycl::compile then sycl::link instead of sycl::build: the input bundle's images compiled to
// object state, linked to an executable one, and its kernel run with a spec constant set on
// the input bundle and one at its default. On an NVIDIA GPU this is urProgramCompile and
// urProgramLink of our CUDA adapter (issue 31; scripts/gpu-check runs it there).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: object bundle: 1
// CHECK-NEXT: linked: 21 24 27 30
#include <sycl/sycl.hpp>

#include <cstdio>

constexpr sycl::specialization_id<int> scale{2};
constexpr sycl::specialization_id<int> bias{7};

int main() {
  sycl::queue q;
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context(),
                                                                  {sycl::get_kernel_id<class Affine>()});
  input.set_specialization_constant<scale>(3);
  auto object = sycl::compile(input);
  std::printf("object bundle: %d\n", object.has_kernel(sycl::get_kernel_id<class Affine>()) ? 1 : 0);
  auto exe = sycl::link(object);
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(exe);
     h.parallel_for<class Affine>(sycl::range<1>(4), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       out[i] = kh.get_specialization_constant<scale>() * (static_cast<int>(i[0]) + 7) +
                kh.get_specialization_constant<bias>() - 7;
     });
   }).wait();
  std::printf("linked: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  const bool ok = out[0] == 21 && out[1] == 24 && out[2] == 27 && out[3] == 30;
  sycl::free(out, q);
  return ok ? 0 : 1;
}
