// Accessors of 1, 2 and 3 dimensions, and ranged accessors with offsets: the device accessor
// is filled from the runtime's access range, memory range and offset, its pointer advanced to
// the offset as the accessor's own __init does.
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
  constexpr size_t X = 4, Y = 5, Z = 6;
  std::vector<int> d2(X * Y, 0), d3(X * Y * Z, 0), d1(32, 0), sub2(X * Y, 0);
  {
    sycl::buffer<int, 2> b2(d2.data(), sycl::range<2>(X, Y));
    sycl::buffer<int, 3> b3(d3.data(), sycl::range<3>(X, Y, Z));
    sycl::buffer<int, 1> b1(d1.data(), sycl::range<1>(32));
    sycl::buffer<int, 2> bs(sub2.data(), sycl::range<2>(X, Y));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b2, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(X, Y), [=](sycl::id<2> i) {
        a[i] = static_cast<int>(i[0] * 100 + i[1]);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b3, h, sycl::write_only);
      h.parallel_for(sycl::range<3>(X, Y, Z), [=](sycl::item<3> it) {
        a[it] = static_cast<int>(it.get_linear_id()) + static_cast<int>(a.get_range()[2]);
      });
    });
    q.submit([&](sycl::handler &h) {
      // Elements 10..19 only: SYCL 2020 indexes from the offset, a[0] is element 10.
      sycl::accessor a(b1, h, sycl::range<1>(10), sycl::id<1>(10), sycl::write_only);
      h.parallel_for(sycl::range<1>(10), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) + 1; });
    });
    q.submit([&](sycl::handler &h) {
      // The 2x3 block at (1, 2) of a 4x5 buffer.
      sycl::accessor a(bs, h, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_write);
      h.parallel_for(sycl::range<2>(2, 3), [=](sycl::id<2> i) {
        a[i] = static_cast<int>(a.get_offset()[0] * 10 + a.get_offset()[1]) * 1000 +
                static_cast<int>(i[0] * 3 + i[1]);
      });
    });
  }
  int bad2 = 0, bad3 = 0, bad1 = 0, bads = 0;
  for (size_t i = 0; i < X; ++i)
    for (size_t j = 0; j < Y; ++j)
      bad2 += d2[i * Y + j] != static_cast<int>(i * 100 + j);
  for (size_t l = 0; l < X * Y * Z; ++l)
    bad3 += d3[l] != static_cast<int>(l + Z);
  for (int i = 0; i < 32; ++i)
    bad1 += d1[i] != (i >= 10 && i < 20 ? i - 9 : 0);
  for (size_t i = 0; i < X; ++i)
    for (size_t j = 0; j < Y; ++j) {
      bool inside = i >= 1 && i < 3 && j >= 2 && j < 5;
      int want = inside ? 12000 + static_cast<int>((i - 1) * 3 + (j - 2)) : 0;
      bads += sub2[i * Y + j] != want;
    }
  std::printf("2-D: %d wrong\n3-D: %d wrong\nranged 1-D: %d wrong\nranged 2-D: %d wrong\n", bad2,
              bad3, bad1, bads);
  // CHECK: 2-D: 0 wrong
  // CHECK-NEXT: 3-D: 0 wrong
  // CHECK-NEXT: ranged 1-D: 0 wrong
  // CHECK-NEXT: ranged 2-D: 0 wrong
  return bad2 + bad3 + bad1 + bads;
}
