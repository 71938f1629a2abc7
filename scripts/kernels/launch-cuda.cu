// launch-sycl.cpp's empty kernel launched with the CUDA runtime and waited for, timed on the
// host: `launch-cuda LAUNCHES` prints the median after a warm-up.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void empty() {}

int main(int argc, char **argv) {
  const int launches = argc > 1 ? std::atoi(argv[1]) : 1000;
  cudaStream_t stream;
  if (cudaStreamCreate(&stream) != cudaSuccess)
    return 2;
  for (int i = 0; i < 10; ++i) {
    empty<<<1, 1, 0, stream>>>();
    cudaStreamSynchronize(stream);
  }
  std::vector<double> us;
  for (int i = 0; i < launches; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    empty<<<1, 1, 0, stream>>>();
    if (cudaStreamSynchronize(stream) != cudaSuccess)
      return 2;
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(us.begin(), us.end());
  std::printf("cuda: median launch %.2f us over %d launches, 0 wrong\n", us[us.size() / 2], launches);
}
