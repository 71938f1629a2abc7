// 3x3 convolution whose coefficients are a SYCL 2020 specialization constant.
//
// The coefficients are only known at run time (get_coefficients()), but once the kernel is
// built for them they are fixed, so the device compiler may treat them as literals. The host
// names the constant through `coeff_id`; the integration footer written by `sycl-footer`
// tells the runtime the symbolic ID of `coeff_id` (it is `constexpr` at namespace scope, hence
// internal linkage and a prefixed ID).
//
//   sycl-footer examples/convolution.cpp -- -std=c++17 -isystem <intel include>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <iostream>
#include <vector>

using coeff_t = std::array<std::array<float, 3>, 3>;

// The spec constant's identifier; its default value is the all-zero kernel.
constexpr sycl::specialization_id<coeff_t> coeff_id;

// Run-time choice of the kernel: a normalised 3x3 box blur with a heavier centre.
coeff_t get_coefficients() {
  coeff_t c{};
  float sum = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      c[i][j] = (i == 1 && j == 1) ? 4.0f : 1.0f;
      sum += c[i][j];
    }
  }
  for (auto &row : c) {
    for (float &v : row) {
      v /= sum;
    }
  }
  return c;
}

void do_conv(sycl::queue &q, sycl::buffer<float, 2> &in, sycl::buffer<float, 2> &out) {
  const coeff_t coefficients = get_coefficients();
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor in_acc{in, cgh, sycl::read_only};
    sycl::accessor out_acc{out, cgh, sycl::write_only, sycl::no_init};

    // Fix the coefficients for this kernel build.
    cgh.set_specialization_constant<coeff_id>(coefficients);

    cgh.parallel_for<class Convolution>(
        in.get_range(), [=](sycl::item<2> item_id, sycl::kernel_handler h) {
          const coeff_t coeff = h.get_specialization_constant<coeff_id>();
          const auto rows = static_cast<long>(in_acc.get_range()[0]);
          const auto cols = static_cast<long>(in_acc.get_range()[1]);
          const auto r = static_cast<long>(item_id[0]);
          const auto c = static_cast<long>(item_id[1]);
          float acc = 0;
          for (int i = -1; i <= 1; i++) {
            if (r + i < 0 || r + i >= rows)
              continue;
            for (int j = -1; j <= 1; j++) {
              if (c + j < 0 || c + j >= cols)
                continue;
              // All nine values are known to the JIT when it builds this kernel.
              acc += coeff[i + 1][j + 1] *
                     in_acc[static_cast<std::size_t>(r + i)][static_cast<std::size_t>(c + j)];
            }
          }
          out_acc[item_id] = acc;
        });
  });
}

int main() {
  constexpr std::size_t rows = 8;
  constexpr std::size_t cols = 8;
  std::vector<float> input(rows * cols);
  for (std::size_t i = 0; i < input.size(); ++i) {
    input[i] = static_cast<float>(i % 7);
  }
  std::vector<float> output(rows * cols, 0.0f);

  sycl::queue q;
  {
    sycl::buffer<float, 2> in_buf{input.data(), sycl::range<2>{rows, cols}};
    sycl::buffer<float, 2> out_buf{output.data(), sycl::range<2>{rows, cols}};
    do_conv(q, in_buf, out_buf);
  } // buffers write back here

  // The same convolution on the host (zero outside the image), to check every value.
  const coeff_t coeff = get_coefficients();
  std::size_t wrong = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      float expected = 0;
      for (int i = -1; i <= 1; i++) {
        for (int j = -1; j <= 1; j++) {
          const long rr = static_cast<long>(r) + i;
          const long cc = static_cast<long>(c) + j;
          if (rr >= 0 && rr < static_cast<long>(rows) && cc >= 0 && cc < static_cast<long>(cols)) {
            expected += coeff[i + 1][j + 1] * input[static_cast<std::size_t>(rr) * cols +
                                                    static_cast<std::size_t>(cc)];
          }
        }
      }
      const float got = output[r * cols + c];
      if (std::fabs(got - expected) > 1e-5f * std::max(1.0f, std::fabs(expected))) {
        ++wrong;
      }
      std::cout << got << (c + 1 == cols ? '\n' : ' ');
    }
  }
  std::cout << (wrong == 0 ? "convolution: ok" : "convolution: MISMATCH") << " (" << wrong
            << " wrong of " << rows * cols << ")\n";
  return wrong == 0 ? 0 : 1;
}
