// The same kernel with its loop bound and coefficients from three sources, for
// scripts/bench-specconst: a specialization constant set through the handler, a value the
// kernel captures at run time, and a compile-time constant. A polynomial of degree TAPS per
// work-item: with a constant TAPS the device compiler unrolls the loop and folds the
// coefficients, which is what a spec constant should buy once the runtime has specialised the
// image.
//
//   specconst-sycl VARIANT N RUNS      VARIANT: specconst | captured | constant
//
// Prints `median kernel X ms over RUNS runs, W wrong`: kernel execution times from profiling
// events, W the output elements that differ from a host computation. The device is the CPU;
// SPECCONST_BENCH_DEVICE=gpu picks a GPU (scripts/bench-specconst --gpu). The degree is
// SPECCONST_BENCH_TAPS (default 9) at build time: the GPU benchmark raises it so that a
// kernel computes for long enough to time.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#ifndef SPECCONST_BENCH_TAPS
#define SPECCONST_BENCH_TAPS 9
#endif
constexpr int kTaps = SPECCONST_BENCH_TAPS;
// Inputs repeat with this period, so the host check evaluates kPeriod polynomials, not N.
constexpr size_t kPeriod = 17;
constexpr float kScale = 0.25f;

// Defaults that differ from the values set: a run that kept them would compute wrong numbers.
constexpr sycl::specialization_id<int> taps_id{1};
constexpr sycl::specialization_id<float> scale_id{1.0f};

class WithSpecConst;
class WithCapture;
class WithConstant;

// Horner's rule for a polynomial of degree `taps` with coefficients scale * (k + 1) at in[i]:
// arithmetic only, so the loop's shape (unrolled, coefficients folded) is what is measured.
template <typename Taps, typename Scale>
static float polynomial(const float *in, size_t i, Taps taps, Scale scale) {
  const float x = in[i];
  float sum = 0.0f;
  for (int k = 0; k < taps; ++k)
    sum = sum * x + scale * static_cast<float>(k + 1);
  return sum;
}

static float input_value(size_t i) { return static_cast<float>(i % kPeriod) / 16.0f - 0.5f; }

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: specconst-sycl specconst|captured|constant N RUNS\n");
    return 2;
  }
  const char *variant = argv[1];
  const size_t n = std::strtoul(argv[2], nullptr, 10);
  const int runs = std::atoi(argv[3]);
  if (n == 0 || runs < 1) {
    std::fprintf(stderr, "specconst-sycl: N and RUNS must be positive\n");
    return 2;
  }
  const char *device = std::getenv("SPECCONST_BENCH_DEVICE");
  const bool gpu = device && std::strcmp(device, "gpu") == 0;
  sycl::queue q = gpu ? sycl::queue{sycl::gpu_selector_v, sycl::property::queue::enable_profiling{}}
                      : sycl::queue{sycl::cpu_selector_v, sycl::property::queue::enable_profiling{}};
  // Device memory: on a GPU, shared memory would migrate pages under the timed kernels.
  std::vector<float> host_in(n), host_out(n);
  for (size_t i = 0; i < n; ++i)
    host_in[i] = input_value(i);
  float *in = sycl::malloc_device<float>(n, q);
  float *out = sycl::malloc_device<float>(n, q);
  q.memcpy(in, host_in.data(), n * sizeof(float)).wait();
  // Run-time copies the compiler cannot see through (argc decides nothing real here).
  const int runtime_taps = argc > 3 ? kTaps : 1;
  const float runtime_scale = argc > 3 ? kScale : 1.0f;

  std::vector<double> times;
  for (int r = 0; r < runs + 1; ++r) {
    sycl::event e;
    if (std::strcmp(variant, "specconst") == 0) {
      e = q.submit([&](sycl::handler &h) {
        h.set_specialization_constant<taps_id>(kTaps);
        h.set_specialization_constant<scale_id>(kScale);
        h.parallel_for<WithSpecConst>(sycl::range<1>{n}, [=](sycl::id<1> i, sycl::kernel_handler kh) {
          out[i] = polynomial(in, i[0], kh.get_specialization_constant<taps_id>(),
                          kh.get_specialization_constant<scale_id>());
        });
      });
    } else if (std::strcmp(variant, "captured") == 0) {
      e = q.parallel_for<WithCapture>(sycl::range<1>{n}, [=](sycl::id<1> i) {
        out[i] = polynomial(in, i[0], runtime_taps, runtime_scale);
      });
    } else if (std::strcmp(variant, "constant") == 0) {
      e = q.parallel_for<WithConstant>(sycl::range<1>{n}, [=](sycl::id<1> i) {
        out[i] = polynomial(in, i[0], std::integral_constant<int, kTaps>{}, kScale);
      });
    } else {
      std::fprintf(stderr, "specconst-sycl: unknown variant '%s'\n", variant);
      return 2;
    }
    e.wait();
    // The first launch includes the JIT compile of the image: not a kernel time.
    if (r > 0) {
      const auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
      const auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
      times.push_back(static_cast<double>(end - start) * 1e-6);
    }
  }
  q.memcpy(host_out.data(), out, n * sizeof(float)).wait();
  float inputs[kPeriod], expected[kPeriod];
  for (size_t k = 0; k < kPeriod; ++k)
    inputs[k] = input_value(k);
  for (size_t k = 0; k < kPeriod; ++k)
    expected[k] = polynomial(inputs, k, kTaps, kScale);
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    const float e = expected[i % kPeriod];
    if (!(std::abs(host_out[i] - e) <= 1e-3f * (1.0f + std::abs(e))))
      ++wrong;
  }
  std::sort(times.begin(), times.end());
  std::printf("median kernel %.4f ms over %d runs, %zu wrong\n", times[times.size() / 2], runs,
              wrong);
  sycl::free(in, q);
  sycl::free(out, q);
  return wrong == 0 ? 0 : 1;
}
