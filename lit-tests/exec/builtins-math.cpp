// SYCL 2020 math built-ins (§4.17.5), with their half_precision:: and native:: variants, on
// the CPU device: every function for float, double and half, as scalars, vecs and marrays,
// each result checked against the host's long double computation of the same inputs within the
// precision the spec requires (OpenCL's ULP tables; half_precision:: 8192 ulp, native:: a
// relative 2^-11). Before issue 36 item 5 the device compile stopped in Intel's headers: use of
// undeclared identifier '__spirv_ocl_frexp' (also fract, modf, sincos, remquo, lgamma_r).
// The kernels ask for sub-groups of 4: Intel's CPU compiler then vectorizes them 4 work-items
// wide (the built-ins run as vector code all the same), a third of the JIT time of its default 16.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: float: 67 functions, 4 shapes ok
// CHECK: double: 67 functions, 3 shapes ok
// CHECK: half: 67 functions, 3 shapes ok
// CHECK: half_precision and native: 28 functions, 3 shapes ok
// CHECK: pointer arguments in the generic, global, local and private spaces ok
// CHECK: all results within the spec's precision
#include <sycl/sycl.hpp>
#include "Inputs/builtin-shapes.h"
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

using ld = long double;
static const ld PI = 3.141592653589793238462643383279502884L;

static int failures = 0;
static long checks = 0;

constexpr int K = 16; // inputs per function

// Input domains: each function's arguments are drawn from one of these (K values each).
enum Dom { ANY, UNIT, OPEN_UNIT, POS, GE1, SMALL, NONZERO, GAMMA, INT_SMALL, INT_ROOT, TRIG };
static double domain(Dom d, int i) {
  switch (d) {
  case ANY: return (i - 7.5) * 0.73;             // [-5.5, 5.5]
  case UNIT: return (i - 7.5) / 8.0;             // (-1, 1)
  case OPEN_UNIT: return (i - 7.5) / 8.5;        // inside (-1, 1)
  case POS: return 0.1 + i * 0.61;               // (0, 9.3]
  case GE1: return 1.0 + i * 0.53;               // [1, 9]
  case SMALL: return (i - 7.5) * 0.21;           // [-1.6, 1.6]
  case NONZERO: return (i % 2 ? 1 : -1) * (0.7 + i * 0.35);
  case GAMMA: return 2.6 + i * 0.37;             // away from lgamma's zeros at 1 and 2
  case INT_SMALL: return double(i % 9 - 4);      // pown's exponents
  case INT_ROOT: return double(i % 2 ? 1 + i % 5 : -(1 + i % 4)); // rootn's, nonzero
  case TRIG: return (i - 7.5) * 0.11;            // sinpi & co.: |x| < 1
  }
  return 0;
}

template <typename T> struct fp;
template <> struct fp<float> {
  static constexpr int mant = 23, emin = -126;
  static const char *name() { return "float"; }
};
template <> struct fp<double> {
  static constexpr int mant = 52, emin = -1022;
  static const char *name() { return "double"; }
};
template <> struct fp<sycl::half> {
  static constexpr int mant = 10, emin = -14;
  static const char *name() { return "half"; }
};

// The error of `got` against the exact `want`, in units in the last place of T at `want`.
template <typename T> static double ulps(double got, ld want) {
  if (std::isnan(want))
    return std::isnan(got) ? 0 : 1e30;
  if (std::isinf(want))
    return got == double(want) ? 0 : 1e30;
  int e = want == 0 ? fp<T>::emin : std::max(int(std::ilogb(double(want))), fp<T>::emin);
  ld ulp = std::ldexp(1.0L, e - fp<T>::mant);
  return double(std::fabs(ld(got) - want) / ulp);
}

// The function tables: name, the arguments' domains, the ULP bounds for float, double and half,
// the host's reference (a, b, c: the arguments as long double).
#define ONE_ARG(X)                                                                                 \
  X(acos, UNIT, ANY, ANY, 4, 4, 2, std::acos(a))                                                   \
  X(acosh, GE1, ANY, ANY, 4, 4, 2, std::acosh(a))                                                  \
  X(acospi, UNIT, ANY, ANY, 5, 5, 2, std::acos(a) / PI)                                            \
  X(asin, UNIT, ANY, ANY, 4, 4, 2, std::asin(a))                                                   \
  X(asinh, ANY, ANY, ANY, 4, 4, 2, std::asinh(a))                                                  \
  X(asinpi, UNIT, ANY, ANY, 5, 5, 2, std::asin(a) / PI)                                            \
  X(atan, ANY, ANY, ANY, 5, 5, 2, std::atan(a))                                                    \
  X(atanh, OPEN_UNIT, ANY, ANY, 5, 5, 2, std::atanh(a))                                            \
  X(atanpi, ANY, ANY, ANY, 5, 5, 2, std::atan(a) / PI)                                             \
  X(cbrt, ANY, ANY, ANY, 2, 2, 2, std::cbrt(a))                                                    \
  X(ceil, ANY, ANY, ANY, 0, 0, 0, std::ceil(a))                                                    \
  X(cos, ANY, ANY, ANY, 4, 4, 2, std::cos(a))                                                      \
  X(cosh, SMALL, ANY, ANY, 4, 4, 2, std::cosh(a))                                                  \
  X(cospi, TRIG, ANY, ANY, 4, 4, 2, std::cos(PI * a))                                              \
  X(erfc, SMALL, ANY, ANY, 16, 16, 4, std::erfc(a))                                                \
  X(erf, SMALL, ANY, ANY, 16, 16, 4, std::erf(a))                                                  \
  X(exp, SMALL, ANY, ANY, 3, 3, 2, std::exp(a))                                                    \
  X(exp2, ANY, ANY, ANY, 3, 3, 2, std::exp2(a))                                                    \
  X(exp10, SMALL, ANY, ANY, 3, 3, 2, std::pow(10.0L, a))                                           \
  X(expm1, SMALL, ANY, ANY, 3, 3, 2, std::expm1(a))                                                \
  X(fabs, ANY, ANY, ANY, 0, 0, 0, std::fabs(a))                                                    \
  X(floor, ANY, ANY, ANY, 0, 0, 0, std::floor(a))                                                  \
  X(lgamma, GAMMA, ANY, ANY, 16, 16, 4, std::lgamma(a))                                            \
  X(log, POS, ANY, ANY, 3, 3, 2, std::log(a))                                                      \
  X(log2, POS, ANY, ANY, 3, 3, 2, std::log2(a))                                                    \
  X(log10, POS, ANY, ANY, 3, 3, 2, std::log10(a))                                                  \
  X(log1p, POS, ANY, ANY, 2, 2, 2, std::log1p(a))                                                  \
  X(logb, NONZERO, ANY, ANY, 0, 0, 0, std::logb(a))                                                \
  X(rint, ANY, ANY, ANY, 0, 0, 0, std::nearbyint(a))                                               \
  X(round, ANY, ANY, ANY, 0, 0, 0, std::round(a))                                                  \
  X(rsqrt, POS, ANY, ANY, 2, 2, 1, 1 / std::sqrt(a))                                               \
  X(sin, ANY, ANY, ANY, 4, 4, 2, std::sin(a))                                                      \
  X(sinh, SMALL, ANY, ANY, 4, 4, 2, std::sinh(a))                                                  \
  X(sinpi, TRIG, ANY, ANY, 4, 4, 2, std::sin(PI * a))                                              \
  X(sqrt, POS, ANY, ANY, 3, 0, 1, std::sqrt(a))                                                    \
  X(tan, SMALL, ANY, ANY, 5, 5, 2, std::tan(a))                                                    \
  X(tanh, ANY, ANY, ANY, 5, 5, 2, std::tanh(a))                                                    \
  X(tanpi, TRIG, ANY, ANY, 6, 6, 2, std::tan(PI * a))                                              \
  X(tgamma, GAMMA, ANY, ANY, 16, 16, 4, std::tgamma(a))                                            \
  X(trunc, ANY, ANY, ANY, 0, 0, 0, std::trunc(a))
#define TWO_ARGS(X)                                                                                \
  X(atan2, ANY, NONZERO, ANY, 6, 6, 2, std::atan2(a, b))                                           \
  X(atan2pi, ANY, NONZERO, ANY, 6, 6, 2, std::atan2(a, b) / PI)                                    \
  X(copysign, ANY, NONZERO, ANY, 0, 0, 0, std::copysign(a, b))                                     \
  X(fdim, ANY, ANY, ANY, 0, 0, 0, std::fdim(a, b))                                                 \
  X(fmax, ANY, ANY, ANY, 0, 0, 0, std::fmax(a, b))                                                 \
  X(fmin, ANY, ANY, ANY, 0, 0, 0, std::fmin(a, b))                                                 \
  X(fmod, ANY, NONZERO, ANY, 0, 0, 0, std::fmod(a, b))                                             \
  X(hypot, ANY, ANY, ANY, 4, 4, 2, std::hypot(a, b))                                               \
  X(maxmag, ANY, ANY, ANY, 0, 0, 0, maxmag(a, b))                                                  \
  X(minmag, ANY, ANY, ANY, 0, 0, 0, minmag(a, b))                                                  \
  X(pow, POS, SMALL, ANY, 16, 16, 4, std::pow(a, b))                                               \
  X(powr, POS, SMALL, ANY, 16, 16, 4, std::pow(a, b))                                              \
  X(remainder, ANY, NONZERO, ANY, 0, 0, 0, std::remainder(a, b))
#define THREE_ARGS(X)                                                                              \
  X(fma, ANY, ANY, ANY, 0, 0, 0, std::fma(a, b, c))                                                        \
  X(mad, POS, POS, POS, 1, 1, 1, a * b + c)

static ld maxmag(ld a, ld b) {
  return std::fabs(a) > std::fabs(b) ? a : std::fabs(b) > std::fabs(a) ? b : std::fmax(a, b);
}
static ld minmag(ld a, ld b) {
  return std::fabs(a) < std::fabs(b) ? a : std::fabs(b) < std::fabs(a) ? b : std::fmin(a, b);
}

// Functions with an integer argument or result, or a second result through a pointer; each
// gives two results (the second 0 where there is none).
#define SPECIAL(X)                                                                                 \
  X(ldexp) X(pown) X(rootn) X(ilogb) X(nextafter) X(frexp) X(lgamma_r) X(remquo) X(fract)         \
  X(modf) X(sincos) X(nan)
#define COUNT(...) +1
constexpr int N_PLAIN = 0 ONE_ARG(COUNT) TWO_ARGS(COUNT) THREE_ARGS(COUNT);
constexpr int N_SPECIAL = 0 SPECIAL(COUNT);
constexpr int N_FUNCS = N_PLAIN + N_SPECIAL;

template <typename S, typename E> struct with_elem {
  using type = E;
};
template <typename X, int N, typename E> struct with_elem<sycl::vec<X, N>, E> {
  using type = sycl::vec<std::conditional_t<std::is_same_v<E, int>, int32_t, E>, N>;
};
template <typename X, std::size_t N, typename E> struct with_elem<sycl::marray<X, N>, E> {
  using type = sycl::marray<E, N>;
};

template <typename S> static auto lane(const S &v, int k) {
  if constexpr (shape<S>::n == 1)
    return v;
  else
    return v[k];
}
template <typename S, typename F> static S build(F f) {
  S v;
  if constexpr (shape<S>::n == 1)
    v = f(0);
  else
    for (int k = 0; k < shape<S>::n; ++k)
      v[k] = f(k);
  return v;
}

// Device: function f's results for the inputs [j*n, j*n + n) (results beyond K are dropped).
template <typename S>
static void device_calls(int j, const double *in, double *out) {
  using T = typename shape<S>::elem;
  using I = typename with_elem<S, int>::type;
  constexpr int n = shape<S>::n;
  int f = 0;
  auto arg = [&](int which) {
    return build<S>([&](int k) { return T(in[(f * 3 + which) * K + (j * n + k) % K]); });
  };
  auto iarg = [&](int which) {
    return build<I>([&](int k) { return int(in[(f * 3 + which) * K + (j * n + k) % K]); });
  };
  auto store = [&](const auto &r, const auto &second) {
    for (int k = 0; k < n && j * n + k < K; ++k) {
      out[(f * K + j * n + k) * 2] = double(lane(r, k));
      out[(f * K + j * n + k) * 2 + 1] = double(lane(second, k));
    }
    ++f;
  };
#define DEVICE1(NAME, ...) store(sycl::NAME(arg(0)), 0.0);
#define DEVICE2(NAME, ...) store(sycl::NAME(arg(0), arg(1)), 0.0);
#define DEVICE3(NAME, ...) store(sycl::NAME(arg(0), arg(1), arg(2)), 0.0);
  ONE_ARG(DEVICE1)
  TWO_ARGS(DEVICE2)
  THREE_ARGS(DEVICE3)
  store(sycl::ldexp(arg(0), iarg(1)), 0.0);
  store(sycl::pown(arg(0), iarg(1)), 0.0);
  store(sycl::rootn(arg(0), iarg(1)), 0.0);
  store(sycl::ilogb(arg(0)), 0.0);
  store(sycl::nextafter(arg(0), arg(1)), 0.0);
  {
    I e;
    auto m = sycl::frexp(arg(0), &e);
    store(m, e);
  }
  {
    I sign;
    auto l = sycl::lgamma_r(arg(0), &sign);
    store(l, sign);
  }
  {
    I quo;
    auto r = sycl::remquo(arg(0), arg(1), &quo);
    store(r, quo);
  }
  {
    S whole;
    auto r = sycl::fract(arg(0), &whole);
    store(r, whole);
  }
  {
    S whole;
    auto r = sycl::modf(arg(0), &whole);
    store(r, whole);
  }
  {
    S c;
    auto s = sycl::sincos(arg(0), &c);
    store(s, c);
  }
  {
    using U = std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
    using UV = typename with_elem<S, U>::type;
    UV code = build<UV>([&](int k) { return U(j * n + k + 1); });
    store(sycl::nan(code), 0.0);
  }
#undef DEVICE1
#undef DEVICE2
#undef DEVICE3
}

// Host: the domains of each function's arguments (rows of `in`), and the checks.
struct Spec {
  const char *name;
  Dom dom[3];
  int ulp[3]; // float, double, half
};
static std::vector<Spec> specs() {
  std::vector<Spec> s;
#define SPEC(NAME, D0, D1, D2, UF, UD, UH, REF) s.push_back({#NAME, {D0, D1, D2}, {UF, UD, UH}});
  ONE_ARG(SPEC)
  TWO_ARGS(SPEC)
  THREE_ARGS(SPEC)
#undef SPEC
  s.push_back({"ldexp", {ANY, INT_SMALL, ANY}, {0, 0, 0}});
  s.push_back({"pown", {NONZERO, INT_SMALL, ANY}, {16, 16, 4}});
  s.push_back({"rootn", {POS, INT_ROOT, ANY}, {16, 16, 4}});
  s.push_back({"ilogb", {NONZERO, ANY, ANY}, {0, 0, 0}});
  s.push_back({"nextafter", {ANY, ANY, ANY}, {0, 0, 0}});
  s.push_back({"frexp", {ANY, ANY, ANY}, {0, 0, 0}});
  s.push_back({"lgamma_r", {GAMMA, ANY, ANY}, {16, 16, 4}});
  s.push_back({"remquo", {ANY, NONZERO, ANY}, {0, 0, 0}});
  s.push_back({"fract", {ANY, ANY, ANY}, {0, 0, 0}});
  s.push_back({"modf", {ANY, ANY, ANY}, {0, 0, 0}});
  s.push_back({"sincos", {ANY, ANY, ANY}, {4, 4, 2}});
  s.push_back({"nan", {ANY, ANY, ANY}, {0, 0, 0}});
  return s;
}

template <typename T> static int type_index() {
  return std::is_same_v<T, float> ? 0 : std::is_same_v<T, double> ? 1 : 2;
}

template <typename T> static ld as_t(double v) { return ld(double(T(v))); }

// The host's two results of function f for input i.
template <typename T>
static void reference(int f, const std::vector<double> &in, int i, ld &want, ld &second) {
  ld a = as_t<T>(in[(f * 3) * K + i]), b = as_t<T>(in[(f * 3 + 1) * K + i]),
     c = as_t<T>(in[(f * 3 + 2) * K + i]);
  second = 0;
  int g = 0;
#define REF_ENTRY(NAME, D0, D1, D2, UF, UD, UH, REF)                                               \
  if (f == g++) {                                                                                  \
    want = (REF);                                                                                  \
    return;                                                                                        \
  }
  ONE_ARG(REF_ENTRY)
  TWO_ARGS(REF_ENTRY)
  THREE_ARGS(REF_ENTRY)
#undef REF_ENTRY
  int ib = int(in[(f * 3 + 1) * K + i]);
  switch (f - N_PLAIN) {
  case 0: want = std::ldexp(a, ib); return;
  case 1: want = std::pow(a, ld(ib)); return;
  case 2: want = std::pow(a, 1.0L / ib); return;
  case 3: want = std::ilogb(a); return;
  case 4: { // the next representable T after a towards b
    T x = T(double(a)), r;
    if constexpr (std::is_same_v<T, sycl::half>)
      r = sycl::bit_cast<sycl::half>(uint16_t(sycl::bit_cast<uint16_t>(x) + ((b > a) == (a > 0) ? 1 : -1)));
    else
      r = std::nextafter(x, T(double(b)));
    want = double(r);
    return;
  }
  case 5: { int e; want = std::frexp(a, &e); second = e; return; }
  case 6: { int s; want = lgammal_r(a, &s); second = s; return; }
  case 7: { int q; want = std::remquo(a, b, &q); second = q; return; } // quo's low bits: below
  case 8: want = a - std::floor(a); second = std::floor(a); return;
  case 9: { ld w; want = std::modf(a, &w); second = w; return; }
  case 10: want = std::sin(a); second = std::cos(a); return;
  case 11: want = NAN; return;
  }
}

template <typename S> static bool run_shape(sycl::queue &q, const std::vector<double> &in) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  const int calls = (K + n - 1) / n;
  double *din = sycl::malloc_shared<double>(in.size(), q);
  double *out = sycl::malloc_shared<double>(N_FUNCS * K * 2, q);
  std::memcpy(din, in.data(), in.size() * sizeof(double));
  q.parallel_for(sycl::range<1>(calls), [=](sycl::id<1> j) [[sycl::reqd_sub_group_size(4)]] { device_calls<S>(int(j[0]), din, out); }).wait();
  const std::vector<Spec> s = specs();
  bool ok = true;
  for (int f = 0; f < N_FUNCS; ++f)
    for (int i = 0; i < K; ++i) {
      ld want, second;
      reference<T>(f, in, i, want, second);
      double got = out[(f * K + i) * 2], got2 = out[(f * K + i) * 2 + 1];
      ++checks;
      // A bound of 0 ulp means the exact result, or the correctly rounded one (fma, sqrt of
      // double): half an ulp.
      const double bound = std::max(double(s[f].ulp[type_index<T>()]), 0.5);
      double err = ulps<T>(got, want);
      bool bad = err > bound;
      if (std::strcmp(s[f].name, "ilogb") == 0)
        bad = got != double(want);
      // Second results: frexp's exponent, lgamma_r's sign, remquo's quotient (its sign and
      // at least its three low bits), fract's floor, modf's whole part, sincos's cosine.
      if (std::strcmp(s[f].name, "remquo") == 0) {
        long gq = long(got2), wq = long(second);
        bad |= (gq < 0) != (wq < 0) || (std::labs(gq) & 7) != (std::labs(wq) & 7);
      } else if (std::strcmp(s[f].name, "sincos") == 0) {
        bad |= ulps<T>(got2, second) > bound;
      } else {
        bad |= got2 != double(second);
      }
      if (bad && failures++ < 40)
        std::printf("MISMATCH %s %s %s(%g) lane %d: got %.17g, %.17g; want %.17Lg, %.17Lg (%.1f ulp)\n",
                    fp<T>::name(), shape<S>::name(), s[f].name, in[f * 3 * K + i], i, got, got2, want,
                    second, err);
      ok &= !bad;
    }
  sycl::free(din, q);
  sycl::free(out, q);
  return ok;
}

// half_precision:: and native:: (float only), against the same references.
#define PRECISION_VARIANTS(X)                                                                      \
  X(cos, ANY, ANY, std::cos(a)) X(exp, SMALL, ANY, std::exp(a)) X(exp2, ANY, ANY, std::exp2(a))    \
  X(exp10, SMALL, ANY, std::pow(10.0L, a)) X(log, POS, ANY, std::log(a))                          \
  X(log2, POS, ANY, std::log2(a)) X(log10, POS, ANY, std::log10(a)) X(recip, NONZERO, ANY, 1 / a) \
  X(rsqrt, POS, ANY, 1 / std::sqrt(a)) X(sin, ANY, ANY, std::sin(a)) X(sqrt, POS, ANY, std::sqrt(a)) \
  X(tan, SMALL, ANY, std::tan(a))
#define PRECISION_VARIANTS2(X) X(divide, ANY, NONZERO, a / b) X(powr, POS, SMALL, std::pow(a, b))
constexpr int N_VARIANTS = 0 PRECISION_VARIANTS(COUNT) PRECISION_VARIANTS2(COUNT);

template <typename S> static void device_variants(int j, const double *in, double *out) {
  constexpr int n = shape<S>::n;
  int f = 0;
  auto arg = [&](int which) {
    return build<S>([&](int k) { return float(in[(f * 2 + which) * K + (j * n + k) % K]); });
  };
  auto store = [&](const S &h, const S &nat) {
    for (int k = 0; k < n && j * n + k < K; ++k) {
      out[(f * K + j * n + k) * 2] = lane(h, k);
      out[(f * K + j * n + k) * 2 + 1] = lane(nat, k);
    }
    ++f;
  };
#define VARIANT1(NAME, ...) store(sycl::half_precision::NAME(arg(0)), sycl::native::NAME(arg(0)));
#define VARIANT2(NAME, ...) store(sycl::half_precision::NAME(arg(0), arg(1)), sycl::native::NAME(arg(0), arg(1)));
  PRECISION_VARIANTS(VARIANT1)
  PRECISION_VARIANTS2(VARIANT2)
#undef VARIANT1
#undef VARIANT2
}

template <typename S> static bool run_variants(sycl::queue &q) {
  constexpr int n = shape<S>::n;
  std::vector<double> in(N_VARIANTS * 2 * K);
  std::vector<const char *> names;
  Dom doms[N_VARIANTS][2];
  int g = 0;
#define VARIANT_DOMS(NAME, D0, D1, REF) names.push_back(#NAME), doms[g][0] = D0, doms[g][1] = D1, ++g;
  PRECISION_VARIANTS(VARIANT_DOMS)
  PRECISION_VARIANTS2(VARIANT_DOMS)
#undef VARIANT_DOMS
  for (int f = 0; f < N_VARIANTS; ++f)
    for (int w = 0; w < 2; ++w)
      for (int i = 0; i < K; ++i)
        in[(f * 2 + w) * K + i] = domain(doms[f][w], (i * (w ? 7 : 1) + 3 * w) % K);
  double *din = sycl::malloc_shared<double>(in.size(), q);
  double *out = sycl::malloc_shared<double>(N_VARIANTS * K * 2, q);
  std::memcpy(din, in.data(), in.size() * sizeof(double));
  q.parallel_for(sycl::range<1>((K + n - 1) / n), [=](sycl::id<1> j) [[sycl::reqd_sub_group_size(4)]] { device_variants<S>(int(j[0]), din, out); }).wait();
  bool ok = true;
  for (int f = 0; f < N_VARIANTS; ++f)
    for (int i = 0; i < K; ++i) {
      ld a = ld(float(in[f * 2 * K + i])), b = ld(float(in[(f * 2 + 1) * K + i])), want = 0;
      int g2 = 0;
#define VARIANT_REF(NAME, D0, D1, REF)                                                             \
  if (f == g2++)                                                                                   \
    want = (REF);
      PRECISION_VARIANTS(VARIANT_REF)
      PRECISION_VARIANTS2(VARIANT_REF)
#undef VARIANT_REF
      double h = out[(f * K + i) * 2], nat = out[(f * K + i) * 2 + 1];
      checks += 2;
      bool bad_half = ulps<float>(h, want) > 8192;
      bool bad_native = std::fabs(ld(nat) - want) > std::ldexp(std::fabs(want), -11) + 1e-30L;
      if ((bad_half || bad_native) && failures++ < 40)
        std::printf("MISMATCH %s %s(%g): half_precision %.9g, native %.9g, want %.9Lg\n", shape<S>::name(), names[f],
                    double(a), h, nat, want);
      ok &= !bad_half && !bad_native;
    }
  sycl::free(din, q);
  sycl::free(out, q);
  return ok;
}

template <typename T, typename... Shapes> static void run_type(sycl::queue &q) {
  const std::vector<Spec> s = specs();
  std::vector<double> in(N_FUNCS * 3 * K);
  for (int f = 0; f < N_FUNCS; ++f)
    for (int w = 0; w < 3; ++w)
      for (int i = 0; i < K; ++i)
        in[(f * 3 + w) * K + i] = double(T(domain(s[f].dom[w], (i * (w ? 5 : 1) + 3 * w) % K)));
  bool ok = (run_shape<Shapes>(q, in) & ...);
  if (ok)
    std::printf("%s: %d functions, %d shapes ok\n", fp<T>::name(), N_FUNCS, int(sizeof...(Shapes)));
}

// frexp and sincos through multi_ptrs into each address space (a raw pointer is generic).
static void address_spaces(sycl::queue &q) {
  float *out = sycl::malloc_shared<float>(8, q);
  int *iout = sycl::malloc_shared<int>(8, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> local(1, h);
     h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
       using namespace sycl::access;
       auto global_e = sycl::address_space_cast<address_space::global_space, decorated::yes>(iout + 1);
       out[0] = sycl::frexp(12.0f, global_e);
       int private_e;
       auto private_p = sycl::address_space_cast<address_space::private_space, decorated::yes>(&private_e);
       out[1] = sycl::frexp(0.375f, private_p);
       iout[2] = private_e;
       out[2] = sycl::sincos(0.5f, local.get_multi_ptr<decorated::yes>());
       out[3] = local[0];
       float generic;
       out[4] = sycl::modf(2.75f, &generic);
       out[5] = generic;
     });
   }).wait();
  bool ok = out[0] == 0.75f && iout[1] == 4 && out[1] == 0.75f && iout[2] == -1 &&
            std::fabs(out[2] - std::sin(0.5f)) < 1e-6f && std::fabs(out[3] - std::cos(0.5f)) < 1e-6f &&
            out[4] == 0.75f && out[5] == 2.0f;
  checks += 8;
  if (!ok) {
    ++failures;
    std::printf("MISMATCH address spaces: %g %d %g %d %g %g %g %g\n", out[0], iout[1], out[1], iout[2], out[2],
                out[3], out[4], out[5]);
  } else {
    std::printf("pointer arguments in the generic, global, local and private spaces ok\n");
  }
  sycl::free(out, q);
  sycl::free(iout, q);
}

int main() {
  sycl::queue q;
  run_type<float, float, sycl::vec<float, 2>, sycl::vec<float, 16>, sycl::marray<float, 3>>(q);
  run_type<double, double, sycl::vec<double, 3>, sycl::marray<double, 2>>(q);
  run_type<sycl::half, sycl::half, sycl::vec<sycl::half, 8>, sycl::marray<sycl::half, 5>>(q);
  if (run_variants<float>(q) & run_variants<sycl::vec<float, 4>>(q) & run_variants<sycl::marray<float, 3>>(q))
    std::printf("half_precision and native: %d functions, 3 shapes ok\n", 2 * N_VARIANTS);
  address_spaces(q);
  if (failures) {
    std::printf("%d mismatches in %ld checks\n", failures, checks);
    return 1;
  }
  std::printf("all results within the spec's precision (%ld checks)\n", checks);
  return 0;
}
