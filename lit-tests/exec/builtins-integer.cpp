// SYCL 2020 integer built-ins (§4.17.7) on the CPU device for every integer type (char, signed
// and unsigned char, short, int, long, long long and their unsigned forms) as scalars, vecs and
// marrays, each result checked exactly against the host's computation in 128-bit arithmetic,
// with the extremes of each type among the inputs. (Intel's headers take no vec of char or of
// long long in these functions: those element types are tested as scalars and marrays.)
// Before issue 36 item 5 the device compile stopped in Intel's headers at bitselect (use of
// undeclared identifier '__spirv_ocl_bitselect'); the others are checked here for the first time.
// The kernels ask for sub-groups of 4: Intel's CPU compiler then vectorizes them 4 work-items
// wide (the built-ins run as vector code all the same), a third of the JIT time of its default 16.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: integer: 19 functions, 11 types, 30 shapes ok
// CHECK: upsample: 6 types, 3 shapes ok
// CHECK: all results exact
#include <sycl/sycl.hpp>
#include "Inputs/builtin-shapes.h"
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

using i128 = __int128;
static int failures = 0;
static long checks = 0;

template <typename S> static auto lane(const S &v, int k) {
  if constexpr (std::is_arithmetic_v<S>)
    return v;
  else
    return v[k];
}
template <typename S, typename F> static S build(F f) {
  S v;
  if constexpr (std::is_arithmetic_v<S>)
    v = f(0);
  else
    for (int k = 0; k < shape<S>::n; ++k)
      v[k] = f(k);
  return v;
}

constexpr int LANES = 24;

// Inputs: the type's extremes, 0, +-1 and scrambled values.
template <typename T> static T value(int i, int which) {
  using L = std::numeric_limits<T>;
  int k = (i * (which + 1) * 7 + which * 3) % LANES;
  switch (k % 8) {
  case 0: return L::min();
  case 1: return L::max();
  case 2: return T(0);
  case 3: return T(1);
  case 4: return T(-1);
  default: {
    uint64_t h = uint64_t(k + 1) * 0x9E3779B97F4A7C15ull;
    return T(h >> (64 - 8 * sizeof(T)) ^ (h >> 7));
  }
  }
}
// mul24/mad24 operands: 24-bit values.
template <typename T> static T value24(int i, int which) {
  int64_t v = int64_t(value<T>(i, which)) & 0x7fffff;
  return std::is_signed_v<T> && (i + which) % 3 == 0 ? T(-v) : T(v);
}

template <typename T> static i128 wrap(i128 v) { // modulo 2^n into T's range
  return i128(T(v));
}
template <typename T> static i128 sat(i128 v) {
  using L = std::numeric_limits<T>;
  return v < i128(L::min()) ? i128(L::min()) : v > i128(L::max()) ? i128(L::max()) : v;
}
constexpr int FUNCS = 19 + 3; // and max, min, clamp with a scalar

template <typename T> static void reference(int i, i128 *want) {
  constexpr int bits = 8 * sizeof(T);
  const i128 x = value<T>(i, 0), y = value<T>(i, 1), z = value<T>(i, 2);
  const i128 lo = std::min(y, z), hi = std::max(y, z);
  using U = std::make_unsigned_t<T>;
  const U ux = U(T(x));
  auto clz = [&](U v) { int c = 0; for (int b = bits - 1; b >= 0 && !((v >> b) & 1u); --b) ++c; return c; };
  auto ctz = [&](U v) { int c = 0; for (int b = 0; b < bits && !((v >> b) & 1u); ++b) ++c; return c; };
  int pop = 0;
  for (int b = 0; b < bits; ++b)
    pop += (ux >> b) & 1u;
  const int r = int((i128(T(y)) % bits + bits) % bits);
  const U rot = r == 0 ? ux : U((ux << r) | (ux >> (bits - r)));
  // The 2n-bit product and its high half (unsigned 64-bit: in unsigned 128-bit arithmetic).
  i128 prod = x * y, high = prod >> bits, mad_sat;
  if constexpr (std::is_unsigned_v<T> && sizeof(T) == 8) {
    using u128 = unsigned __int128;
    const u128 p = u128(x) * u128(y), sum = p + u128(z);
    high = i128(p >> 64);
    mad_sat = (p >> 64) != 0 || sum < p || (sum >> 64) != 0 ? i128(std::numeric_limits<T>::max()) : i128(sum);
  } else {
    mad_sat = sat<T>(prod + z);
  }
  const i128 x24 = value24<T>(i, 0), y24 = value24<T>(i, 1);
  want[0] = x == i128(std::numeric_limits<T>::min()) && std::is_signed_v<T> ? x : (x < 0 ? -x : x);
  want[1] = wrap<T>(x > y ? x - y : y - x);
  want[2] = sat<T>(x + y);
  want[3] = (x + y) >> 1;
  want[4] = (x + y + 1) >> 1;
  want[5] = std::min(std::max(x, lo), hi);
  want[6] = clz(ux);
  want[7] = ctz(ux);
  want[8] = wrap<T>(high + z);
  want[9] = mad_sat;
  want[10] = std::max(x, y);
  want[11] = std::min(x, y);
  want[12] = wrap<T>(high);
  want[13] = i128(T(rot));
  want[14] = sat<T>(x - y);
  want[15] = pop;
  want[16] = sizeof(T) == 4 ? wrap<T>(x24 * y24 + z) : 0; // mad24
  want[17] = sizeof(T) == 4 ? wrap<T>(x24 * y24) : 0;     // mul24
  want[18] = 0;                                             // (upsample: tested apart)
  want[19] = want[10];                                      // max(x, scalar y)
  want[20] = want[11];                                      // min(x, scalar y)
  want[21] = want[5];                                       // clamp(x, scalar, scalar)
}

template <typename S> static void device_calls(int j, int64_t *out) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  auto arg = [&](int w) { return build<S>([&](int k) { return value<T>((j * n + k) % LANES, w); }); };
  auto arg24 = [&](int w) { return build<S>([&](int k) { return value24<T>((j * n + k) % LANES, w); }); };
  const S x = arg(0), y = arg(1), z = arg(2);
  const S lo = sycl::min(y, z), hi = sycl::max(y, z);
  int f = 0;
  auto store = [&](const auto &v) {
    for (int k = 0; k < n && j * n + k < LANES; ++k)
      out[(j * n + k) * FUNCS + f] = int64_t(lane(v, k));
    ++f;
  };
  store(sycl::abs(x));
  store(sycl::abs_diff(x, y));
  store(sycl::add_sat(x, y));
  store(sycl::hadd(x, y));
  store(sycl::rhadd(x, y));
  store(sycl::clamp(x, lo, hi));
  store(sycl::clz(x));
  store(sycl::ctz(x));
  store(sycl::mad_hi(x, y, z));
  store(sycl::mad_sat(x, y, z));
  store(sycl::max(x, y));
  store(sycl::min(x, y));
  store(sycl::mul_hi(x, y));
  store(sycl::rotate(x, y));
  store(sycl::sub_sat(x, y));
  store(sycl::popcount(x));
  if constexpr (sizeof(T) == 4) {
    store(sycl::mad24(arg24(0), arg24(1), z));
    store(sycl::mul24(arg24(0), arg24(1)));
  } else {
    f += 2;
  }
  ++f; // upsample: apart
  if constexpr (!std::is_arithmetic_v<S>) {
    // The scalar second argument: each lane's y is the call's first lane's.
    const T s = lane(y, 0), a = lane(lo, 0), b = lane(hi, 0);
    store(sycl::max(x, s));
    store(sycl::min(x, s));
    store(sycl::clamp(x, a, b));
  }
}

template <typename S> static bool run_shape(sycl::queue &q, const char *type) {
  using T = typename shape<S>::elem;
  constexpr int n = shape<S>::n;
  int64_t *out = sycl::malloc_shared<int64_t>(LANES * FUNCS, q);
  q.parallel_for(sycl::range<1>((LANES + n - 1) / n), [=](sycl::id<1> j) [[sycl::reqd_sub_group_size(4)]] { device_calls<S>(int(j[0]), out); }).wait();
  static const char *names[FUNCS] = {"abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "clz", "ctz",
                                     "mad_hi", "mad_sat", "max", "min", "mul_hi", "rotate", "sub_sat",
                                     "popcount", "mad24", "mul24", "upsample", "max(scalar)", "min(scalar)",
                                     "clamp(scalar)"};
  bool ok = true;
  for (int i = 0; i < LANES; ++i) {
    i128 want[FUNCS];
    reference<T>(i, want);
    if (!std::is_arithmetic_v<S>) { // the scalar forms use the first lane of the call
      const int first = i / n * n;
      const i128 x = value<T>(i, 0), s = value<T>(first, 1), sz = value<T>(first, 2);
      want[19] = std::max(x, s);
      want[20] = std::min(x, s);
      want[21] = std::min(std::max(x, std::min(s, sz)), std::max(s, sz));
    }
    for (int f = 0; f < FUNCS; ++f) {
      if (f == 18 || ((f == 16 || f == 17) && sizeof(T) != 4) || (f >= 19 && std::is_arithmetic_v<S>))
        continue;
      if (f == 0 && std::is_signed_v<T> && value<T>(i, 0) == std::numeric_limits<T>::min())
        continue; // abs of the minimum: undefined
      // clz, ctz and popcount return T; everything else compares as T's value.
      const i128 got = i128(T(out[i * FUNCS + f])), w = i128(T(want[f]));
      ++checks;
      if (got != w) {
        ok = false;
        if (failures++ < 40)
          std::printf("MISMATCH %s %s %s lane %d (x=%lld y=%lld z=%lld): got %lld, want %lld\n", type, shape<S>::name(),
                      names[f], i, (long long)value<T>(i, 0), (long long)value<T>(i, 1), (long long)value<T>(i, 2),
                      (long long)got, (long long)w);
      }
    }
  }
  sycl::free(out, q);
  return ok;
}

template <typename T, typename... Shapes> static int run_type(sycl::queue &q, const char *type, bool &ok) {
  ok &= (run_shape<Shapes>(q, type) & ...);
  return int(sizeof...(Shapes));
}

// upsample(hi, lo): (hi << n) | lo in the type of twice the width.
template <typename H, typename L, int N> static bool upsample(sycl::queue &q, const char *type) {
  using W = decltype(sycl::upsample(H(), L()));
  W *out = sycl::malloc_shared<W>(3 * LANES, q);
  q.single_task([=] {
     for (int i = 0; i < LANES; i += N) {
       out[i] = sycl::upsample(value<H>(i, 0), value<L>(i, 1));
       sycl::vec<H, N> vh;
       sycl::vec<L, N> vl;
       sycl::marray<H, N> mh;
       sycl::marray<L, N> ml;
       for (int k = 0; k < N; ++k) {
         vh[k] = mh[k] = value<H>(i + k, 0);
         vl[k] = ml[k] = value<L>(i + k, 1);
       }
       auto rv = sycl::upsample(vh, vl);
       auto rm = sycl::upsample(mh, ml);
       for (int k = 0; k < N; ++k) {
         out[LANES + i + k] = rv[k];
         out[2 * LANES + i + k] = rm[k];
       }
     }
   }).wait();
  bool ok = true;
  for (int i = 0; i < LANES; ++i)
    for (int s = 0; s < 3; ++s) {
      if (s == 0 && i % N)
        continue;
      W want = W((i128(value<H>(i, 0)) << (8 * sizeof(H))) | i128(value<L>(i, 1)));
      ++checks;
      if (out[s * LANES + i] != want) {
        ok = false;
        if (failures++ < 40)
          std::printf("MISMATCH %s upsample shape %d lane %d: got %lld, want %lld\n", type, s, i,
                      (long long)out[s * LANES + i], (long long)want);
      }
    }
  sycl::free(out, q);
  return ok;
}

int main() {
  sycl::queue q;
  bool ok = true;
  int shapes = 0;
  shapes += run_type<char, char, sycl::marray<char, 5>>(q, "char", ok);
  shapes += run_type<signed char, signed char, sycl::vec<int8_t, 16>, sycl::marray<signed char, 3>>(q, "signed char", ok);
  shapes += run_type<unsigned char, unsigned char, sycl::vec<uint8_t, 8>, sycl::marray<unsigned char, 2>>(q, "unsigned char", ok);
  shapes += run_type<short, short, sycl::vec<int16_t, 4>, sycl::marray<short, 3>>(q, "short", ok);
  shapes += run_type<unsigned short, unsigned short, sycl::vec<uint16_t, 3>, sycl::marray<unsigned short, 4>>(q, "unsigned short", ok);
  shapes += run_type<int, int, sycl::vec<int32_t, 2>, sycl::marray<int, 3>>(q, "int", ok);
  shapes += run_type<unsigned, unsigned, sycl::vec<uint32_t, 4>, sycl::marray<unsigned, 5>>(q, "unsigned", ok);
  shapes += run_type<long, long, sycl::vec<int64_t, 3>, sycl::marray<long, 2>>(q, "long", ok);
  shapes += run_type<unsigned long, unsigned long, sycl::vec<uint64_t, 8>, sycl::marray<unsigned long, 3>>(q, "unsigned long", ok);
  shapes += run_type<long long, long long, sycl::marray<long long, 3>>(q, "long long", ok);
  shapes += run_type<unsigned long long, unsigned long long, sycl::marray<unsigned long long, 4>>(q, "unsigned long long", ok);
  if (ok)
    std::printf("integer: 19 functions, 11 types, %d shapes ok\n", shapes);
  ok = upsample<int8_t, uint8_t, 4>(q, "int8_t") & upsample<uint8_t, uint8_t, 2>(q, "uint8_t") &
       upsample<int16_t, uint16_t, 3>(q, "int16_t") & upsample<uint16_t, uint16_t, 8>(q, "uint16_t") &
       upsample<int32_t, uint32_t, 2>(q, "int32_t") & upsample<uint32_t, uint32_t, 4>(q, "uint32_t");
  if (ok)
    std::printf("upsample: 6 types, 3 shapes ok\n");
  if (failures) {
    std::printf("%d mismatches in %ld checks\n", failures, checks);
    return 1;
  }
  std::printf("all results exact (%ld checks)\n", checks);
  return 0;
}
