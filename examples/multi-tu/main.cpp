// The multi-TU example: a signal smoothed (smooth.cpp) and then sharpened (sharpen.cpp), each
// stage calling a device function defined in library.cpp and the kernel both share from
// filters.hpp, with spec constants defined once in the header and set at run time. Built from
// four sources:
//   sycl-clang++ -fsycl -std=c++17 main.cpp smooth.cpp sharpen.cpp library.cpp -o multi-tu
// (or each with -c, then linked). Every value is checked against a host computation.
#include "filters.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::size_t N = 16;

static std::vector<float> host_pipeline(const std::vector<float> &in, float g, int b) {
  std::vector<float> smooth(N), sharp(N);
  for (std::size_t k = 0; k < N; ++k) {
    float left = k > 0 ? in[k - 1] : in[k];
    float right = k + 1 < N ? in[k + 1] : in[k];
    smooth[k] = host_square(host_apply_gain((left + in[k] + right) / 3.0f, g, b), g);
  }
  for (std::size_t k = 0; k < N; ++k) {
    float left = k > 0 ? smooth[k - 1] : 0.0f;
    float right = k + 1 < N ? smooth[k + 1] : 0.0f;
    sharp[k] = host_square(host_apply_gain(2.0f * smooth[k] - 0.5f * (left + right), g, b), g);
  }
  return sharp;
}

static bool run(sycl::queue &q, float g, int b) {
  std::vector<float> input(N);
  for (std::size_t k = 0; k < N; ++k)
    input[k] = 0.25f * static_cast<float>(k % 5) - 0.5f;
  std::vector<float> result(N);
  {
    sycl::buffer<float, 1> data{input.data(), sycl::range<1>(N)};
    sycl::buffer<float, 1> smoothed{sycl::range<1>(N)};
    sycl::buffer<float, 1> sharpened{result.data(), sycl::range<1>(N)};
    smooth_stage(q, data, smoothed, g, b);
    sharpen_stage(q, smoothed, sharpened, g, b);
  }
  std::vector<float> expected = host_pipeline(input, g, b);
  bool ok = true;
  std::printf("gain=%g bias=%d:", g, b);
  for (std::size_t k = 0; k < N; ++k) {
    bool close = std::fabs(result[k] - expected[k]) <= 1e-4f * (1.0f + std::fabs(expected[k]));
    std::printf(" %.4g", result[k]);
    ok = ok && close;
  }
  std::printf("%s\n", ok ? "" : "  <-- MISMATCH");
  return ok;
}

int main() {
  sycl::queue q{sycl::default_selector_v};
  bool ok = run(q, 3.0f, 2);
  ok = run(q, 0.5f, -1) && ok;
  std::printf("%s\n", ok ? "all results match the host computation" : "FAILED");
  return ok ? 0 : 1;
}
