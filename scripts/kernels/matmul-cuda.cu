// matmul-sycl.cpp's tiled matrix multiply written in CUDA C++, for the GPU benchmark
// (scripts/bench-kernels-gpu): the same tiles in shared memory, the same 64-bit indexing and
// the same rows-on-y layout. Built by the GPU machine's nvcc; times each kernel with CUDA
// events and prints the median: `matmul-cuda N TILE RUNS`.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t e_ = (call);                                                             \
    if (e_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                 \
                   cudaGetErrorString(e_));                                              \
      std::exit(2);                                                                      \
    }                                                                                    \
  } while (0)

__global__ void matmul(const float *a, const float *b, float *c, unsigned long long size, float alpha) {
  extern __shared__ float tiles[];
  const size_t bs = blockDim.x;
  float *tile_a = tiles, *tile_b = tiles + bs * bs;
  const size_t row = size_t(blockIdx.y) * blockDim.y + threadIdx.y;
  const size_t col = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const size_t lr = threadIdx.y, lc = threadIdx.x;
  float sum = 0.0f;
  for (size_t t = 0; t < size; t += bs) {
    tile_a[lr * bs + lc] = a[row * size + t + lc];
    tile_b[lr * bs + lc] = b[(t + lr) * size + col];
    __syncthreads();
    for (size_t i = 0; i < bs; ++i)
      sum += tile_a[lr * bs + i] * tile_b[i * bs + lc];
    __syncthreads();
  }
  c[row * size + col] = alpha * sum;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: matmul-cuda N TILE RUNS\n");
    return 2;
  }
  const size_t n = std::strtoul(argv[1], nullptr, 10), tile = std::strtoul(argv[2], nullptr, 10);
  const int runs = std::atoi(argv[3]);
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      a[i * n + j] = static_cast<float>((i + j) % 5);
      b[i * n + j] = static_cast<float>((i * j) % 3);
    }
  float *da, *db, *dc;
  const size_t bytes = n * n * sizeof(float);
  CHECK(cudaMalloc(&da, bytes));
  CHECK(cudaMalloc(&db, bytes));
  CHECK(cudaMalloc(&dc, bytes));
  CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));
  const float alpha = 0.5f;
  std::vector<double> times;
  dim3 block(tile, tile), grid(n / tile, n / tile);
  for (int r = 0; r < runs; ++r) {
    CHECK(cudaEventRecord(start));
    matmul<<<grid, block, 2 * tile * tile * sizeof(float)>>>(da, db, dc, n, alpha);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(end));
    CHECK(cudaEventSynchronize(end));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, end));
    times.push_back(ms);
  }
  CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
  size_t wrong = 0;
  for (size_t i = 0; i < n && n <= 1024; ++i)
    for (size_t j = 0; j < n; ++j) {
      float s = 0;
      for (size_t k = 0; k < n; ++k)
        s += a[i * n + k] * b[k * n + j];
      s *= alpha;
      if (std::fabs(c[i * n + j] - s) > 1e-3f * std::max(1.0f, s))
        ++wrong;
    }
  std::sort(times.begin(), times.end());
  std::printf("cuda: median kernel %.3f ms over %d runs, %zu wrong\n", times[times.size() / 2], runs,
              wrong);
  return wrong != 0;
}
