// Kernel objects holding accessors in every shape DPC++ decomposes: a struct holding an
// accessor and a USM pointer, an array of accessors, several accessors to one buffer, a named
// functor with accessor members and a scalar, a functor taking a kernel_handler.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> bias{100};

using ReadAcc = sycl::accessor<int, 1, sycl::access_mode::read>;
using WriteAcc = sycl::accessor<int, 1, sycl::access_mode::write>;

struct Views {
  char tag;
  ReadAcc in;
  int *usm;
  double scale;
};

struct Axpy {
  ReadAcc x;
  WriteAcc y;
  int a;
  void operator()(sycl::id<1> i) const { y[i] = a * x[i] + 1; }
};

struct Biased {
  WriteAcc out;
  void operator()(sycl::id<1> i, sycl::kernel_handler kh) const {
    out[i] = static_cast<int>(i[0]) + kh.get_specialization_constant<bias>();
  }
};

int main() {
  sycl::queue q;
  constexpr int n = 16;
  std::vector<int> x(n), y(n, 0), z(n, 0), w(n, 0), pair0(n, 0), pair1(n, 0);
  for (int i = 0; i < n; ++i)
    x[i] = i - 3;
  int *usm = sycl::malloc_shared<int>(n, q);
  {
    sycl::buffer<int> bx(x.data(), sycl::range<1>(n));
    sycl::buffer<int> by(y.data(), sycl::range<1>(n));
    sycl::buffer<int> bz(z.data(), sycl::range<1>(n));
    sycl::buffer<int> bw(w.data(), sycl::range<1>(n));
    sycl::buffer<int> b0(pair0.data(), sycl::range<1>(n));
    sycl::buffer<int> b1(pair1.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      Views v{'v', ReadAcc(bx, h), usm, 2.5};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        v.usm[i] = static_cast<int>(v.in[i] * v.scale * 2) + v.tag;
      });
    });
    q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(n), Axpy{ReadAcc(bx, h), WriteAcc(by, h), 3}); });
    q.submit([&](sycl::handler &h) {
      WriteAcc outs[2] = {WriteAcc(b0, h), WriteAcc(b1, h)};
      ReadAcc first(bx, h), second(bx, h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        outs[0][i] = first[i] + second[i];
        outs[1][i] = first[i] * second[i];
      });
    });
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<bias>(7);
      h.parallel_for(sycl::range<1>(n), Biased{WriteAcc(bz, h)});
    });
    q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(n), Biased{WriteAcc(bw, h)}); });
  }
  int bad_views = 0, bad_axpy = 0, bad_pair = 0, bad_set = 0, bad_default = 0;
  for (int i = 0; i < n; ++i) {
    bad_views += usm[i] != static_cast<int>(x[i] * 2.5 * 2) + 'v';
    bad_axpy += y[i] != 3 * x[i] + 1;
    bad_pair += pair0[i] != 2 * x[i] || pair1[i] != x[i] * x[i];
    bad_set += z[i] != i + 7;
    bad_default += w[i] != i + 100;
  }
  std::printf("struct with accessor and pointer: %d wrong\n", bad_views);
  std::printf("functor with accessors: %d wrong\n", bad_axpy);
  std::printf("array of accessors, two accessors to one buffer: %d wrong\n", bad_pair);
  std::printf("functor with kernel_handler, set: %d wrong\n", bad_set);
  std::printf("functor with kernel_handler, default: %d wrong\n", bad_default);
  // CHECK: struct with accessor and pointer: 0 wrong
  // CHECK-NEXT: functor with accessors: 0 wrong
  // CHECK-NEXT: array of accessors, two accessors to one buffer: 0 wrong
  // CHECK-NEXT: functor with kernel_handler, set: 0 wrong
  // CHECK-NEXT: functor with kernel_handler, default: 0 wrong
  sycl::free(usm, q);
  return bad_views + bad_axpy + bad_pair + bad_set + bad_default;
}
