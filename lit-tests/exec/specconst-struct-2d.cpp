// A spec constant struct of 8 bytes (short, char, bool, float) read in kernels that go through
// buffer accessors, at its default and set through the handler; and a 2-D parallel_for whose
// inner loop bound is a spec constant, reading one 2-D accessor and writing another.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the struct is 8 bytes, which emulation accepts):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

struct Params {
  short mul;
  signed char add;
  bool negate;
  float scale;
};
static_assert(sizeof(Params) == 8, "Params must stay within the emulation limit");

constexpr sycl::specialization_id<Params> params{Params{3, -4, false, 0.5f}};
constexpr sycl::specialization_id<unsigned> terms{5};
constexpr sycl::specialization_id<int> weight{2};

class StructKernel;
class Grid;

static int apply(const Params &p, int x) {
  int v = x * p.mul + p.add;
  return p.negate ? -v : v;
}

static int run_struct(sycl::queue &q, const Params *set, const Params &want) {
  constexpr size_t n = 33;
  std::vector<int> in(n), out(n, 0);
  std::vector<float> scaled(n, 0);
  for (size_t i = 0; i < n; ++i)
    in[i] = static_cast<int>(i * 5) - 40;
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> bout(out.data(), sycl::range<1>(n));
    sycl::buffer<float> bsc(scaled.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      if (set)
        h.set_specialization_constant<params>(*set);
      sycl::accessor r(bin, h, sycl::read_only);
      sycl::accessor w(bout, h, sycl::write_only);
      sycl::accessor s(bsc, h, sycl::write_only);
      h.parallel_for<StructKernel>(sycl::range<1>(n), [=](sycl::item<1> it, sycl::kernel_handler kh) {
        Params p = kh.get_specialization_constant<params>();
        int v = r[it] * p.mul + p.add;
        w[it] = p.negate ? -v : v;
        s[it] = static_cast<float>(r[it]) * p.scale;
      });
    });
  }
  int bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += out[i] != apply(want, in[i]) || scaled[i] != static_cast<float>(in[i]) * want.scale;
  return bad;
}

static int run_grid(sycl::queue &q, const unsigned *bound, const int *wt) {
  constexpr size_t R = 6, C = 9;
  std::vector<int> in(R * C);
  std::vector<long long> out(R * C, -1);
  for (size_t i = 0; i < R * C; ++i)
    in[i] = static_cast<int>(i % 7) - 3;
  {
    sycl::buffer<int, 2> bin(in.data(), sycl::range<2>(R, C));
    sycl::buffer<long long, 2> bout(out.data(), sycl::range<2>(R, C));
    q.submit([&](sycl::handler &h) {
      if (bound)
        h.set_specialization_constant<terms>(*bound);
      if (wt)
        h.set_specialization_constant<weight>(*wt);
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor dst(bout, h, sycl::write_only, sycl::no_init);
      h.parallel_for<Grid>(sycl::range<2>(R, C), [=](sycl::id<2> id, sycl::kernel_handler kh) {
        long long acc = 0;
        unsigned t = kh.get_specialization_constant<terms>();
        // Sum of t elements along the row, wrapping around.
        for (unsigned k = 0; k < t; ++k)
          acc += src[id[0]][(id[1] + k) % C] * static_cast<long long>(k + 1);
        dst[id] = acc * kh.get_specialization_constant<weight>();
      });
    });
  }
  unsigned t = bound ? *bound : 5;
  int w = wt ? *wt : 2;
  int bad = 0;
  for (size_t i = 0; i < R; ++i)
    for (size_t j = 0; j < C; ++j) {
      long long acc = 0;
      for (unsigned k = 0; k < t; ++k)
        acc += in[i * C + (j + k) % C] * static_cast<long long>(k + 1);
      bad += out[i * C + j] != acc * w;
    }
  return bad;
}

int main() {
  sycl::queue q;
  const Params defaults{3, -4, false, 0.5f};
  const Params set{-7, 100, true, -1.25f};
  int bad_sdef = run_struct(q, nullptr, defaults);
  int bad_sset = run_struct(q, &set, set);
  std::printf("struct default: %d wrong\n", bad_sdef);
  std::printf("struct set: %d wrong\n", bad_sset);
  // CHECK: struct default: 0 wrong
  // CHECK-NEXT: struct set: 0 wrong

  int bad_gdef = run_grid(q, nullptr, nullptr);
  const unsigned b0 = 0, b1 = 23;
  const int w1 = -3;
  int bad_g0 = run_grid(q, &b0, nullptr);
  int bad_g1 = run_grid(q, &b1, &w1);
  std::printf("2-D loop bound default: %d wrong\n", bad_gdef);
  std::printf("2-D loop bound 0: %d wrong\n", bad_g0);
  std::printf("2-D loop bound 23, weight set: %d wrong\n", bad_g1);
  // CHECK-NEXT: 2-D loop bound default: 0 wrong
  // CHECK-NEXT: 2-D loop bound 0: 0 wrong
  // CHECK-NEXT: 2-D loop bound 23, weight set: 0 wrong
  return bad_sdef + bad_sset + bad_gdef + bad_g0 + bad_g1;
}
