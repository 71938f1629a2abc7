// Blocked (tiled) matrix multiply C = alpha * A * B with the tile size as a SYCL 2020
// specialization constant.
//
// The tile size depends on the device (its maximum work-group size) and never changes once
// the device is known. As an ordinary kernel argument it would live in a register and block
// unrolling of the inner loop; as a specialization constant the JIT sees it as a literal.
// A second constant, the scale `alpha`, lives in an anonymous namespace: internal linkage, so
// its symbolic ID carries the TU's unique prefix and the integration footer reaches it through
// an `__sycl_detail::__shim_N()` function.
//
//   sycl-footer examples/matmul.cpp -- -std=c++17 -isystem <intel include>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iostream>
#include <vector>

namespace mxm {

// External linkage (`inline constexpr`): the symbolic ID is the plain mangled name.
inline constexpr sycl::specialization_id<std::size_t> block_size{1};

namespace {
// Internal linkage: prefixed ID, footer entry through a shim.
constexpr sycl::specialization_id<float> alpha{1.0f};
} // namespace

template <typename T> class kernel;

std::size_t prev_power_of_two(std::size_t x) {
  std::size_t p = 1;
  while (p * 2 <= x) {
    p *= 2;
  }
  return p;
}

// C = scale * A * B for square row-major n x n matrices; n must be a multiple of the tile size
// chosen below (any power of two n works).
template <typename T>
void multiply(sycl::queue &q, const T *a, const T *b, T *c, std::size_t n, float scale) {
  const auto max_wg = q.get_device().get_info<sycl::info::device::max_work_group_size>();
  std::size_t tile = prev_power_of_two(static_cast<std::size_t>(std::sqrt(double(max_wg))));
  tile = std::min(tile, prev_power_of_two(n));

  const sycl::range<2> extent{n, n};
  sycl::buffer<T, 2> buf_a{a, extent};
  sycl::buffer<T, 2> buf_b{b, extent};
  sycl::buffer<T, 2> buf_c{c, extent};

  q.submit([&](sycl::handler &cgh) {
    sycl::accessor pa{buf_a, cgh, sycl::read_only};
    sycl::accessor pb{buf_b, cgh, sycl::read_only};
    sycl::accessor pc{buf_c, cgh, sycl::write_only, sycl::no_init};
    sycl::local_accessor<T, 2> tile_a{sycl::range<2>{tile, tile}, cgh};
    sycl::local_accessor<T, 2> tile_b{sycl::range<2>{tile, tile}, cgh};

    cgh.set_specialization_constant<block_size>(tile);
    cgh.set_specialization_constant<alpha>(scale);

    cgh.parallel_for<kernel<T>>(
        sycl::nd_range<2>{extent, sycl::range<2>{tile, tile}},
        [=](sycl::nd_item<2> it, sycl::kernel_handler kh) {
          // Both are literals to the device compiler once the kernel is specialised.
          const std::size_t bs = kh.get_specialization_constant<block_size>();
          const float k = kh.get_specialization_constant<alpha>();

          const std::size_t row = it.get_global_id(0);
          const std::size_t col = it.get_global_id(1);
          const std::size_t lr = it.get_local_id(0);
          const std::size_t lc = it.get_local_id(1);
          const std::size_t size = pa.get_range()[0];

          T sum = 0;
          for (std::size_t t = 0; t < size; t += bs) {
            // The work-group loads one tile of A and one of B into local memory together.
            tile_a[lr][lc] = pa[row][t + lc];
            tile_b[lr][lc] = pb[t + lr][col];
            sycl::group_barrier(it.get_group());
            for (std::size_t i = 0; i < bs; ++i) {
              sum += tile_a[lr][i] * tile_b[i][lc];
            }
            // Nobody may overwrite the tiles before everyone has used them.
            sycl::group_barrier(it.get_group());
          }
          pc[row][col] = static_cast<T>(k * sum);
        });
  });
} // buffers wait and copy back on destruction

} // namespace mxm

int main() {
  constexpr std::size_t n = 64;
  std::vector<float> a(n * n), b(n * n), c(n * n, 0.0f);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      a[i * n + j] = static_cast<float>((i + j) % 5);
      b[i * n + j] = static_cast<float>((i * j) % 3);
    }
  }

  sycl::queue q;
  const float scale = 0.5f;
  mxm::multiply(q, a.data(), b.data(), c.data(), n, scale);

  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      float expected = 0;
      for (std::size_t k = 0; k < n; ++k) {
        expected += a[i * n + k] * b[k * n + j];
      }
      expected *= scale;
      if (std::fabs(c[i * n + j] - expected) > 1e-3f * std::max(1.0f, std::fabs(expected))) {
        ++wrong;
      }
    }
  }
  std::cout << (wrong == 0 ? "matmul: ok" : "matmul: MISMATCH") << " (" << wrong
            << " wrong of " << n * n << ")\n";
  return wrong == 0 ? 0 : 1;
}

// Intel's headers (2026.2) route every nd_range launch of a lambda, whatever its form
// (handler::parallel_for, the enqueue functions' nd_launch, with or without a launch_config),
// through a handler::parallel_for overload they mark deprecated, the one taking a property list.
// Clang reports that inside the header when it instantiates the launch, at the end of the file,
// under the diagnostic state in force there; earlier pragmas, popped, do not reach it.
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
