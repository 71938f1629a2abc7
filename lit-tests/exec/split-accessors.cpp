// Device-code split with accessor kernels in two TUs (this one and Inputs/accessor-tu.cpp):
// -fsycl-device-code-split=per_source makes one image per source (two) and =auto does the
// same here (no indirect calls), each image with its own accessor kernels' arguments and spec
// constants (both TUs have an anonymous-namespace spec id 'bump'); native and emulated.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsycl-device-code-split=per_source -save-temps %s %S/Inputs/accessor-tu.cpp -o by-source
// RUN: ./by-source | FileCheck %s
// RUN: ls by-source.sycl | FileCheck --check-prefix=TWO %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsycl-device-code-split=auto -save-temps %s %S/Inputs/accessor-tu.cpp -o auto
// RUN: ./auto | FileCheck %s
// RUN: ls auto.sycl | FileCheck --check-prefix=TWO %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -fsycl-device-code-split=per_source %s %S/Inputs/accessor-tu.cpp -o by-source-emu
// RUN: ./by-source-emu | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsycl-device-code-split=per_kernel -save-temps %s %S/Inputs/accessor-tu.cpp -o by-kernel
// RUN: ./by-kernel | FileCheck %s
// RUN: ls by-kernel.sycl | FileCheck --check-prefix=MANY %s
// MANY: device_6.spv
// MANY-NOT: device_7
// TWO: device_0.spv
// TWO: device_1.spv
// TWO-NOT: device_2
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

namespace {
constexpr sycl::specialization_id<int> bump{7};
}
class MainAdd;
class MainGrid;
class MainTile;

void other_saxpy(sycl::queue &q, const std::vector<float> &x, std::vector<float> &y, float a);
void other_window(sycl::queue &q, std::vector<int> &grid, size_t rows, size_t cols, bool set);
void other_reverse(sycl::queue &q, const std::vector<int> &in, std::vector<int> &out, size_t wg);
void other_countdown(sycl::queue &q, std::vector<int> &out, int start);

int main() {
  sycl::queue q;
  constexpr int n = 32, wg = 8;
  constexpr size_t rows = 4, cols = 5;
  std::vector<int> in(n), added_set(n, 0), added_default(n, 0), tiled(n, 0), rev(n, 0), down(n, 0);
  std::vector<int> grid(rows * cols, 0), win_default(rows * cols), win_set(rows * cols);
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    in[i] = 2 * i - 9;
    x[i] = 0.25f * i;
    y[i] = 3.f;
  }
  for (size_t l = 0; l < rows * cols; ++l)
    win_default[l] = win_set[l] = static_cast<int>(l) * 2;
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n)), bset(added_set.data(), sycl::range<1>(n)),
        bdef(added_default.data(), sycl::range<1>(n)), btiled(tiled.data(), sycl::range<1>(n));
    sycl::buffer<int, 2> bgrid(grid.data(), sycl::range<2>(rows, cols));
    for (bool set : {true, false})
      q.submit([&](sycl::handler &h) {
        if (set)
          h.set_specialization_constant<bump>(1000);
        sycl::accessor src(bin, h, sycl::read_only);
        sycl::accessor dst(set ? bset : bdef, h, sycl::write_only);
        h.parallel_for<MainAdd>(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
          dst[i] = src[i] + kh.get_specialization_constant<bump>();
        });
      });
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(bgrid, h, sycl::write_only);
      h.parallel_for<MainGrid>(sycl::range<2>(rows, cols), [=](sycl::item<2> it) {
        g[it] = static_cast<int>(it.get_linear_id()) * 3;
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor dst(btiled, h, sycl::write_only);
      sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
      h.parallel_for<MainTile>(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        tile[l] = src[it.get_global_id()];
        sycl::group_barrier(it.get_group());
        dst[it.get_global_id()] = tile[(l + 1) % wg] - tile[l];
      });
    });
  }
  other_saxpy(q, x, y, -2.f);
  other_window(q, win_default, rows, cols, false);
  other_window(q, win_set, rows, cols, true);
  other_reverse(q, in, rev, wg);
  other_countdown(q, down, 77);
  int bad_add = 0, bad_grid = 0, bad_tile = 0, bad_other = 0;
  for (int i = 0; i < n; ++i) {
    bad_add += added_set[i] != in[i] + 1000 || added_default[i] != in[i] + 7;
    int base = i / wg * wg, l = i % wg;
    bad_tile += tiled[i] != in[base + (l + 1) % wg] - in[i];
    bad_other += y[i] != -2.f * x[i] + 3.f || down[i] != 77 - i;
    bad_other += rev[i] != in[base + (wg - 1 - l)];
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      int l = static_cast<int>(r * cols + c);
      bool inside = r >= 1 && r < rows - 1 && c >= 2;
      bad_grid += grid[l] != l * 3;
      bad_other += win_default[l] != l * 2 + (inside ? 30 : 0) || win_set[l] != l * 2 + (inside ? -300 : 0);
    }
  std::printf("this TU, spec constant: %d wrong\nthis TU, 2-D: %d wrong\nthis TU, local: %d wrong\n"
              "other TU: %d wrong\n",
              bad_add, bad_grid, bad_tile, bad_other);
  // CHECK: this TU, spec constant: 0 wrong
  // CHECK-NEXT: this TU, 2-D: 0 wrong
  // CHECK-NEXT: this TU, local: 0 wrong
  // CHECK-NEXT: other TU: 0 wrong
  return bad_add + bad_grid + bad_tile + bad_other;
}
