// The tiled matrix multiply of matmul.cl as a SYCL program built by sycl-clang++: buffers,
// accessors, local accessors, the scale a kernel argument. Prints the median kernel execution
// time (event profiling) over the runs: `matmul-sycl N TILE RUNS`.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: matmul-sycl N TILE RUNS\n");
    return 2;
  }
  const size_t n = std::strtoul(argv[1], nullptr, 10), tile = std::strtoul(argv[2], nullptr, 10);
  const int runs = std::atoi(argv[3]);
  // Page-aligned host memory, as the OpenCL program's driver-allocated buffers are: Intel's
  // CPU runtime runs kernels on a buffer's host memory, and over std::vector storage (16 bytes
  // past a page) the 1024 case ran ~25% slower with identical kernel code.
  struct HostMatrix {
    float *p;
    explicit HostMatrix(size_t count)
        : p(static_cast<float *>(std::aligned_alloc(4096, (count * sizeof(float) + 4095) / 4096 * 4096))) {
      if (!p) throw std::bad_alloc();
      std::fill(p, p + count, 0.0f);
    }
    ~HostMatrix() { std::free(p); }
    HostMatrix(const HostMatrix &) = delete;
    HostMatrix &operator=(const HostMatrix &) = delete;
    float &operator[](size_t i) { return p[i]; }
    float *data() { return p; }
  };
  HostMatrix a(n * n), b(n * n), c(n * n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      a[i * n + j] = static_cast<float>((i + j) % 5);
      b[i * n + j] = static_cast<float>((i * j) % 3);
    }
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  std::vector<double> times;
  const float alpha = 0.5f;
  {
    sycl::buffer<float, 2> ba(a.data(), sycl::range<2>(n, n)), bb(b.data(), sycl::range<2>(n, n)),
        bc(c.data(), sycl::range<2>(n, n));
    for (int r = 0; r < runs; ++r) {
      sycl::event e = q.submit([&](sycl::handler &h) {
        sycl::accessor pa(ba, h, sycl::read_only), pb(bb, h, sycl::read_only);
        sycl::accessor pc(bc, h, sycl::write_only, sycl::no_init);
        sycl::local_accessor<float, 1> tile_a(sycl::range<1>(tile * tile), h),
            tile_b(sycl::range<1>(tile * tile), h);
        const unsigned long long size = n;
        h.parallel_for(sycl::nd_range<2>({n, n}, {tile, tile}), [=](sycl::nd_item<2> it) {
          const size_t row = it.get_global_id(0), col = it.get_global_id(1);
          const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
          const size_t bs = it.get_local_range(0);
          float sum = 0.0f;
          for (size_t t = 0; t < size; t += bs) {
            tile_a[lr * bs + lc] = pa[row][t + lc];
            tile_b[lr * bs + lc] = pb[t + lr][col];
            sycl::group_barrier(it.get_group());
            for (size_t i = 0; i < bs; ++i)
              sum += tile_a[lr * bs + i] * tile_b[i * bs + lc];
            sycl::group_barrier(it.get_group());
          }
          pc[row][col] = alpha * sum;
        });
      });
      e.wait();
      times.push_back(
          static_cast<double>(e.get_profiling_info<sycl::info::event_profiling::command_end>() -
                              e.get_profiling_info<sycl::info::event_profiling::command_start>()) *
          1e-6);
    }
  }
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
  std::printf("sycl: median kernel %.3f ms over %d runs, %zu wrong\n", times[times.size() / 2],
              runs, wrong);
  return wrong != 0;
}
