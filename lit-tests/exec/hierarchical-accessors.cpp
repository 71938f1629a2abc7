// Hierarchical parallelism (parallel_for_work_group with parallel_for_work_item) with buffer
// accessors: a per-group scale with the group id, a group-sum written through a private
// variable in work-group scope, and a 2-D work-group loop over a 2-D accessor with an offset
// accessor reading a shifted window.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q;
  constexpr int groups = 4, wg = 8, n = groups * wg;
  std::vector<int> in(n), scaled(n, 0), sums(groups, 0);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 5) % 11 - 3;
  constexpr int rows = 4, cols = 6;
  std::vector<float> grid(rows * cols), window(2 * cols, 0.f);
  for (int i = 0; i < rows * cols; ++i)
    grid[i] = 0.25f * i;
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> bscaled(scaled.data(), sycl::range<1>(n));
    sycl::buffer<int> bsums(sums.data(), sycl::range<1>(groups));
    sycl::buffer<float, 2> bgrid(grid.data(), sycl::range<2>(rows, cols));
    sycl::buffer<float, 2> bwin(window.data(), sycl::range<2>(2, cols));
    q.submit([&](sycl::handler &h) {
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor dst(bscaled, h, sycl::write_only);
      h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(wg), [=](sycl::group<1> g) {
        int factor = static_cast<int>(g.get_group_id(0)) + 1;
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          dst[it.get_global_id()] = src[it.get_global_id()] * factor;
        });
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor total(bsums, h, sycl::write_only);
      h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(wg), [=](sycl::group<1> g) {
        int base = static_cast<int>(g.get_group_id(0)) * wg;
        int s = 0;
        for (int k = 0; k < wg; ++k)
          s += src[base + k];
        total[g.get_group_id()] = s;
      });
    });
    q.submit([&](sycl::handler &h) {
      // Rows 1 and 2 of the grid, through a ranged accessor with an offset.
      sycl::accessor src(bgrid, h, sycl::range<2>(2, cols), sycl::id<2>(1, 0), sycl::read_only);
      sycl::accessor dst(bwin, h, sycl::write_only);
      h.parallel_for_work_group(sycl::range<2>(1, 2), sycl::range<2>(2, 3), [=](sycl::group<2> g) {
        g.parallel_for_work_item([&](sycl::h_item<2> it) {
          sycl::id<2> gid = it.get_global_id();
          dst[gid] = src[gid] * 2.f + static_cast<float>(g.get_group_id(1));
        });
      });
    });
  }
  int bad_scaled = 0, bad_sums = 0, bad_win = 0;
  for (int gi = 0; gi < groups; ++gi) {
    int s = 0;
    for (int k = 0; k < wg; ++k) {
      int i = gi * wg + k;
      bad_scaled += scaled[i] != in[i] * (gi + 1);
      s += in[i];
    }
    bad_sums += sums[gi] != s;
  }
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < cols; ++c)
      bad_win += window[r * cols + c] != grid[(r + 1) * cols + c] * 2.f + static_cast<float>(c / 3);
  std::printf("work-item scale: %d wrong\nwork-group sums: %d wrong\n2-D offset window: %d wrong\n",
              bad_scaled, bad_sums, bad_win);
  // CHECK: work-item scale: 0 wrong
  // CHECK-NEXT: work-group sums: 0 wrong
  // CHECK-NEXT: 2-D offset window: 0 wrong
  return bad_scaled + bad_sums + bad_win;
}
