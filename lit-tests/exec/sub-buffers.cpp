// Sub-buffers accessed in kernels: two disjoint 1-D sub-buffers written by separate kernels, a
// sub-buffer read after a kernel wrote the whole parent, a ranged accessor (with its own offset)
// on a sub-buffer, and a 2-D sub-buffer of whole rows; the parent holds the results afterwards.
// Sub-buffer offsets are multiples of 128 bytes (the OpenCL base address alignment).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> step{3};

int main() {
  sycl::queue q;
  constexpr size_t n = 256;
  constexpr size_t offA = 32, lenA = 64, offB = 128, lenB = 96;
  constexpr size_t R = 8, C = 16, rowOff = 2, rows = 3;
  std::vector<int> parent(n, -1), copy(lenB, 0), grid(R * C, 0);
  {
    sycl::buffer<int> bparent(parent.data(), sycl::range<1>(n));
    sycl::buffer<int> bcopy(copy.data(), sycl::range<1>(lenB));
    sycl::buffer<int, 2> bgrid(grid.data(), sycl::range<2>(R, C));

    // The whole parent first: element i = i.
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(bparent, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]); });
    });

    sycl::buffer<int> subA(bparent, sycl::id<1>(offA), sycl::range<1>(lenA));
    sycl::buffer<int> subB(bparent, sycl::id<1>(offB), sycl::range<1>(lenB));
    // subA: index from the sub-buffer's start, plus the range the accessor reports.
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(subA, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(lenA), [=](sycl::id<1> i) {
        a[i] = a[i] * 10 + static_cast<int>(a.get_range()[0]);
      });
    });
    // subB read (it still holds the parent's values) and copied out, scaled by a spec constant.
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<step>(5);
      sycl::accessor src(subB, h, sycl::read_only);
      sycl::accessor dst(bcopy, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(lenB), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        dst[i] = src[i] * kh.get_specialization_constant<step>();
      });
    });
    // A ranged accessor on subB: its elements 40..59, indexed from 0.
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(subB, h, sycl::range<1>(20), sycl::id<1>(40), sycl::read_write);
      h.parallel_for(sycl::range<1>(20), [=](sycl::id<1> i) {
        a[i] = -(a[i] + static_cast<int>(a.get_offset()[0]) * 1000);
      });
    });

    // Whole parent grid, then rows 2..4 through a 2-D sub-buffer.
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(bgrid, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(R, C), [=](sycl::id<2> i) {
        g[i] = static_cast<int>(i[0] * 100 + i[1]);
      });
    });
    sycl::buffer<int, 2> subGrid(bgrid, sycl::id<2>(rowOff, 0), sycl::range<2>(rows, C));
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(subGrid, h, sycl::read_write);
      h.parallel_for(sycl::range<2>(rows, C), [=](sycl::id<2> i) {
        g[i] = g[i] + 10000 + static_cast<int>(i[0] * 1000);
      });
    });
  }
  int bad_parent = 0, bad_copy = 0, bad_grid = 0;
  for (size_t i = 0; i < n; ++i) {
    int want = static_cast<int>(i);
    if (i >= offA && i < offA + lenA)
      want = want * 10 + static_cast<int>(lenA);
    if (i >= offB + 40 && i < offB + 60)
      want = -(want + 40 * 1000);
    bad_parent += parent[i] != want;
  }
  for (size_t i = 0; i < lenB; ++i)
    bad_copy += copy[i] != static_cast<int>(offB + i) * 5;
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c) {
      int want = static_cast<int>(r * 100 + c);
      if (r >= rowOff && r < rowOff + rows)
        want += 10000 + static_cast<int>((r - rowOff) * 1000);
      bad_grid += grid[r * C + c] != want;
    }
  std::printf("parent after sub-buffer kernels: %d wrong\n", bad_parent);
  std::printf("sub-buffer read: %d wrong\n", bad_copy);
  std::printf("2-D sub-buffer: %d wrong\n", bad_grid);
  // CHECK: parent after sub-buffer kernels: 0 wrong
  // CHECK-NEXT: sub-buffer read: 0 wrong
  // CHECK-NEXT: 2-D sub-buffer: 0 wrong
  return bad_parent + bad_copy + bad_grid;
}
