// The deprecated sycl::target::constant_buffer accessor target (read-only, constant address
// space on the device): a 1-D lookup table indexed by each work-item, a 2-D table, and a
// constant_buffer accessor next to an ordinary device accessor and a spec constant.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> shift{1};

template <typename T, int D>
using ConstAcc = sycl::accessor<T, D, sycl::access_mode::read, sycl::target::constant_buffer>;

int main() {
  sycl::queue q;
  constexpr size_t n = 64, tn = 16, R = 4, C = 3;
  std::vector<float> table(tn), out(n, 0);
  std::vector<int> idx(n), t2(R * C), out2(R * C, 0), combined(n, 0);
  for (size_t i = 0; i < tn; ++i)
    table[i] = 0.5f * static_cast<float>(i) - 3.0f;
  for (size_t i = 0; i < n; ++i)
    idx[i] = static_cast<int>((i * 7) % tn);
  for (size_t i = 0; i < R * C; ++i)
    t2[i] = static_cast<int>(i * i) - 5;
  {
    sycl::buffer<float> btable(table.data(), sycl::range<1>(tn));
    sycl::buffer<float> bout(out.data(), sycl::range<1>(n));
    sycl::buffer<int> bidx(idx.data(), sycl::range<1>(n));
    sycl::buffer<int, 2> bt2(t2.data(), sycl::range<2>(R, C));
    sycl::buffer<int, 2> bout2(out2.data(), sycl::range<2>(R, C));
    sycl::buffer<int> bcomb(combined.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      ConstAcc<float, 1> lut(btable, h);
      sycl::accessor w(bout, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        w[i] = lut[(i[0] * 7) % tn] + static_cast<float>(lut.get_range()[0]);
      });
    });
    q.submit([&](sycl::handler &h) {
      ConstAcc<int, 2> lut(bt2, h);
      sycl::accessor w(bout2, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(R, C), [=](sycl::id<2> i) {
        w[i] = lut[R - 1 - i[0]][C - 1 - i[1]] * 2;
      });
    });
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<shift>(3);
      ConstAcc<int, 1> lut(bidx, h);
      sycl::accessor w(bcomb, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        w[i] = w[i] + (lut[i] << kh.get_specialization_constant<shift>()) + lut[n - 1 - i[0]];
      });
    });
  }
  int bad1 = 0, bad2 = 0, bad3 = 0;
  for (size_t i = 0; i < n; ++i) {
    bad1 += out[i] != table[(i * 7) % tn] + static_cast<float>(tn);
    bad3 += combined[i] != (idx[i] << 3) + idx[n - 1 - i];
  }
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c)
      bad2 += out2[r * C + c] != t2[(R - 1 - r) * C + (C - 1 - c)] * 2;
  std::printf("constant_buffer 1-D table: %d wrong\n", bad1);
  std::printf("constant_buffer 2-D table: %d wrong\n", bad2);
  std::printf("constant_buffer with spec constant: %d wrong\n", bad3);
  // CHECK: constant_buffer 1-D table: 0 wrong
  // CHECK-NEXT: constant_buffer 2-D table: 0 wrong
  // CHECK-NEXT: constant_buffer with spec constant: 0 wrong
  return bad1 + bad2 + bad3;
}
