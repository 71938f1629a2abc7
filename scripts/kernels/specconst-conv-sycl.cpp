// A 2D convolution in SYCL-Bench's spec-constant style, for scripts/bench-specconst --gpu: the
// filter's size (3, 5 or 7) and its coefficients are a specialization constant (a struct of an
// int and up to 7x7 floats), against the same kernel with the filter captured by value at run
// time and with a compile-time filter (a template). With the filter a constant the device
// compiler unrolls the taps and folds the coefficients; a natively specialised kernel should
// run like it.
//
//   specconst-conv-sycl VARIANT SIZE RUNS [FILTER...]   VARIANT: specconst | captured | constant
//
// SIZE x SIZE floats (SIZE a multiple of 32), edges clamped; FILTER sizes default to 3 5 7.
// Prints for each filter `filter F: median kernel X ms over RUNS runs, W wrong`: kernel times
// from profiling events (the first launch of each filter, which may compile, not counted), W
// the output pixels that differ from the host's convolution. The device is the CPU unless
// SPECCONST_BENCH_DEVICE=gpu.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

constexpr int kMaxFilter = 7;

// The spec constant's value: zero-initialised by default (size 0: a kernel that kept the
// default would write zeros, which the host check catches).
struct Filter {
  int size = 0;
  float coeff[kMaxFilter * kMaxFilter] = {};
};

constexpr sycl::specialization_id<Filter> filter_id;

// Weight of tap `i` of a separable triangle filter of `size` taps: 1 2 .. 2 1.
constexpr int triangle(int size, int i) { return 1 + (i < size - 1 - i ? i : size - 1 - i); }

constexpr float coefficient(int size, int dy, int dx) {
  int sum = 0;
  for (int i = 0; i < size; ++i)
    sum += triangle(size, i);
  return static_cast<float>(triangle(size, dy) * triangle(size, dx)) /
         static_cast<float>(sum * sum);
}

static Filter make_filter(int size) {
  Filter f;
  f.size = size;
  for (int dy = 0; dy < size; ++dy)
    for (int dx = 0; dx < size; ++dx)
      f.coeff[dy * kMaxFilter + dx] = coefficient(size, dy, dx);
  return f;
}

// The three sources of the filter, one interface: size() and at(dy, dx).
struct RuntimeFilter {
  const Filter &f;
  int size() const { return f.size; }
  float at(int dy, int dx) const { return f.coeff[dy * kMaxFilter + dx]; }
};

template <int Size> struct ConstantFilter {
  static constexpr int size() { return Size; }
  static constexpr float at(int dy, int dx) { return coefficient(Size, dy, dx); }
};

template <typename F>
static float convolve(const float *in, int width, int height, int x, int y, const F &filter) {
  const int size = filter.size();
  const int radius = size / 2;
  float sum = 0.0f;
#pragma unroll
  for (int dy = 0; dy < size; ++dy) {
    const int yy = std::min(std::max(y + dy - radius, 0), height - 1);
#pragma unroll
    for (int dx = 0; dx < size; ++dx) {
      const int xx = std::min(std::max(x + dx - radius, 0), width - 1);
      sum += filter.at(dy, dx) * in[static_cast<size_t>(yy) * width + xx];
    }
  }
  return sum;
}

template <int Size> class WithConstant;
class WithSpecConst;
class WithCapture;

static float input_value(int x, int y) { return static_cast<float>((x * 7 + y * 13) % 31) / 31.0f; }

template <int Size>
static sycl::event submit_constant(sycl::queue &q, const float *in, float *out, int side,
                                   sycl::nd_range<2> range) {
  return q.parallel_for<WithConstant<Size>>(range, [=](sycl::nd_item<2> it) {
    const int y = static_cast<int>(it.get_global_id(0)), x = static_cast<int>(it.get_global_id(1));
    out[static_cast<size_t>(y) * side + x] = convolve(in, side, side, x, y, ConstantFilter<Size>{});
  });
}

// Pixels of `out` that differ from the host's convolution of `in`; rows split over threads (a
// 4096x4096 image with a 7x7 filter is 800M multiply-adds).
static size_t wrong_pixels(const std::vector<float> &in, const std::vector<float> &out, int side,
                           const Filter &filter) {
  const int workers = static_cast<int>(std::max(1u, std::min(16u, std::thread::hardware_concurrency())));
  std::vector<size_t> wrong(workers, 0);
  std::vector<std::thread> threads;
  for (int w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      const RuntimeFilter reference{filter};
      for (int y = w; y < side; y += workers)
        for (int x = 0; x < side; ++x) {
          const float e = convolve(in.data(), side, side, x, y, reference);
          const float got = out[static_cast<size_t>(y) * side + x];
          if (!(std::abs(got - e) <= 1e-5f + 1e-4f * std::abs(e)))
            ++wrong[w];
        }
    });
  for (auto &t : threads)
    t.join();
  size_t total = 0;
  for (size_t n : wrong)
    total += n;
  return total;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: specconst-conv-sycl specconst|captured|constant SIZE RUNS [FILTER...]\n");
    return 2;
  }
  const char *variant = argv[1];
  const int side = std::atoi(argv[2]);
  const int runs = std::atoi(argv[3]);
  std::vector<int> sizes;
  for (int a = 4; a < argc; ++a)
    sizes.push_back(std::atoi(argv[a]));
  if (sizes.empty())
    sizes = {3, 5, 7};
  if (side <= 0 || side % 32 != 0 || runs < 1) {
    std::fprintf(stderr, "specconst-conv-sycl: SIZE a positive multiple of 32, RUNS positive\n");
    return 2;
  }
  for (int s : sizes)
    if (s != 3 && s != 5 && s != 7) {
      std::fprintf(stderr, "specconst-conv-sycl: filters are 3, 5 or 7\n");
      return 2;
    }
  const bool specconst = std::strcmp(variant, "specconst") == 0;
  const bool captured = std::strcmp(variant, "captured") == 0;
  const bool constant = std::strcmp(variant, "constant") == 0;
  if (!specconst && !captured && !constant) {
    std::fprintf(stderr, "specconst-conv-sycl: unknown variant '%s'\n", variant);
    return 2;
  }
  const char *device = std::getenv("SPECCONST_BENCH_DEVICE");
  const bool gpu = device && std::strcmp(device, "gpu") == 0;
  sycl::queue q = gpu ? sycl::queue{sycl::gpu_selector_v, sycl::property::queue::enable_profiling{}}
                      : sycl::queue{sycl::cpu_selector_v, sycl::property::queue::enable_profiling{}};
  const size_t pixels = static_cast<size_t>(side) * side;
  std::vector<float> host_in(pixels), host_out(pixels);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      host_in[static_cast<size_t>(y) * side + x] = input_value(x, y);
  float *in = sycl::malloc_device<float>(pixels, q);
  float *out = sycl::malloc_device<float>(pixels, q);
  q.memcpy(in, host_in.data(), pixels * sizeof(float)).wait();
  const sycl::nd_range<2> range{{static_cast<size_t>(side), static_cast<size_t>(side)}, {8, 32}};

  int failed = 0;
  for (int size : sizes) {
    const Filter filter = make_filter(size);
    std::vector<double> times;
    for (int r = 0; r < runs + 1; ++r) {
      q.memset(out, 0, pixels * sizeof(float)).wait();
      sycl::event e;
      if (specconst) {
        e = q.submit([&](sycl::handler &h) {
          h.set_specialization_constant<filter_id>(filter);
          h.parallel_for<WithSpecConst>(range, [=](sycl::nd_item<2> it, sycl::kernel_handler kh) {
            const int y = static_cast<int>(it.get_global_id(0));
            const int x = static_cast<int>(it.get_global_id(1));
            const Filter f = kh.get_specialization_constant<filter_id>();
            out[static_cast<size_t>(y) * side + x] = convolve(in, side, side, x, y, RuntimeFilter{f});
          });
        });
      } else if (captured) {
        e = q.parallel_for<WithCapture>(range, [=](sycl::nd_item<2> it) {
          const int y = static_cast<int>(it.get_global_id(0));
          const int x = static_cast<int>(it.get_global_id(1));
          out[static_cast<size_t>(y) * side + x] = convolve(in, side, side, x, y, RuntimeFilter{filter});
        });
      } else if (size == 3) {
        e = submit_constant<3>(q, in, out, side, range);
      } else if (size == 5) {
        e = submit_constant<5>(q, in, out, side, range);
      } else {
        e = submit_constant<7>(q, in, out, side, range);
      }
      e.wait();
      if (r > 0) {
        const auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
        const auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
        times.push_back(static_cast<double>(end - start) * 1e-6);
      }
    }
    q.memcpy(host_out.data(), out, pixels * sizeof(float)).wait();
    const size_t wrong = wrong_pixels(host_in, host_out, side, filter);
    std::sort(times.begin(), times.end());
    std::printf("filter %d: median kernel %.4f ms over %d runs, %zu wrong\n", size,
                times[times.size() / 2], runs, wrong);
    failed += wrong != 0;
  }
  sycl::free(in, q);
  sycl::free(out, q);
  return failed == 0 ? 0 : 1;
}
