// Kernels capturing SYCL images (SYCL 2020 unsampled and sampled images and their accessors)
// or samplers are refused at their launch, naming the captured class, with no object written:
// stock clang-22 cannot type OpenCL image and sampler kernel arguments in SYCL mode (see
// docs/device-library.md). Before the refusal the program would not reach the device intact.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  float pixels[4 * 4 * 4] = {};
  sycl::unsampled_image<2> plain(pixels, sycl::image_format::r32g32b32a32_sfloat,
                                 sycl::range<2>{4, 4});
  sycl::sampled_image<2> sampled(
      pixels, sycl::image_format::r32g32b32a32_sfloat,
      sycl::image_sampler{sycl::addressing_mode::clamp,
                          sycl::coordinate_normalization_mode::unnormalized,
                          sycl::filtering_mode::nearest},
      sycl::range<2>{4, 4});
  float *out = sycl::malloc_shared<float>(4, q);
  q.submit([&](sycl::handler &h) {
    auto in = plain.get_access<sycl::float4, sycl::access_mode::read>(h);
    h.single_task<class ReadPlain>([=] { out[0] = in.read(sycl::int2{1, 1}).x(); });
    // CHECK: refuse-images-samplers.cpp:[[@LINE-1]]:5: error: this kernel captures 'sycl::unsampled_image_accessor<{{.*}}>', which sycl-clang++ cannot pass to the device (samplers, images and work-group memory are not supported yet)
  });
  q.submit([&](sycl::handler &h) {
    auto in = sampled.get_access<sycl::float4>(h);
    h.single_task<class ReadSampled>([=] { out[1] = in.read(sycl::float2{1, 1}).y(); });
    // CHECK: refuse-images-samplers.cpp:[[@LINE-1]]:5: error: this kernel captures 'sycl::sampled_image_accessor<{{.*}}>', which sycl-clang++ cannot pass
  });
  sycl::sampler smp(sycl::coordinate_normalization_mode::unnormalized,
                    sycl::addressing_mode::clamp, sycl::filtering_mode::nearest);
  q.submit([&](sycl::handler &h) {
    h.single_task<class TakeSampler>([=] { out[2] = smp.get_filtering_mode() == sycl::filtering_mode::nearest; });
    // CHECK: refuse-images-samplers.cpp:[[@LINE-1]]:5: error: this kernel captures 'sycl::sampler', which sycl-clang++ cannot pass
  });
  return 0;
}
