#include <sycl/sycl.hpp>
class SharedName;
int second_kernel(sycl::queue &q, int *p) {
  q.single_task<SharedName>([=] { *p = 2; }).wait();
  return *p;
}
