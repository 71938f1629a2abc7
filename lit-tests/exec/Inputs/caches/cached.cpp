// A SYCL program whose device code differs from its host code (DEVICE_BIAS): built through
// compiler caches by compiler-caches.test. It prints its results and checks them against a
// host computation.
#include "cached.h"
#include <sycl/sycl.hpp>
#include <cstdio>

#ifdef __SYCL_DEVICE_ONLY__
#define DEVICE_BIAS 1000
#else
#define DEVICE_BIAS 0
#endif

constexpr sycl::specialization_id<int> scale{3};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<scale>(5);
     h.parallel_for<class Cached>(sycl::range<1>(4), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       out[i] = int(i) * kh.get_specialization_constant<scale>() + DEVICE_BIAS + OFFSET;
     });
   }).wait();
  int bad = 0;
  for (int i = 0; i < 4; ++i)
    bad += out[i] != i * 5 + 1000 + OFFSET;
  std::printf("%d %d %d %d: %s\n", out[0], out[1], out[2], out[3], bad ? "wrong" : "match");
  sycl::free(out, q);
  return bad != 0;
}
