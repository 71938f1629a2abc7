// The second TU of exec/shared-kernel-two-places.cpp: the same kernel, launched from
// another function at another line.
#include <sycl/sycl.hpp>

class shared_kernel;

[[gnu::noinline]] static int scale(int x) { return x * 3 + 2; }

int second_tu_launch(sycl::queue &q, int *data, int n) {
  q.submit([&](sycl::handler &h) {
    h.single_task<shared_kernel>([=] { data[0] = scale(data[0]) + n; });
  }).wait();
  return data[0];
}
