// Math built-ins in a kernel (float, double, float4/float2 vectors, native::) lower to OpenCL.std
// instructions and compute what the host computes.
// REQUIRES: sycl-runtime, spirv-tools
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -save-temps %s -o math
// RUN: ./math | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o math-emu
// RUN: ./math-emu | FileCheck %s
// RUN: spirv-dis math.sycl/device.spv | FileCheck --check-prefix=SPIRV %s
// CHECK: 4 1.69315 1 7 1024 5 2 4 6 8 3 5 1 12 1 0.5
// CHECK-NEXT: 1.41421356237 0.46211715726 0.785398163397 5
// CHECK-NEXT: host: 1.41421356237 0.46211715726 0.785398163397
// SPIRV: OpExtInstImport "OpenCL.std"
// SPIRV-DAG: OpExtInst %float %{{[0-9]+}} sqrt
// SPIRV-DAG: OpExtInst %v4float %{{[0-9]+}} sqrt
// SPIRV-DAG: OpExtInst %double %{{[0-9]+}} tanh
// SPIRV-DAG: OpExtInst %float %{{[0-9]+}} fma
// SPIRV-NOT: OpFunctionCall %{{.*}}__spirv_ocl
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cmath>
constexpr sycl::specialization_id<float> scale{2.0f};
class MathKernel;
int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(16, q);
  double *dout = sycl::malloc_shared<double>(4, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<MathKernel>([=](sycl::kernel_handler kh) {
      float s = kh.get_specialization_constant<scale>();
      out[0] = sycl::sqrt(s * 8.0f);
      out[1] = sycl::exp(0.0f) + sycl::log(s);
      out[2] = sycl::sin(0.0f) + sycl::cos(0.0f);
      out[3] = sycl::fma(s, 3.0f, 1.0f);
      out[4] = sycl::pow(s, 10.0f);
      out[5] = sycl::fabs(-s) + sycl::floor(2.7f) + sycl::ceil(0.2f);
      sycl::float4 v{1.0f, 4.0f, 9.0f, 16.0f};
      sycl::float4 r = sycl::sqrt(v) * s;
      out[6] = r[0]; out[7] = r[1]; out[8] = r[2]; out[9] = r[3];
      sycl::float2 m = sycl::fmax(sycl::float2{1.0f, 5.0f}, sycl::float2{3.0f, 2.0f});
      out[10] = m[0]; out[11] = m[1];
      out[12] = sycl::native::exp(0.0f);
      out[13] = sycl::ldexp(1.5f, 3);
      out[14] = sycl::isnan(sycl::nan(0u)) ? 1.0f : 0.0f;
      out[15] = sycl::rsqrt(4.0f);
      dout[0] = sycl::sqrt(2.0); dout[1] = sycl::tanh(0.5); dout[2] = sycl::atan2(1.0, 1.0); dout[3] = sycl::hypot(3.0, 4.0);
    });
  }).wait();
  for (int i = 0; i < 16; ++i) std::printf("%g ", out[i]);
  std::printf("\n%.12g %.12g %.12g %.12g\n", dout[0], dout[1], dout[2], dout[3]);
  std::printf("host: %.12g %.12g %.12g\n", std::sqrt(2.0), std::tanh(0.5), std::atan2(1.0, 1.0));
}
