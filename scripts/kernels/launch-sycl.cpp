// Kernel launch overhead through Intel's SYCL runtime and our CUDA adapter: an empty kernel,
// submitted and waited for, timed on the host; prints the median over the launches after a
// warm-up (scripts/bench-kernels-gpu): `launch-sycl LAUNCHES`.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const int launches = argc > 1 ? std::atoi(argv[1]) : 1000;
  sycl::queue q{sycl::property::queue::in_order{}};
  for (int i = 0; i < 10; ++i)
    q.single_task<class Warm>([] {}).wait();
  std::vector<double> us;
  for (int i = 0; i < launches; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    q.single_task<class Empty>([] {}).wait();
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(us.begin(), us.end());
  std::printf("sycl: median launch %.2f us over %d launches, 0 wrong\n", us[us.size() / 2], launches);
}
