// local_accessor in nd_range kernels: work-group local memory of the size the runtime
// allocates, shared across the group through barriers (a per-group reversal and a tree sum),
// 1-D and 2-D, and two local accessors in one kernel.
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
  constexpr size_t n = 256, wg = 32;
  std::vector<int> in(n), rev(n, 0), sums(n / wg, 0), grid(8 * 8, 0);
  for (size_t i = 0; i < n; ++i)
    in[i] = static_cast<int>(i * 7 % 13);
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> brev(rev.data(), sycl::range<1>(n));
    sycl::buffer<int> bsum(sums.data(), sycl::range<1>(n / wg));
    sycl::buffer<int, 2> bgrid(grid.data(), sycl::range<2>(8, 8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor dst(brev, h, sycl::write_only);
      sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
      sycl::local_accessor<int, 1> partial(sycl::range<1>(wg), h);
      sycl::accessor total(bsum, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        tile[l] = src[it.get_global_id()];
        partial[l] = tile[l];
        sycl::group_barrier(it.get_group());
        dst[it.get_global_id()] = tile[wg - 1 - l];
        for (size_t stride = wg / 2; stride > 0; stride /= 2) {
          if (l < stride)
            partial[l] += partial[l + stride];
          sycl::group_barrier(it.get_group());
        }
        if (l == 0)
          total[it.get_group(0)] = partial[0] + static_cast<int>(tile.size() - wg);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(bgrid, h, sycl::write_only);
      sycl::local_accessor<int, 2> block(sycl::range<2>(4, 4), h);
      h.parallel_for(sycl::nd_range<2>({8, 8}, {4, 4}), [=](sycl::nd_item<2> it) {
        size_t r = it.get_local_id(0), c = it.get_local_id(1);
        block[r][c] = static_cast<int>(it.get_global_linear_id());
        sycl::group_barrier(it.get_group());
        out[it.get_global_id()] = block[c][r] + static_cast<int>(block.get_range()[1]);
      });
    });
  }
  int bad_rev = 0, bad_sum = 0, bad_grid = 0;
  for (size_t g = 0; g < n / wg; ++g) {
    int s = 0;
    for (size_t l = 0; l < wg; ++l) {
      s += in[g * wg + l];
      bad_rev += rev[g * wg + l] != in[g * wg + wg - 1 - l];
    }
    bad_sum += sums[g] != s;
  }
  for (size_t i = 0; i < 8; ++i)
    for (size_t j = 0; j < 8; ++j) {
      size_t bi = i / 4 * 4, bj = j / 4 * 4, r = i % 4, c = j % 4;
      bad_grid += grid[i * 8 + j] != static_cast<int>((bi + c) * 8 + (bj + r)) + 4;
    }
  std::printf("reverse: %d wrong\ngroup sums: %d wrong\n2-D transpose: %d wrong\n", bad_rev,
              bad_sum, bad_grid);
  // CHECK: reverse: 0 wrong
  // CHECK-NEXT: group sums: 0 wrong
  // CHECK-NEXT: 2-D transpose: 0 wrong
  return bad_rev + bad_sum + bad_grid;
}
