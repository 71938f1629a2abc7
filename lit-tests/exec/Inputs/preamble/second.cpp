// second.cpp
#include "project.h"
#include <map>

class SecondKernel;

int second_value(sycl::queue &q) {
  int *r = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.single_task<SecondKernel>([=](sycl::kernel_handler kh) {
       *r = kh.get_specialization_constant<scale>() * LOCAL_VALUE + Offsets{}.base;
     });
   }).wait();
  int value = *r;
  sycl::free(r, q);
  return value + old_offset();
}
