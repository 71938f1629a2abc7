#include "kernels.h"
#include "factor.h"
#include <sycl/sycl.hpp>

constexpr sycl::specialization_id<int> factor{default_factor};

int scaled_on_device(int *out, int n) {
  sycl::queue q;
  int *device = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<factor>(default_factor + 4);
     h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       device[i] = int(i) * kh.get_specialization_constant<factor>();
     });
   }).wait();
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    out[i] = device[i];
    wrong += device[i] != i * (default_factor + 4);
  }
  sycl::free(device, q);
  return wrong;
}
