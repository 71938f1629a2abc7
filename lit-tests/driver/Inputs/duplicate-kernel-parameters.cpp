#include <sycl/sycl.hpp>
class SharedName;
int second_kernel(sycl::queue &q, int *p) { int n = 2;
  q.single_task<SharedName>([=] { *p = n; }).wait();
  return *p;
}
