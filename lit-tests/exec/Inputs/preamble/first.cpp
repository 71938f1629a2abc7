// first.cpp: its licence comment differs from second.cpp's; the preamble's directives do not.
#include "project.h"
#include <cstdio>

class FirstKernel;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<scale>(5);
     h.single_task<FirstKernel>([=](sycl::kernel_handler kh) {
       *out = PROJECT_BASE + LOCAL_VALUE * kh.get_specialization_constant<scale>();
     });
   }).wait();
  int first = *out;
  int rest = header_kernel(q, 4) + second_value(q);
  Offsets offsets;
  std::printf("first %d header+second %d offsets %d at %s:%d\n", first, rest, offsets.base,
              __FILE_NAME__, __LINE__);
  sycl::free(out, q);
}
