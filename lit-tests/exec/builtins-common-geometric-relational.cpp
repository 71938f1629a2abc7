// SYCL 2020 common (§4.17.6), geometric (§4.17.8) and relational (§4.17.9) built-ins on the CPU
// device, for float, double and half as scalars, vecs and marrays, each result checked against
// the host: common functions exact, or within 2 ulp (degrees, radians) or a relative tolerance
// (mix, smoothstep: implementation-defined precision); geometric functions within OpenCL's
// bounds (dot and cross an absolute max^2 * (2n - 1) * epsilon, length, distance and normalize
// 2n + 6 ulp, fast_* 8192 ulp); relational results exact, including NaN, infinities, signed
// zeros and subnormals. Before issue 36 item 5 the device compile stopped in Intel's headers:
// use of undeclared identifier '__spirv_ocl_fclamp', '__spirv_ocl_length', '__spirv_Dot',
// '__spirv_ocl_bitselect', ...
// The kernels ask for sub-groups of 4: Intel's CPU compiler then vectorizes them 4 work-items
// wide (the built-ins run as vector code all the same), a third of the JIT time of its default 16.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: common: 9 functions (and the scalar-argument forms), 3 types, 9 shapes ok
// CHECK: geometric: 8 functions, 3 types, 21 shapes ok
// CHECK: relational: 14 functions, 3 types, 9 shapes ok
// CHECK: any, all, bitselect, select: 11 element types and marray<bool> ok
// CHECK: all results as the spec requires
#include <sycl/sycl.hpp>
#include "Inputs/builtin-shapes.h"
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

using ld = long double;
static int failures = 0;
static long checks = 0;

template <typename T> struct fp;
template <> struct fp<float> {
  static constexpr int mant = 23, emin = -126;
  static constexpr ld eps = 0x1p-23L;
  static const char *name() { return "float"; }
};
template <> struct fp<double> {
  static constexpr int mant = 52, emin = -1022;
  static constexpr ld eps = 0x1p-52L;
  static const char *name() { return "double"; }
};
template <> struct fp<sycl::half> {
  static constexpr int mant = 10, emin = -14;
  static constexpr ld eps = 0x1p-10L;
  static const char *name() { return "half"; }
};
template <typename T> static double ulps(double got, ld want) {
  if (std::isnan(want))
    return std::isnan(got) ? 0 : 1e30;
  int e = want == 0 ? fp<T>::emin : std::max(int(std::ilogb(double(want))), fp<T>::emin);
  return double(std::fabs(ld(got) - want) / std::ldexp(1.0L, e - fp<T>::mant));
}

static void expect(bool ok, const char *type, const char *shape, const char *what, int lane, double got,
                   double want) {
  ++checks;
  if (!ok && failures++ < 40)
    std::printf("MISMATCH %s %s %s lane %d: got %.17g, want %.17g\n", type, shape, what, lane, got, want);
}

template <typename S> static auto lane(const S &v, int k) {
  if constexpr (shape<S>::n == 1 && !std::is_class_v<S>)
    return v;
  else if constexpr (std::is_same_v<S, sycl::half>)
    return v;
  else
    return v[k];
}
template <typename S, typename F> static S build(F f) {
  S v;
  if constexpr (std::is_arithmetic_v<S> || std::is_same_v<S, sycl::half>)
    v = f(0);
  else
    for (int k = 0; k < shape<S>::n; ++k)
      v[k] = f(k);
  return v;
}

constexpr int LANES = 16; // values per argument, spread over calls of the shape's length

// ---- common functions --------------------------------------------------------------------
constexpr int COMMON = 9 + 7; // results per lane: 9 functions, 7 scalar-argument forms

template <typename S> static void common_device(int j, const double *in, double *out) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  auto arg = [&](int w) { return build<S>([&](int k) { return T(in[w * LANES + (j * n + k) % LANES]); }); };
  const S x = arg(0), y = arg(1), a = arg(2), lo = arg(3), hi = arg(4);
  const T s = T(in[5 * LANES + j % LANES]), s2 = T(in[6 * LANES + j % LANES]);
  int r = 0;
  auto store = [&](const auto &v) {
    for (int k = 0; k < n && j * n + k < LANES; ++k)
      out[(j * n + k) * COMMON + r] = double(lane(v, k));
    ++r;
  };
  store(sycl::clamp(x, lo, hi));
  store(sycl::degrees(x));
  store(sycl::max(x, y));
  store(sycl::min(x, y));
  store(sycl::mix(x, y, a));
  store(sycl::radians(x));
  store(sycl::step(y, x));
  store(sycl::smoothstep(lo, hi, x));
  store(sycl::sign(x));
  if constexpr (n > 1 || std::is_class_v<S>) {
    if constexpr (!std::is_same_v<S, T>) {
      const T mn = s < s2 ? s : s2, mx = s < s2 ? s2 : s;
      store(sycl::clamp(x, mn, mx));
      store(sycl::max(x, s));
      store(sycl::min(x, s));
      store(sycl::mix(x, y, T(0.25)));
      store(sycl::step(s, x));
      store(sycl::smoothstep(mn, mx, x));
      store(sycl::fmax(x, s));
    }
  }
}

template <typename S> static bool common(sycl::queue &q) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  std::vector<double> in(7 * LANES);
  for (int i = 0; i < LANES; ++i) {
    in[0 * LANES + i] = double(T((i - 7.5) * 0.37));
    in[1 * LANES + i] = double(T((7 - i) * 0.29 + 0.1));
    in[2 * LANES + i] = double(T(i / 16.0));
    in[3 * LANES + i] = double(T(-1.5 + (i % 3) * 0.25));
    in[4 * LANES + i] = double(T(1.0 + (i % 4) * 0.5));
    in[5 * LANES + i] = double(T(i * 0.3 - 2.0));
    in[6 * LANES + i] = double(T(1.75 - i * 0.1));
  }
  in[0 * LANES + 3] = -0.0;
  double *din = sycl::malloc_shared<double>(in.size(), q);
  double *out = sycl::malloc_shared<double>(LANES * COMMON, q);
  std::memcpy(din, in.data(), in.size() * sizeof(double));
  std::fill(out, out + LANES * COMMON, 0.0);
  q.parallel_for(sycl::range<1>((LANES + n - 1) / n), [=](sycl::id<1> j) [[sycl::reqd_sub_group_size(4)]] { common_device<S>(int(j[0]), din, out); }).wait();
  bool ok = true;
  const bool forms = !std::is_same_v<S, T>;
  for (int i = 0; i < LANES; ++i) {
    ld x = in[i], y = in[LANES + i], a = in[2 * LANES + i], lo = in[3 * LANES + i], hi = in[4 * LANES + i];
    const double *o = out + i * COMMON;
    const char *t = fp<T>::name(), *sh = shape<S>::name();
    auto rel = [&](double got, ld want, ld tol) { return std::fabs(ld(got) - want) <= tol * std::max(std::fabs(want), 1.0L); };
    auto smooth = [](ld e0, ld e1, ld v) {
      ld t2 = std::fmin(std::fmax((v - e0) / (e1 - e0), 0.0L), 1.0L);
      return t2 * t2 * (3 - 2 * t2);
    };
    const ld tol = std::is_same_v<T, sycl::half> ? 2e-3L : std::is_same_v<T, float> ? 1e-5L : 1e-12L;
    int before = failures;
    expect(o[0] == double(std::fmin(std::fmax(x, lo), hi)), t, sh, "clamp", i, o[0], double(std::fmin(std::fmax(x, lo), hi)));
    expect(ulps<T>(o[1], x * 180 / 3.141592653589793238L) <= 2, t, sh, "degrees", i, o[1], double(x * 180 / 3.141592653589793238L));
    expect(o[2] == double(std::fmax(x, y)), t, sh, "max", i, o[2], double(std::fmax(x, y)));
    expect(o[3] == double(std::fmin(x, y)), t, sh, "min", i, o[3], double(std::fmin(x, y)));
    expect(rel(o[4], x + (y - x) * a, tol), t, sh, "mix", i, o[4], double(x + (y - x) * a));
    expect(ulps<T>(o[5], x * 3.141592653589793238L / 180) <= 2, t, sh, "radians", i, o[5], double(x * 3.141592653589793238L / 180));
    expect(o[6] == (x < y ? 0.0 : 1.0), t, sh, "step", i, o[6], x < y ? 0.0 : 1.0);
    expect(rel(o[7], smooth(lo, hi, x), tol), t, sh, "smoothstep", i, o[7], double(smooth(lo, hi, x)));
    ld sign = x > 0 ? 1 : x < 0 ? -1 : x; // sign(+-0) is +-0
    expect(o[8] == double(sign) && std::signbit(o[8]) == std::signbit(double(sign)), t, sh, "sign", i, o[8], double(sign));
    if (forms) {
      const int j = i / n;
      ld s = in[5 * LANES + j % LANES], s2 = in[6 * LANES + j % LANES], mn = std::fmin(s, s2), mx = std::fmax(s, s2);
      expect(o[9] == double(std::fmin(std::fmax(x, mn), mx)), t, sh, "clamp(scalar)", i, o[9], double(std::fmin(std::fmax(x, mn), mx)));
      expect(o[10] == double(std::fmax(x, s)), t, sh, "max(scalar)", i, o[10], double(std::fmax(x, s)));
      expect(o[11] == double(std::fmin(x, s)), t, sh, "min(scalar)", i, o[11], double(std::fmin(x, s)));
      expect(rel(o[12], x + (y - x) * 0.25L, tol), t, sh, "mix(scalar)", i, o[12], double(x + (y - x) * 0.25L));
      expect(o[13] == (x < s ? 0.0 : 1.0), t, sh, "step(scalar)", i, o[13], x < s ? 0.0 : 1.0);
      expect(rel(o[14], smooth(mn, mx, x), tol), t, sh, "smoothstep(scalar)", i, o[14], double(smooth(mn, mx, x)));
      expect(o[15] == double(std::fmax(x, s)), t, sh, "fmax(scalar)", i, o[15], double(std::fmax(x, s)));
    }
    ok &= failures == before;
  }
  sycl::free(din, q);
  sycl::free(out, q);
  return ok;
}

// ---- geometric functions -----------------------------------------------------------------
constexpr int GEO = 8 * 4; // results per call: 8 functions, up to 4 components each

template <typename S> static void geometric_device(int j, const double *in, double *out) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  auto arg = [&](int w) { return build<S>([&](int k) { return T(in[(w * 8 + j) * 4 + k]); }); };
  const S x = arg(0), y = arg(1);
  double *o = out + j * GEO;
  auto put = [&](int slot, const auto &v) {
    for (int k = 0; k < n; ++k)
      o[slot * 4 + k] = double(lane(v, k));
  };
  o[0] = double(sycl::dot(x, y));
  if constexpr (n >= 3 && !std::is_same_v<S, T>)
    put(1, sycl::cross(x, y));
  o[8] = double(sycl::distance(x, y));
  o[12] = double(sycl::length(x));
  put(4, sycl::normalize(x));
  if constexpr (std::is_same_v<T, float>) {
    o[20] = sycl::fast_distance(x, y);
    o[24] = sycl::fast_length(x);
    put(7, sycl::fast_normalize(x));
  }
}

template <typename S> static bool geometric(sycl::queue &q) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  constexpr int CALLS = 8;
  std::vector<double> in(2 * CALLS * 4);
  for (int j = 0; j < CALLS; ++j)
    for (int k = 0; k < 4; ++k) {
      in[j * 4 + k] = double(T((j * 4 + k) % 7 * 0.625 - 1.75));
      in[(CALLS + j) * 4 + k] = double(T(((j + 3) * (k + 1)) % 5 * 0.75 - 1.25));
    }
  double *din = sycl::malloc_shared<double>(in.size(), q);
  double *out = sycl::malloc_shared<double>(CALLS * GEO, q);
  std::memcpy(din, in.data(), in.size() * sizeof(double));
  q.parallel_for(sycl::range<1>(CALLS), [=](sycl::id<1> j) [[sycl::reqd_sub_group_size(4)]] { geometric_device<S>(int(j[0]), din, out); }).wait();
  bool ok = true;
  const char *t = fp<T>::name(), *sh = shape<S>::name();
  for (int j = 0; j < CALLS; ++j) {
    ld x[4], y[4], dot = 0, len2 = 0, dist2 = 0, max = 0;
    for (int k = 0; k < n; ++k) {
      x[k] = in[j * 4 + k];
      y[k] = in[(CALLS + j) * 4 + k];
      dot += x[k] * y[k];
      len2 += x[k] * x[k];
      dist2 += (x[k] - y[k]) * (x[k] - y[k]);
      max = std::fmax(max, std::fmax(std::fabs(x[k]), std::fabs(y[k])));
    }
    const double *o = out + j * GEO;
    const ld eps = fp<T>::eps;
    int before = failures;
    expect(std::fabs(o[0] - dot) <= max * max * (2 * n - 1) * eps + 1e-300L, t, sh, "dot", j, o[0], double(dot));
    if (n >= 3 && !std::is_same_v<S, T>) {
      ld c[4] = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0], 0};
      for (int k = 0; k < n; ++k)
        expect(std::fabs(o[4 + k] - c[k]) <= max * max * 3 * eps, t, sh, "cross", k, o[4 + k], double(c[k]));
    }
    const double geo_ulp = 2 * n + 6;
    expect(ulps<T>(o[8], std::sqrt(dist2)) <= geo_ulp, t, sh, "distance", j, o[8], double(std::sqrt(dist2)));
    expect(ulps<T>(o[12], std::sqrt(len2)) <= geo_ulp, t, sh, "length", j, o[12], double(std::sqrt(len2)));
    for (int k = 0; k < n; ++k)
      expect(std::fabs(o[16 + k] - x[k] / std::sqrt(len2)) <= geo_ulp * eps, t, sh, "normalize", k, o[16 + k],
             double(x[k] / std::sqrt(len2)));
    if (std::is_same_v<T, float>) {
      expect(ulps<float>(o[20], std::sqrt(dist2)) <= 8192, t, sh, "fast_distance", j, o[20], double(std::sqrt(dist2)));
      expect(ulps<float>(o[24], std::sqrt(len2)) <= 8192, t, sh, "fast_length", j, o[24], double(std::sqrt(len2)));
      for (int k = 0; k < n; ++k)
        expect(std::fabs(o[28 + k] - x[k] / std::sqrt(len2)) <= 8192 * eps, t, sh, "fast_normalize", k, o[28 + k],
               double(x[k] / std::sqrt(len2)));
    }
    ok &= failures == before;
  }
  sycl::free(din, q);
  sycl::free(out, q);
  return ok;
}

// ---- relational functions ----------------------------------------------------------------
constexpr int REL = 14;

template <typename S> static void relational_device(int j, const double *in, int *out) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  auto arg = [&](int w) { return build<S>([&](int k) { return T(in[w * LANES + (j * n + k) % LANES]); }); };
  const S x = arg(0), y = arg(1);
  int r = 0;
  auto store = [&](const auto &v) {
    for (int k = 0; k < n && j * n + k < LANES; ++k)
      out[(j * n + k) * REL + r] = int(lane(v, k));
    ++r;
  };
  store(sycl::isequal(x, y));
  store(sycl::isnotequal(x, y));
  store(sycl::isgreater(x, y));
  store(sycl::isgreaterequal(x, y));
  store(sycl::isless(x, y));
  store(sycl::islessequal(x, y));
  store(sycl::islessgreater(x, y));
  store(sycl::isfinite(x));
  store(sycl::isinf(x));
  store(sycl::isnan(x));
  store(sycl::isnormal(x));
  store(sycl::isordered(x, y));
  store(sycl::isunordered(x, y));
  store(sycl::signbit(x));
}

template <typename S> static bool relational(sycl::queue &q) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const double tiny = std::is_same_v<T, sycl::half> ? 0x1p-20 : std::is_same_v<T, float> ? 0x1p-140 : 0x1p-1060;
  const double xs[LANES] = {1.0, -2.5, 0.0, -0.0, inf, -inf, nan, tiny, 3.0, -tiny, 1.5, nan, 7.0, -1.0, 0.5, 2.0};
  const double ys[LANES] = {1.0, 2.5, -0.0, 0.0, inf, 1.0, 1.0, 0.0, nan, -tiny, -1.5, nan, 8.0, -1.0, 0.25, -inf};
  std::vector<double> in(2 * LANES);
  for (int i = 0; i < LANES; ++i) {
    in[i] = double(T(xs[i]));
    in[LANES + i] = double(T(ys[i]));
  }
  double *din = sycl::malloc_shared<double>(in.size(), q);
  int *out = sycl::malloc_shared<int>(LANES * REL, q);
  std::memcpy(din, in.data(), in.size() * sizeof(double));
  q.parallel_for(sycl::range<1>((LANES + n - 1) / n), [=](sycl::id<1> j) [[sycl::reqd_sub_group_size(4)]] { relational_device<S>(int(j[0]), din, out); }).wait();
  bool ok = true;
  // vec results are -1 for true (an int of the element's width), scalars and marrays bool.
  const int yes = shape<S>::is_vec ? -1 : 1;
  static const char *names[REL] = {"isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
                                   "islessequal", "islessgreater", "isfinite", "isinf", "isnan",
                                   "isnormal", "isordered", "isunordered", "signbit"};
  for (int i = 0; i < LANES; ++i) {
    double x = in[i], y = in[LANES + i];
    bool want[REL] = {x == y, !(x == y), x > y, x >= y, x < y, x <= y, x < y || x > y,
                      std::isfinite(x), std::isinf(x), std::isnan(x), std::isnormal(double(T(x))) &&
                      std::fabs(x) >= std::ldexp(1.0, fp<T>::emin), !std::isnan(x) && !std::isnan(y),
                      std::isnan(x) || std::isnan(y), std::signbit(x)};
    for (int r = 0; r < REL; ++r)
      expect(out[i * REL + r] == (want[r] ? yes : 0), fp<T>::name(), shape<S>::name(), names[r], i,
             out[i * REL + r], want[r] ? yes : 0);
    ok &= failures == 0;
  }
  sycl::free(din, q);
  sycl::free(out, q);
  return ok;
}

// ---- any, all, bitselect, select ---------------------------------------------------------
template <typename T> static T bits_of(int i) {
  if constexpr (std::is_same_v<T, sycl::half>)
    return sycl::bit_cast<sycl::half>(uint16_t(0x3c00 + i * 0x51));
  else if constexpr (std::is_floating_point_v<T>)
    return T(i * 0.75 - 3.0);
  else
    return T((i * 2654435761u) ^ (i << 5));
}
template <typename T> using bits_t = std::conditional_t<sizeof(T) == 1, uint8_t, std::conditional_t<sizeof(T) == 2, uint16_t,
                                      std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
template <typename T> static bits_t<T> raw(T v) {
  bits_t<T> b;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}

template <typename T> static bool selects(sycl::queue &q, const char *name) {
  using I = std::conditional_t<sizeof(T) == 1, int8_t, std::conditional_t<sizeof(T) == 2, int16_t,
                               std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;
  constexpr int n = 4;
  T *out = sycl::malloc_shared<T>(8 * n, q);
  int *flags = sycl::malloc_shared<int>(4, q);
  q.single_task([=] {
     T a = bits_of<T>(1), b = bits_of<T>(2), c = bits_of<T>(3);
     out[0] = sycl::bitselect(a, b, c);
     out[1] = sycl::select(a, b, true);
     out[2] = sycl::select(a, b, false);
     sycl::vec<T, n> va, vb, vc;
     sycl::marray<T, n> ma, mb, mc;
     sycl::vec<I, n> mask;
     sycl::marray<bool, n> bmask;
     for (int k = 0; k < n; ++k) {
       va[k] = ma[k] = bits_of<T>(4 + k);
       vb[k] = mb[k] = bits_of<T>(9 + k);
       vc[k] = mc[k] = bits_of<T>(13 + k);
       mask[k] = k % 2 ? I(-1) : I(k); // selects b where the mask's top bit is set
       bmask[k] = k % 2 == 0;
     }
     sycl::vec<T, n> r1 = sycl::bitselect(va, vb, vc), r2 = sycl::select(va, vb, mask);
     sycl::marray<T, n> r3 = sycl::bitselect(ma, mb, mc), r4 = sycl::select(ma, mb, bmask);
     for (int k = 0; k < n; ++k) {
       out[8 + k] = r1[k];
       out[12 + k] = r2[k];
       out[16 + k] = r3[k];
       out[20 + k] = r4[k];
     }
     if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
       sycl::vec<T, n> m{T(-1), T(0), T(-5), T(3)};
       flags[0] = sycl::any(m);
       flags[1] = sycl::all(m);
       flags[2] = sycl::all(sycl::vec<T, n>{T(-1), T(-2), T(-3), T(-128)});
       flags[3] = sycl::any(sycl::vec<T, n>{T(0), T(1), T(2), T(3)});
     }
   }).wait();
  auto bitsel = [](T a, T b, T c) {
    bits_t<T> r = (raw(a) & ~raw(c)) | (raw(b) & raw(c));
    T v;
    std::memcpy(&v, &r, sizeof(T));
    return v;
  };
  bool ok = true;
  int before = failures;
  auto same = [](T x, T y) { return raw(x) == raw(y); };
  expect(same(out[0], bitsel(bits_of<T>(1), bits_of<T>(2), bits_of<T>(3))), name, "scalar", "bitselect", 0, 0, 0);
  expect(same(out[1], bits_of<T>(2)) && same(out[2], bits_of<T>(1)), name, "scalar", "select", 0, 0, 0);
  for (int k = 0; k < n; ++k) {
    T a = bits_of<T>(4 + k), b = bits_of<T>(9 + k), c = bits_of<T>(13 + k);
    expect(same(out[8 + k], bitsel(a, b, c)), name, "vec", "bitselect", k, 0, 0);
    expect(same(out[12 + k], k % 2 ? b : a), name, "vec", "select", k, 0, 0);
    expect(same(out[16 + k], bitsel(a, b, c)), name, "marray", "bitselect", k, 0, 0);
    expect(same(out[20 + k], k % 2 == 0 ? b : a), name, "marray", "select", k, 0, 0);
  }
  if (std::is_integral_v<T> && std::is_signed_v<T>) {
    expect(flags[0] == 1 && flags[1] == 0 && flags[2] == 1 && flags[3] == 0, name, "vec", "any/all", 0, 0, 0);
  }
  ok &= failures == before;
  sycl::free(out, q);
  sycl::free(flags, q);
  return ok;
}

static bool any_all_marray(sycl::queue &q) {
  bool *out = sycl::malloc_shared<bool>(4, q);
  q.single_task([=] {
     sycl::marray<bool, 3> a{true, false, true}, b{true, true, true};
     out[0] = sycl::any(a);
     out[1] = sycl::all(a);
     out[2] = sycl::all(b);
     out[3] = sycl::any(sycl::marray<bool, 3>{false, false, false});
   }).wait();
  bool ok = out[0] && !out[1] && out[2] && !out[3];
  expect(ok, "bool", "marray", "any/all", 0, 0, 0);
  sycl::free(out, q);
  return ok;
}

int main() {
  sycl::queue q;
  bool ok = common<float>(q) & common<sycl::vec<float, 4>>(q) & common<sycl::marray<float, 3>>(q) &
            common<double>(q) & common<sycl::vec<double, 2>>(q) & common<sycl::marray<double, 5>>(q) &
            common<sycl::half>(q) & common<sycl::vec<sycl::half, 8>>(q) & common<sycl::marray<sycl::half, 2>>(q);
  if (ok)
    std::printf("common: 9 functions (and the scalar-argument forms), 3 types, 9 shapes ok\n");
#define GEO_SHAPES(T)                                                                              \
  geometric<T>(q) & geometric<sycl::vec<T, 2>>(q) & geometric<sycl::vec<T, 3>>(q) &                \
      geometric<sycl::vec<T, 4>>(q) & geometric<sycl::marray<T, 2>>(q) &                           \
      geometric<sycl::marray<T, 3>>(q) & geometric<sycl::marray<T, 4>>(q)
  ok = GEO_SHAPES(float) & GEO_SHAPES(double) & GEO_SHAPES(sycl::half);
  if (ok)
    std::printf("geometric: 8 functions, 3 types, 21 shapes ok\n");
  ok = relational<float>(q) & relational<sycl::vec<float, 3>>(q) & relational<sycl::marray<float, 4>>(q) &
       relational<double>(q) & relational<sycl::vec<double, 16>>(q) & relational<sycl::marray<double, 2>>(q) &
       relational<sycl::half>(q) & relational<sycl::vec<sycl::half, 2>>(q) & relational<sycl::marray<sycl::half, 5>>(q);
  if (ok)
    std::printf("relational: 14 functions, 3 types, 9 shapes ok\n");
  ok = selects<int8_t>(q, "int8_t") & selects<uint8_t>(q, "uint8_t") & selects<int16_t>(q, "int16_t") &
       selects<uint16_t>(q, "uint16_t") & selects<int32_t>(q, "int32_t") & selects<uint32_t>(q, "uint32_t") &
       selects<int64_t>(q, "int64_t") & selects<uint64_t>(q, "uint64_t") & selects<float>(q, "float") &
       selects<double>(q, "double") & selects<sycl::half>(q, "half") & any_all_marray(q);
  if (ok)
    std::printf("any, all, bitselect, select: 11 element types and marray<bool> ok\n");
  if (failures) {
    std::printf("%d mismatches in %ld checks\n", failures, checks);
    return 1;
  }
  std::printf("all results as the spec requires (%ld checks)\n", checks);
  return 0;
}
