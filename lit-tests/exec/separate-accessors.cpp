// Accessor kernels in another TU (Inputs/accessor-tu.cpp: read_only with read_write over a
// range, a 2-D ranged accessor with an offset reading a spec constant, a local accessor with a
// barrier, a single_task functor with a write accessor) next to this TU's own range kernel,
// which reads a spec id of the same name (both TUs have the header-defined SPIR-V built-in
// getters): compiled separately with -c and linked, both sources on one command line,
// and the other TU in a static archive linked by path; native and emulated.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o %t/main.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/accessor-tu.cpp -o %t/other.o
// RUN: %sycl-clangxx -fsycl %t/main.o %t/other.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 %s %S/Inputs/accessor-tu.cpp -o %t/both
// RUN: %t/both | FileCheck %s
// RUN: llvm-ar-22 rcs %t/libother.a %t/other.o
// RUN: %sycl-clangxx -fsycl -std=c++17 %s %t/libother.a -o %t/archived
// RUN: %t/archived | FileCheck %s
// The same with emulated spec constants.
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %s -o %t/main-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %S/Inputs/accessor-tu.cpp -o %t/other-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation %t/main-emu.o %t/other-emu.o -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s %S/Inputs/accessor-tu.cpp -o %t/both-emu
// RUN: %t/both-emu | FileCheck %s
// RUN: llvm-ar-22 rcs %t/libother-emu.a %t/other-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s %t/libother-emu.a -o %t/archived-emu
// RUN: %t/archived-emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

namespace {
// Same name as the other TU's spec id, different default.
constexpr sycl::specialization_id<int> bump{5};
}
class MainScale;

void other_saxpy(sycl::queue &q, const std::vector<float> &x, std::vector<float> &y, float a);
void other_window(sycl::queue &q, std::vector<int> &grid, size_t rows, size_t cols, bool set);
void other_reverse(sycl::queue &q, const std::vector<int> &in, std::vector<int> &out, size_t wg);
void other_countdown(sycl::queue &q, std::vector<int> &out, int start);

int main() {
  sycl::queue q;
  constexpr int n = 32;
  constexpr size_t rows = 5, cols = 6, wg = 8;
  std::vector<float> x(n), y(n);
  std::vector<int> in(n), mine_set(n, 0), mine_default(n, 0), rev(n, 0), down(n, 0);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = 1.0f - i;
    in[i] = i * 3 % 7;
  }
  const std::vector<float> y0 = y;
  std::vector<int> grid_default(rows * cols), grid_set(rows * cols);
  for (size_t l = 0; l < rows * cols; ++l)
    grid_default[l] = grid_set[l] = static_cast<int>(l);
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> bset(mine_set.data(), sycl::range<1>(n));
    sycl::buffer<int> bdef(mine_default.data(), sycl::range<1>(n));
    for (bool set : {true, false})
      q.submit([&](sycl::handler &h) {
        if (set)
          h.set_specialization_constant<bump>(50);
        sycl::accessor src(bin, h, sycl::read_only);
        sycl::accessor dst(set ? bset : bdef, h, sycl::write_only);
        h.parallel_for<MainScale>(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
          dst[i] = src[i] * 2 + kh.get_specialization_constant<bump>();
        });
      });
  }
  other_saxpy(q, x, y, 4.0f);
  other_window(q, grid_default, rows, cols, false);
  other_window(q, grid_set, rows, cols, true);
  other_reverse(q, in, rev, wg);
  other_countdown(q, down, 1000);
  int bad_main = 0, bad_saxpy = 0, bad_window = 0, bad_rev = 0, bad_down = 0;
  for (int i = 0; i < n; ++i) {
    bad_main += mine_set[i] != in[i] * 2 + 50 || mine_default[i] != in[i] * 2 + 5;
    bad_saxpy += y[i] != 4.0f * x[i] + y0[i];
    bad_rev += rev[i] != in[i / wg * wg + (wg - 1 - i % wg)];
    bad_down += down[i] != 1000 - i;
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      size_t l = r * cols + c;
      bool inside = r >= 1 && r < rows - 1 && c >= 2;
      bad_window += grid_default[l] != static_cast<int>(l) + (inside ? 30 : 0);
      bad_window += grid_set[l] != static_cast<int>(l) + (inside ? -300 : 0);
    }
  std::printf("this TU: %d wrong\nother TU saxpy: %d wrong\nother TU offset window: %d wrong\n"
              "other TU local reverse: %d wrong\nother TU functor: %d wrong\n",
              bad_main, bad_saxpy, bad_window, bad_rev, bad_down);
  // CHECK: this TU: 0 wrong
  // CHECK-NEXT: other TU saxpy: 0 wrong
  // CHECK-NEXT: other TU offset window: 0 wrong
  // CHECK-NEXT: other TU local reverse: 0 wrong
  // CHECK-NEXT: other TU functor: 0 wrong
  return bad_main + bad_saxpy + bad_window + bad_rev + bad_down;
}
