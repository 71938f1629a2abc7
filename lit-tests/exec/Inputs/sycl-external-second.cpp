#include "sycl-external.h"
class SecondTuKernel;
int second_tu(sycl::queue &q, int x, bool set) {
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set)
       h.set_specialization_constant<external_bias>(-20);
     h.single_task<SecondTuKernel>([=](sycl::kernel_handler kh) {
       *out = biased(kh, triple_plus_one(x)) + scaled(kh.get_specialization_constant<external_bias>(), 2);
     });
   }).wait();
  int v = *out;
  sycl::free(out, q);
  return v;
}
