#include "shared-spec.h"
class SecondReader;
int read_in_second_tu(sycl::queue &q, bool set) {
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set)
       h.set_specialization_constant<shared_scale>(-3);
     h.single_task<SecondReader>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<shared_scale>(); });
   }).wait();
  int v = *out;
  sycl::free(out, q);
  return v;
}
