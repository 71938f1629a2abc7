// Math built-ins (sycl::sqrt, exp, fma, sin) on float and on sycl::float4, reading their inputs
// through read accessors and writing through write accessors (a float4 buffer among them), with
// a spec constant scale; compared with std:: results on the host within a small tolerance.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<float> scale{1.0f};

static bool close(double got, double want) {
  return std::fabs(got - want) <= 1e-5 * std::fabs(want) + 1e-6;
}

int main() {
  sycl::queue q;
  constexpr size_t n = 64;
  std::vector<float> x(n), y(n), r_sqrt(n), r_exp(n), r_fma(n), r_sin(n);
  std::vector<sycl::float4> v(n / 4), v_sqrt(n / 4), v_exp(n / 4), v_fma(n / 4), v_sin(n / 4);
  for (size_t i = 0; i < n; ++i) {
    x[i] = 0.125f * static_cast<float>(i) + 0.01f;
    y[i] = 1.0f - 0.03f * static_cast<float>(i);
  }
  for (size_t i = 0; i < n / 4; ++i)
    v[i] = sycl::float4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]);
  const float s = 0.75f;
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n)), by(y.data(), sycl::range<1>(n));
    sycl::buffer<float> bsqrt(r_sqrt.data(), sycl::range<1>(n)), bexp(r_exp.data(), sycl::range<1>(n));
    sycl::buffer<float> bfma(r_fma.data(), sycl::range<1>(n)), bsin(r_sin.data(), sycl::range<1>(n));
    sycl::buffer<sycl::float4> bv(v.data(), sycl::range<1>(n / 4));
    sycl::buffer<sycl::float4> bvsqrt(v_sqrt.data(), sycl::range<1>(n / 4));
    sycl::buffer<sycl::float4> bvexp(v_exp.data(), sycl::range<1>(n / 4));
    sycl::buffer<sycl::float4> bvfma(v_fma.data(), sycl::range<1>(n / 4));
    sycl::buffer<sycl::float4> bvsin(v_sin.data(), sycl::range<1>(n / 4));
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<scale>(s);
      sycl::accessor ax(bx, h, sycl::read_only), ay(by, h, sycl::read_only);
      sycl::accessor o1(bsqrt, h, sycl::write_only), o2(bexp, h, sycl::write_only);
      sycl::accessor o3(bfma, h, sycl::write_only), o4(bsin, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        float k = kh.get_specialization_constant<scale>();
        o1[i] = sycl::sqrt(ax[i]);
        o2[i] = sycl::exp(ay[i] * k);
        o3[i] = sycl::fma(ax[i], ay[i], k);
        o4[i] = sycl::sin(ax[i] - ay[i]);
      });
    });
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<scale>(s);
      sycl::accessor av(bv, h, sycl::read_only);
      sycl::accessor o1(bvsqrt, h, sycl::write_only), o2(bvexp, h, sycl::write_only);
      sycl::accessor o3(bvfma, h, sycl::write_only), o4(bvsin, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n / 4), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        float k = kh.get_specialization_constant<scale>();
        sycl::float4 a = av[i];
        sycl::float4 b = a * -0.5f;
        o1[i] = sycl::sqrt(a);
        o2[i] = sycl::exp(b * k);
        o3[i] = sycl::fma(a, b, sycl::float4(k));
        o4[i] = sycl::sin(a);
      });
    });
  }
  int bad_f = 0, bad_v = 0;
  for (size_t i = 0; i < n; ++i) {
    bad_f += !close(r_sqrt[i], std::sqrt(x[i]));
    bad_f += !close(r_exp[i], std::exp(y[i] * s));
    bad_f += !close(r_fma[i], std::fma(x[i], y[i], s));
    bad_f += !close(r_sin[i], std::sin(x[i] - y[i]));
  }
  for (size_t i = 0; i < n / 4; ++i)
    for (int l = 0; l < 4; ++l) {
      float a = x[4 * i + l], b = a * -0.5f;
      bad_v += !close(v_sqrt[i][l], std::sqrt(a));
      bad_v += !close(v_exp[i][l], std::exp(b * s));
      bad_v += !close(v_fma[i][l], std::fma(a, b, s));
      bad_v += !close(v_sin[i][l], std::sin(a));
    }
  std::printf("float built-ins through accessors: %d wrong\n", bad_f);
  std::printf("float4 built-ins through accessors: %d wrong\n", bad_v);
  // CHECK: float built-ins through accessors: 0 wrong
  // CHECK-NEXT: float4 built-ins through accessors: 0 wrong
  return bad_f + bad_v;
}
