// Accessor kernels built with -O0 and with -O0 -g and with -g alone: the unoptimised device
// code keeps the accessor arguments' stores and loads (memory object, ranges, offset) and the
// kernels still compute right: a 1-D ranged accessor with an offset, a 2-D accessor, a local
// accessor with a barrier, and a kernel_handler spec-constant read; native and emulated.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 -g %s -o %t.O0g
// RUN: %t.O0g | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -g %s -o %t.g
// RUN: %t.g | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -O0 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> delta{9};

int main() {
  sycl::queue q;
  constexpr int n = 64, wg = 16, off = 10, len = 40;
  constexpr int rows = 4, cols = 8;
  std::vector<int> line(n), grid(rows * cols, 0), rev(n, 0);
  for (int i = 0; i < n; ++i)
    line[i] = i * 2 - 11;
  const std::vector<int> line0 = line;
  {
    sycl::buffer<int> bline(line.data(), sycl::range<1>(n));
    sycl::buffer<int, 2> bgrid(grid.data(), sycl::range<2>(rows, cols));
    sycl::buffer<int> brev(rev.data(), sycl::range<1>(n));
    // Reverse each work-group's slice first, while the line is unchanged.
    q.submit([&](sycl::handler &h) {
      sycl::accessor src(bline, h, sycl::read_only);
      sycl::accessor dst(brev, h, sycl::write_only);
      sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        tile[l] = src[it.get_global_id()];
        sycl::group_barrier(it.get_group());
        dst[it.get_global_id()] = tile[wg - 1 - l] + static_cast<int>(it.get_group(0));
      });
    });
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<delta>(-2);
      sycl::accessor a(bline, h, sycl::range<1>(len), sycl::id<1>(off), sycl::read_write);
      h.parallel_for(sycl::range<1>(len), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        a[i] = a[i] * 3 + kh.get_specialization_constant<delta>() + static_cast<int>(a.get_offset()[0]);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(bgrid, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::item<2> it, sycl::kernel_handler kh) {
        g[it] = static_cast<int>(it[0] * 100 + it[1]) + kh.get_specialization_constant<delta>();
      });
    });
  }
  int bad_line = 0, bad_grid = 0, bad_rev = 0;
  for (int i = 0; i < n; ++i) {
    bool in_range = i >= off && i < off + len;
    bad_line += line[i] != (in_range ? line0[i] * 3 - 2 + off : line0[i]);
    bad_rev += rev[i] != line0[i / wg * wg + (wg - 1 - i % wg)] + i / wg;
  }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      bad_grid += grid[r * cols + c] != r * 100 + c + 9;
  std::printf("1-D with offset: %d wrong\n2-D: %d wrong\nlocal accessor with barrier: %d wrong\n",
              bad_line, bad_grid, bad_rev);
  // CHECK: 1-D with offset: 0 wrong
  // CHECK-NEXT: 2-D: 0 wrong
  // CHECK-NEXT: local accessor with barrier: 0 wrong
  return bad_line + bad_grid + bad_rev;
}
