// A class template functor holding an accessor of its parameter type and a scalar of that
// type, launched from a function template for two element types (int and float) and with an
// explicit kernel name template, so each instantiation gets its own decomposed accessor
// arguments; a second functor template with a read accessor and a write accessor.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

template <class T> struct Scale {
  sycl::accessor<T, 1> data;
  T factor;
  void operator()(sycl::id<1> i) const { data[i] = data[i] * factor; }
};

template <class T> struct AddInto {
  sycl::accessor<T, 1, sycl::access_mode::read> from;
  sycl::accessor<T, 1, sycl::access_mode::write> to;
  T offset;
  void operator()(sycl::id<1> i) const { to[i] = from[i] + offset; }
};

template <class T> class NamedScale;

template <class T> void run_scale(sycl::queue &q, std::vector<T> &v, T factor) {
  sycl::buffer<T> b(v.data(), sycl::range<1>(v.size()));
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(v.size()), Scale<T>{sycl::accessor<T, 1>(b, h), factor});
  });
  // Again with a named kernel: the values are scaled twice.
  q.submit([&](sycl::handler &h) {
    h.parallel_for<NamedScale<T>>(sycl::range<1>(v.size()), Scale<T>{sycl::accessor<T, 1>(b, h), factor});
  });
}

template <class T> void run_add(sycl::queue &q, const std::vector<T> &in, std::vector<T> &out, T offset) {
  sycl::buffer<T> bin(in.data(), sycl::range<1>(in.size()));
  sycl::buffer<T> bout(out.data(), sycl::range<1>(out.size()));
  q.submit([&](sycl::handler &h) {
    AddInto<T> k{sycl::accessor<T, 1, sycl::access_mode::read>(bin, h),
                 sycl::accessor<T, 1, sycl::access_mode::write>(bout, h), offset};
    h.parallel_for(sycl::range<1>(in.size()), k);
  });
}

int main() {
  sycl::queue q;
  constexpr int n = 24;
  std::vector<int> vi(n), ai(n, 0);
  std::vector<float> vf(n), af(n, 0.f);
  for (int i = 0; i < n; ++i) {
    vi[i] = i - 7;
    vf[i] = 0.5f * i + 1.f;
  }
  const std::vector<int> vi0 = vi;
  const std::vector<float> vf0 = vf;
  run_scale(q, vi, 3);
  run_scale(q, vf, 1.5f);
  run_add(q, vi0, ai, 100);
  run_add(q, vf0, af, -0.25f);
  int bad_i = 0, bad_f = 0, bad_ai = 0, bad_af = 0;
  for (int i = 0; i < n; ++i) {
    bad_i += vi[i] != vi0[i] * 3 * 3;
    bad_f += vf[i] != vf0[i] * 1.5f * 1.5f;
    bad_ai += ai[i] != vi0[i] + 100;
    bad_af += af[i] != vf0[i] - 0.25f;
  }
  std::printf("Scale<int>: %d wrong\nScale<float>: %d wrong\n", bad_i, bad_f);
  std::printf("AddInto<int>: %d wrong\nAddInto<float>: %d wrong\n", bad_ai, bad_af);
  // CHECK: Scale<int>: 0 wrong
  // CHECK-NEXT: Scale<float>: 0 wrong
  // CHECK-NEXT: AddInto<int>: 0 wrong
  // CHECK-NEXT: AddInto<float>: 0 wrong
  return bad_i + bad_f + bad_ai + bad_af;
}
