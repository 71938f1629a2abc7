// A spec constant's value does not let the CPU device's JIT assume more than the compile flags
// allow (issue 35). -funsafe-math-optimizations and -ffp-model=fast allow reassociation but
// honour NaNs and infinities: inf * 0 and NaN * 0 stay NaN once the runtime has set the
// value 0 (the JIT, reading FPFastMathMode Fast, folded them to 0). -ffast-math allows both
// folds, and without fast math the device computes what the host does.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 %s -o strict
// RUN: ./strict | FileCheck --check-prefix=HONOURED %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -funsafe-math-optimizations %s -o unsafe
// RUN: ./unsafe | FileCheck --check-prefix=HONOURED %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -ffp-model=fast %s -o model-fast
// RUN: ./model-fast | FileCheck --check-prefix=HONOURED %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -ffast-math %s -o fast
// RUN: ./fast | FileCheck --check-prefix=FAST %s
// HONOURED: inf * 0: nan, nan * 0: nan, 2 * 0: 0
// FAST: inf * 0: {{.*}}, nan * 0: {{.*}}, 2 * 0: 0
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <limits>

constexpr sycl::specialization_id<float> scale_id{1.0f};
class Scale;

// The host's own reading of a float, independent of how printf spells NaN's sign.
static const char *spell(float v, char *buffer) {
  if (v != v)
    return "nan";
  std::snprintf(buffer, 32, "%g", v);
  return buffer;
}

int main() {
  sycl::queue q{sycl::cpu_selector_v};
  float *p = sycl::malloc_shared<float>(6, q);
  p[0] = std::numeric_limits<float>::infinity();
  p[1] = std::numeric_limits<float>::quiet_NaN();
  p[2] = 2.0f;
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<scale_id>(0.0f);
     h.single_task<Scale>([=](sycl::kernel_handler kh) {
       const float scale = kh.get_specialization_constant<scale_id>();
       for (int i = 0; i < 3; ++i)
         p[3 + i] = p[i] * scale;
     });
   }).wait();
  char a[32], b[32], c[32];
  std::printf("inf * 0: %s, nan * 0: %s, 2 * 0: %s\n", spell(p[3], a), spell(p[4], b), spell(p[5], c));
  sycl::free(p, q);
  return 0;
}
