// NVPTX definitions behind the device prelude's __spirv_* functions (sycl-specconst): on
// spir64 LLVM's SPIR-V backend turns each call into an instruction; on nvptx64 nothing would,
// so the prelude defines every function it declares through the scalar implementations here
// (clang's __nvvm_* builtins, inline PTX, libdevice's __nv_* functions, plain C++). Included by
// the prelude for NVPTX device compiles only. Written for this project.
#pragma once

namespace __sycl_specconst {
namespace nvptx {

#define __SCC_NV_INLINE inline __attribute__((always_inline))
#define __SCC_NV_CONVERGENT inline __attribute__((always_inline, convergent))

// ---- Shapes: a scalar, or a clang ext vector of N elements -----------------------------------
template <typename T> struct shape {
  using element = T;
  static constexpr int size = 1;
};
template <typename E, int N> struct shape<E __attribute__((ext_vector_type(N)))> {
  using element = E;
  static constexpr int size = N;
};
template <typename T> using element_t = typename shape<T>::element;

// Unsigned bits of a type's width, for operations defined on bits.
template <int Bytes> struct bits_of;
template <> struct bits_of<1> { using type = unsigned char; };
template <> struct bits_of<2> { using type = unsigned short; };
template <> struct bits_of<4> { using type = unsigned int; };
template <> struct bits_of<8> { using type = unsigned long; };
template <typename T> using bits_t = typename bits_of<sizeof(T)>::type;

// f applied to each element (of x, or of x and y, …), giving a value of shape R.
template <typename R, typename F, typename... A> __SCC_NV_INLINE R each(F f, A... a) {
  if constexpr (shape<R>::size == 1) {
    return f(a...);
  } else {
    R r;
    for (int i = 0; i < shape<R>::size; ++i)
      r[i] = f(a[i]...);
    return r;
  }
}

// f applied to each element, f also storing a second result through its last argument; the
// second results are gathered into *out (a scalar or a vector of x's length).
template <typename R, typename P, typename F, typename... A>
__SCC_NV_INLINE R each_with_out(F f, P *out, A... a) {
  if constexpr (shape<R>::size == 1) {
    return f(a..., out);
  } else {
    R r;
    for (int i = 0; i < shape<R>::size; ++i) {
      element_t<P> second;
      r[i] = f(a[i]..., &second);
      (*out)[i] = second;
    }
    return r;
  }
}

// ---- libdevice (nvvm/libdevice/libdevice.10.bc, linked at the device link) --------------------
extern "C" {
#define __SCC_NV_DECLARE1(NAME) float __nv_##NAME##f(float); double __nv_##NAME(double);
#define __SCC_NV_DECLARE2(NAME)                                                                \
  float __nv_##NAME##f(float, float);                                                          \
  double __nv_##NAME(double, double);
__SCC_NV_DECLARE1(acos) __SCC_NV_DECLARE1(acosh) __SCC_NV_DECLARE1(asin)
__SCC_NV_DECLARE1(asinh) __SCC_NV_DECLARE1(atan) __SCC_NV_DECLARE1(atanh)
__SCC_NV_DECLARE1(cbrt) __SCC_NV_DECLARE1(ceil) __SCC_NV_DECLARE1(cos) __SCC_NV_DECLARE1(cosh)
__SCC_NV_DECLARE1(cospi) __SCC_NV_DECLARE1(erf) __SCC_NV_DECLARE1(erfc) __SCC_NV_DECLARE1(exp)
__SCC_NV_DECLARE1(exp10) __SCC_NV_DECLARE1(exp2) __SCC_NV_DECLARE1(expm1)
__SCC_NV_DECLARE1(fabs) __SCC_NV_DECLARE1(floor) __SCC_NV_DECLARE1(lgamma)
__SCC_NV_DECLARE1(log) __SCC_NV_DECLARE1(log10) __SCC_NV_DECLARE1(log1p)
__SCC_NV_DECLARE1(log2) __SCC_NV_DECLARE1(logb) __SCC_NV_DECLARE1(rint)
__SCC_NV_DECLARE1(round) __SCC_NV_DECLARE1(rsqrt) __SCC_NV_DECLARE1(sin)
__SCC_NV_DECLARE1(sinh) __SCC_NV_DECLARE1(sinpi) __SCC_NV_DECLARE1(sqrt)
__SCC_NV_DECLARE1(tan) __SCC_NV_DECLARE1(tanh) __SCC_NV_DECLARE1(tgamma)
__SCC_NV_DECLARE1(trunc)
__SCC_NV_DECLARE2(atan2) __SCC_NV_DECLARE2(copysign) __SCC_NV_DECLARE2(fdim)
__SCC_NV_DECLARE2(fmax) __SCC_NV_DECLARE2(fmin) __SCC_NV_DECLARE2(fmod)
__SCC_NV_DECLARE2(hypot) __SCC_NV_DECLARE2(nextafter) __SCC_NV_DECLARE2(pow)
__SCC_NV_DECLARE2(remainder)
#undef __SCC_NV_DECLARE1
#undef __SCC_NV_DECLARE2
float __nv_fmaf(float, float, float);
double __nv_fma(double, double, double);
float __nv_ldexpf(float, int);
double __nv_ldexp(double, int);
float __nv_powif(float, int);
double __nv_powi(double, int);
int __nv_ilogbf(float);
int __nv_ilogb(double);
float __nv_frexpf(float, int *);
double __nv_frexp(double, int *);
float __nv_modff(float, float *);
double __nv_modf(double, double *);
float __nv_remquof(float, float, int *);
double __nv_remquo(double, double, int *);
void __nv_sincosf(float, float *, float *);
void __nv_sincos(double, double *, double *);
float __nv_fast_sinf(float);
float __nv_fast_cosf(float);
float __nv_fast_tanf(float);
float __nv_fast_expf(float);
float __nv_fast_exp10f(float);
float __nv_fast_logf(float);
float __nv_fast_log2f(float);
float __nv_fast_log10f(float);
float __nv_fast_powf(float, float);
float __nv_fast_fdividef(float, float);
}

// ---- Math on scalars: float and double from libdevice, half computed in float -----------------
// (_Float16 results are the float result rounded once more: within OpenCL's half bounds.)
#define __SCC_NV_MATH1(NAME, NV)                                                               \
  __SCC_NV_INLINE float NAME(float x) { return __nv_##NV##f(x); }                              \
  __SCC_NV_INLINE double NAME(double x) { return __nv_##NV(x); }                               \
  __SCC_NV_INLINE _Float16 NAME(_Float16 x) { return (_Float16)__nv_##NV##f((float)x); }
#define __SCC_NV_MATH2(NAME, NV)                                                               \
  __SCC_NV_INLINE float NAME(float x, float y) { return __nv_##NV##f(x, y); }                  \
  __SCC_NV_INLINE double NAME(double x, double y) { return __nv_##NV(x, y); }                  \
  __SCC_NV_INLINE _Float16 NAME(_Float16 x, _Float16 y) {                                      \
    return (_Float16)__nv_##NV##f((float)x, (float)y);                                         \
  }
__SCC_NV_MATH1(acos, acos) __SCC_NV_MATH1(acosh, acosh) __SCC_NV_MATH1(asin, asin)
__SCC_NV_MATH1(asinh, asinh) __SCC_NV_MATH1(atan, atan) __SCC_NV_MATH1(atanh, atanh)
__SCC_NV_MATH1(cbrt, cbrt) __SCC_NV_MATH1(ceil, ceil) __SCC_NV_MATH1(cos, cos)
__SCC_NV_MATH1(cosh, cosh) __SCC_NV_MATH1(cospi, cospi) __SCC_NV_MATH1(erf, erf)
__SCC_NV_MATH1(erfc, erfc) __SCC_NV_MATH1(exp, exp) __SCC_NV_MATH1(exp10, exp10)
__SCC_NV_MATH1(exp2, exp2) __SCC_NV_MATH1(expm1, expm1) __SCC_NV_MATH1(fabs, fabs)
__SCC_NV_MATH1(floor, floor) __SCC_NV_MATH1(lgamma, lgamma) __SCC_NV_MATH1(log, log)
__SCC_NV_MATH1(log10, log10) __SCC_NV_MATH1(log1p, log1p) __SCC_NV_MATH1(log2, log2)
__SCC_NV_MATH1(logb, logb) __SCC_NV_MATH1(rint, rint) __SCC_NV_MATH1(round, round)
__SCC_NV_MATH1(rsqrt, rsqrt) __SCC_NV_MATH1(sin, sin) __SCC_NV_MATH1(sinh, sinh)
__SCC_NV_MATH1(sinpi, sinpi) __SCC_NV_MATH1(sqrt, sqrt) __SCC_NV_MATH1(tan, tan)
__SCC_NV_MATH1(tanh, tanh) __SCC_NV_MATH1(tgamma, tgamma) __SCC_NV_MATH1(trunc, trunc)
__SCC_NV_MATH2(atan2, atan2) __SCC_NV_MATH2(copysign, copysign) __SCC_NV_MATH2(fdim, fdim)
__SCC_NV_MATH2(fmax, fmax) __SCC_NV_MATH2(fmin, fmin) __SCC_NV_MATH2(fmod, fmod)
__SCC_NV_MATH2(hypot, hypot) __SCC_NV_MATH2(nextafter, nextafter) __SCC_NV_MATH2(pow, pow)
__SCC_NV_MATH2(remainder, remainder)
#undef __SCC_NV_MATH1
#undef __SCC_NV_MATH2

template <typename T> __SCC_NV_INLINE T pi() { return T(3.14159265358979323846); }
template <typename T> __SCC_NV_INLINE T acospi(T x) { return acos(x) / pi<T>(); }
template <typename T> __SCC_NV_INLINE T asinpi(T x) { return asin(x) / pi<T>(); }
template <typename T> __SCC_NV_INLINE T atanpi(T x) { return atan(x) / pi<T>(); }
template <typename T> __SCC_NV_INLINE T atan2pi(T y, T x) { return atan2(y, x) / pi<T>(); }
// tan(pi x) through sinpi/cospi keeps the exact zeros and poles at (half) integers.
template <typename T> __SCC_NV_INLINE T tanpi(T x) { return sinpi(x) / cospi(x); }
template <typename T> __SCC_NV_INLINE T maxmag(T x, T y) {
  T ax = fabs(x), ay = fabs(y);
  return ax > ay ? x : ay > ax ? y : fmax(x, y);
}
template <typename T> __SCC_NV_INLINE T minmag(T x, T y) {
  T ax = fabs(x), ay = fabs(y);
  return ax < ay ? x : ay < ax ? y : fmin(x, y);
}
// powr: pow for x >= 0 only (OpenCL: NaN for x < 0).
template <typename T> __SCC_NV_INLINE T powr(T x, T y) { return x < T(0) ? T(__builtin_nanf("")) : pow(x, y); }
template <typename T> __SCC_NV_INLINE T fma(T x, T y, T z) {
  if constexpr (sizeof(T) == 8)
    return __nv_fma(x, y, z);
  else if constexpr (sizeof(T) == 4)
    return __nv_fmaf(x, y, z);
  else
    return (T)__nv_fmaf((float)x, (float)y, (float)z);
}
template <typename T> __SCC_NV_INLINE T mad(T x, T y, T z) { return fma(x, y, z); }
template <typename T> __SCC_NV_INLINE T degrees(T r) { return r * T(57.295779513082320876798); }
template <typename T> __SCC_NV_INLINE T radians(T d) { return d * T(0.017453292519943295769237); }
template <typename T> __SCC_NV_INLINE T sign(T x) {
  return x > T(0) ? T(1) : x < T(0) ? T(-1) : x; // ±0 and NaN unchanged
}
template <typename T> __SCC_NV_INLINE T step(T edge, T x) { return x < edge ? T(0) : T(1); }
template <typename T> __SCC_NV_INLINE T fmax_common(T x, T y) { return fmax(x, y); }
template <typename T> __SCC_NV_INLINE T fmin_common(T x, T y) { return fmin(x, y); }
template <typename T> __SCC_NV_INLINE T fclamp(T x, T lo, T hi) { return fmin(fmax(x, lo), hi); }
template <typename T> __SCC_NV_INLINE T mix(T x, T y, T a) { return x + (y - x) * a; }
template <typename T> __SCC_NV_INLINE T smoothstep(T e0, T e1, T x) {
  T t = fclamp((x - e0) / (e1 - e0), T(0), T(1));
  return t * t * (T(3) - T(2) * t);
}
template <typename T> __SCC_NV_INLINE T ldexp(T x, int n) {
  if constexpr (sizeof(T) == 8)
    return __nv_ldexp(x, n);
  else
    return (T)__nv_ldexpf((float)x, n);
}
template <typename T> __SCC_NV_INLINE T pown(T x, int n) {
  if constexpr (sizeof(T) == 8)
    return __nv_powi(x, n);
  else
    return (T)__nv_powif((float)x, n);
}
template <typename T> __SCC_NV_INLINE T rootn(T x, int n) {
  if (n == 0)
    return T(__builtin_nanf(""));
  if (x < T(0) && (n & 1) == 0)
    return T(__builtin_nanf(""));
  T r = pow(fabs(x), T(1) / T(n));
  return x < T(0) ? -r : r;
}
template <typename T> __SCC_NV_INLINE int ilogb(T x) {
  if constexpr (sizeof(T) == 8)
    return __nv_ilogb(x);
  else
    return __nv_ilogbf((float)x);
}
template <typename T> __SCC_NV_INLINE T frexp(T x, int *e) {
  if constexpr (sizeof(T) == 8)
    return __nv_frexp(x, e);
  else
    return (T)__nv_frexpf((float)x, e);
}
template <typename T> __SCC_NV_INLINE T modf(T x, T *i) {
  if constexpr (sizeof(T) == 8) {
    return __nv_modf(x, i);
  } else {
    float whole;
    T r = (T)__nv_modff((float)x, &whole);
    *i = (T)whole;
    return r;
  }
}
template <typename T> __SCC_NV_INLINE T remquo(T x, T y, int *q) {
  if constexpr (sizeof(T) == 8)
    return __nv_remquo(x, y, q);
  else
    return (T)__nv_remquof((float)x, (float)y, q);
}
template <typename T> __SCC_NV_INLINE T sincos(T x, T *c) {
  if constexpr (sizeof(T) == 8) {
    T s;
    __nv_sincos(x, &s, c);
    return s;
  } else {
    float s, cf;
    __nv_sincosf((float)x, &s, &cf);
    *c = (T)cf;
    return (T)s;
  }
}
// fract: x - floor(x), below 1 (OpenCL), the floor stored.
template <typename T> __SCC_NV_INLINE T fract(T x, T *i) {
  T f = floor(x);
  *i = f;
  if (x != x)
    return x;
  if (fabs(x) == T(__builtin_inff()))
    return copysign(T(0), x);
  T r = x - f;
  T below_one = sizeof(T) == 8 ? T(0x1.fffffffffffffp-1) : sizeof(T) == 4 ? T(0x1.fffffep-1f) : T(0x1.ffcp-1f);
  return r < below_one ? r : below_one;
}
// lgamma_r: lgamma and the sign of Γ(x) (negative between -2k-1 and -2k).
template <typename T> __SCC_NV_INLINE T lgamma_r(T x, int *s) {
  T r = lgamma(x);
  if (x > T(0) || x != x) {
    *s = 1;
  } else {
    T f = floor(x);
    *s = f == x ? 0 : (static_cast<long>(f) & 1) ? -1 : 1;
  }
  return r;
}
template <typename T> __SCC_NV_INLINE T nan_of(unsigned long code) {
  if constexpr (sizeof(T) == 8)
    return __builtin_bit_cast(T, 0x7ff8000000000000ul | code);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bit_cast(T, static_cast<unsigned int>(0x7fc00000u | code));
  else
    return __builtin_bit_cast(T, static_cast<unsigned short>(0x7e00u | code));
}
// half_* (at least 8192 ulp) and native_* (implementation-defined): the fast libdevice forms.
__SCC_NV_INLINE float native_sin(float x) { return __nv_fast_sinf(x); }
__SCC_NV_INLINE float native_cos(float x) { return __nv_fast_cosf(x); }
__SCC_NV_INLINE float native_tan(float x) { return __nv_fast_tanf(x); }
__SCC_NV_INLINE float native_exp(float x) { return __nv_fast_expf(x); }
__SCC_NV_INLINE float native_exp2(float x) { return __nv_exp2f(x); }
__SCC_NV_INLINE float native_exp10(float x) { return __nv_fast_exp10f(x); }
__SCC_NV_INLINE float native_log(float x) { return __nv_fast_logf(x); }
__SCC_NV_INLINE float native_log2(float x) { return __nv_fast_log2f(x); }
__SCC_NV_INLINE float native_log10(float x) { return __nv_fast_log10f(x); }
__SCC_NV_INLINE float native_powr(float x, float y) { return x < 0.0f ? __builtin_nanf("") : __nv_fast_powf(x, y); }
__SCC_NV_INLINE float native_divide(float x, float y) { return __nv_fast_fdividef(x, y); }
__SCC_NV_INLINE float native_recip(float x) { return __nv_fast_fdividef(1.0f, x); }
__SCC_NV_INLINE float native_rsqrt(float x) { return __nv_rsqrtf(x); }
__SCC_NV_INLINE float native_sqrt(float x) { return __nv_sqrtf(x); }
__SCC_NV_INLINE float half_sin(float x) { return native_sin(x); }
__SCC_NV_INLINE float half_cos(float x) { return native_cos(x); }
__SCC_NV_INLINE float half_tan(float x) { return native_tan(x); }
__SCC_NV_INLINE float half_exp(float x) { return native_exp(x); }
__SCC_NV_INLINE float half_exp2(float x) { return native_exp2(x); }
__SCC_NV_INLINE float half_exp10(float x) { return native_exp10(x); }
__SCC_NV_INLINE float half_log(float x) { return native_log(x); }
__SCC_NV_INLINE float half_log2(float x) { return native_log2(x); }
__SCC_NV_INLINE float half_log10(float x) { return native_log10(x); }
__SCC_NV_INLINE float half_powr(float x, float y) { return native_powr(x, y); }
__SCC_NV_INLINE float half_divide(float x, float y) { return native_divide(x, y); }
__SCC_NV_INLINE float half_recip(float x) { return native_recip(x); }
__SCC_NV_INLINE float half_rsqrt(float x) { return native_rsqrt(x); }
__SCC_NV_INLINE float half_sqrt(float x) { return native_sqrt(x); }


// ---- Integers (OpenCL.std s_*/u_* and sign-agnostic built-ins) on scalars ----------------------
template <typename T> struct unsigned_of { using type = __make_unsigned(T); };
// Twice (or, for 64 bits, four times) an integer's width, of its signedness: products and sums
// of two products fit.
template <bool Signed, bool Huge> struct wider_of { using type = long; };
template <> struct wider_of<false, false> { using type = unsigned long; };
template <> struct wider_of<true, true> { using type = __int128; };
template <> struct wider_of<false, true> { using type = unsigned __int128; };
template <typename T> using wider_t = typename wider_of<__is_signed(T), sizeof(T) == 8>::type;
template <typename T> using unsigned_t = typename unsigned_of<T>::type;
template <typename T> __SCC_NV_INLINE T s_min(T a, T b) { return a < b ? a : b; }
template <typename T> __SCC_NV_INLINE T u_min(T a, T b) { return a < b ? a : b; }
template <typename T> __SCC_NV_INLINE T s_max(T a, T b) { return a > b ? a : b; }
template <typename T> __SCC_NV_INLINE T u_max(T a, T b) { return a > b ? a : b; }
template <typename T> __SCC_NV_INLINE T s_clamp(T x, T lo, T hi) { return s_min(s_max(x, lo), hi); }
template <typename T> __SCC_NV_INLINE T u_clamp(T x, T lo, T hi) { return u_min(u_max(x, lo), hi); }
template <typename T> __SCC_NV_INLINE T highest() { return __is_signed(T) ? T(unsigned_t<T>(-1) >> 1) : T(-1); }
template <typename T> __SCC_NV_INLINE T lowest() { return __is_signed(T) ? T(-highest<T>() - 1) : T(0); }
template <typename T> __SCC_NV_INLINE T add_sat(T a, T b) {
  T r;
  if (!__builtin_add_overflow(a, b, &r))
    return r;
  return (__is_signed(T) && b < T(0)) ? lowest<T>() : highest<T>();
}
template <typename T> __SCC_NV_INLINE T sub_sat(T a, T b) {
  T r;
  if (!__builtin_sub_overflow(a, b, &r))
    return r;
  return (__is_signed(T) && b < T(0)) ? highest<T>() : lowest<T>();
}
template <typename T> __SCC_NV_INLINE T s_add_sat(T a, T b) { return add_sat(a, b); }
template <typename T> __SCC_NV_INLINE T u_add_sat(T a, T b) { return add_sat(a, b); }
template <typename T> __SCC_NV_INLINE T s_sub_sat(T a, T b) { return sub_sat(a, b); }
template <typename T> __SCC_NV_INLINE T u_sub_sat(T a, T b) { return sub_sat(a, b); }
// (a + b) >> 1 and (a + b + 1) >> 1 without overflow.
template <typename T> __SCC_NV_INLINE T hadd(T a, T b) { return T((a >> 1) + (b >> 1) + (a & b & 1)); }
template <typename T> __SCC_NV_INLINE T rhadd(T a, T b) { return T((a >> 1) + (b >> 1) + ((a | b) & 1)); }
template <typename T> __SCC_NV_INLINE T s_hadd(T a, T b) { return hadd(a, b); }
template <typename T> __SCC_NV_INLINE T u_hadd(T a, T b) { return hadd(a, b); }
template <typename T> __SCC_NV_INLINE T s_rhadd(T a, T b) { return rhadd(a, b); }
template <typename T> __SCC_NV_INLINE T u_rhadd(T a, T b) { return rhadd(a, b); }
template <typename T> __SCC_NV_INLINE T mul_hi(T a, T b) {
  if constexpr (sizeof(T) == 8) {
    if constexpr (__is_signed(T))
      return __nvvm_mulhi_ll(a, b);
    else
      return __nvvm_mulhi_ull(a, b);
  } else {
    using wide = wider_t<T>;
    return T((wide(a) * wide(b)) >> (8 * sizeof(T)));
  }
}
template <typename T> __SCC_NV_INLINE T s_mul_hi(T a, T b) { return mul_hi(a, b); }
template <typename T> __SCC_NV_INLINE T u_mul_hi(T a, T b) { return mul_hi(a, b); }
template <typename T> __SCC_NV_INLINE T s_mad_hi(T a, T b, T c) { return T(mul_hi(a, b) + c); }
template <typename T> __SCC_NV_INLINE T u_mad_hi(T a, T b, T c) { return T(mul_hi(a, b) + c); }
template <typename T> __SCC_NV_INLINE T mad_sat(T a, T b, T c) {
  using wide = wider_t<T>;
  wide r = wide(a) * wide(b) + wide(c);
  return r > wide(highest<T>()) ? highest<T>() : r < wide(lowest<T>()) ? lowest<T>() : T(r);
}
template <typename T> __SCC_NV_INLINE T s_mad_sat(T a, T b, T c) { return mad_sat(a, b, c); }
template <typename T> __SCC_NV_INLINE T u_mad_sat(T a, T b, T c) { return mad_sat(a, b, c); }
template <typename T> __SCC_NV_INLINE unsigned_t<T> s_abs(T a) {
  return a < T(0) ? unsigned_t<T>(-unsigned_t<T>(a)) : unsigned_t<T>(a);
}
template <typename T> __SCC_NV_INLINE T u_abs(T a) { return a; }
template <typename T> __SCC_NV_INLINE unsigned_t<T> s_abs_diff(T a, T b) {
  using U = unsigned_t<T>;
  return a > b ? U(U(a) - U(b)) : U(U(b) - U(a));
}
template <typename T> __SCC_NV_INLINE T u_abs_diff(T a, T b) { return a > b ? T(a - b) : T(b - a); }
template <typename T> __SCC_NV_INLINE T clz(T a) { return T(__builtin_clzg(unsigned_t<T>(a), int(8 * sizeof(T)))); }
template <typename T> __SCC_NV_INLINE T ctz(T a) { return T(__builtin_ctzg(unsigned_t<T>(a), int(8 * sizeof(T)))); }
template <typename T> __SCC_NV_INLINE T popcount(T a) { return T(__builtin_popcountg(unsigned_t<T>(a))); }
template <typename T> __SCC_NV_INLINE T rotate(T a, T n) {
  using U = unsigned_t<T>;
  constexpr unsigned width = 8 * sizeof(T);
  unsigned k = unsigned(U(n)) % width;
  return k == 0 ? a : T(U(U(a) << k) | U(U(a) >> (width - k)));
}
template <typename T> __SCC_NV_INLINE T bitselect(T a, T b, T c) {
  if constexpr (__is_integral(T)) {
    return T((a & ~c) | (b & c));
  } else {
    using B = bits_t<T>;
    B x = __builtin_bit_cast(B, a), y = __builtin_bit_cast(B, b), m = __builtin_bit_cast(B, c);
    return __builtin_bit_cast(T, B((x & ~m) | (y & m)));
  }
}
template <typename T> __SCC_NV_INLINE T s_mul24(T a, T b) { return a * b; }
template <typename T> __SCC_NV_INLINE T u_mul24(T a, T b) { return a * b; }
template <typename T> __SCC_NV_INLINE T s_mad24(T a, T b, T c) { return a * b + c; }
template <typename T> __SCC_NV_INLINE T u_mad24(T a, T b, T c) { return a * b + c; }
template <typename W, typename H, typename L> __SCC_NV_INLINE W upsample(H hi, L lo) {
  return W((W(hi) << (8 * sizeof(L))) | W(lo));
}

// ---- Relational predicates (bool; the prelude widens them for vectors) ------------------------
template <typename T> __SCC_NV_INLINE bool IsFinite(T x) { return __builtin_isfinite(x); }
template <typename T> __SCC_NV_INLINE bool IsInf(T x) { return __builtin_isinf(x); }
template <typename T> __SCC_NV_INLINE bool IsNan(T x) { return __builtin_isnan(x); }
template <typename T> __SCC_NV_INLINE bool IsNormal(T x) { return __builtin_isnormal(x); }
template <typename T> __SCC_NV_INLINE bool SignBitSet(T x) { return __builtin_signbit(x); }
template <typename T> __SCC_NV_INLINE bool FOrdEqual(T x, T y) { return x == y; }
template <typename T> __SCC_NV_INLINE bool FUnordNotEqual(T x, T y) { return !(x == y); }
template <typename T> __SCC_NV_INLINE bool FOrdNotEqual(T x, T y) { return x < y || x > y; }
template <typename T> __SCC_NV_INLINE bool FOrdGreaterThan(T x, T y) { return x > y; }
template <typename T> __SCC_NV_INLINE bool FOrdGreaterThanEqual(T x, T y) { return x >= y; }
template <typename T> __SCC_NV_INLINE bool FOrdLessThan(T x, T y) { return x < y; }
template <typename T> __SCC_NV_INLINE bool FOrdLessThanEqual(T x, T y) { return x <= y; }
template <typename T> __SCC_NV_INLINE bool Ordered(T x, T y) { return x == x && y == y; }
template <typename T> __SCC_NV_INLINE bool Unordered(T x, T y) { return x != x || y != y; }
template <typename T> __SCC_NV_INLINE int ocl_ilogb(T x) { return ilogb(x); }
// A predicate's value as the element type asks: bool, or -1/0 in a vector's elements.
template <typename E, typename V> __SCC_NV_INLINE E as_result(V v) {
  if constexpr (__is_same(V, bool) && !__is_same(E, bool))
    return v ? E(-1) : E(0);
  else
    return E(v);
}

// ---- Geometry on scalars and 2-, 3-, 4-vectors ---------------------------------------------------
template <typename V> __SCC_NV_INLINE element_t<V> dot(V x, V y) {
  element_t<V> sum = 0;
  for (int i = 0; i < shape<V>::size; ++i)
    sum = fma(x[i], y[i], sum);
  return sum;
}
// sqrt of the sum of squares, scaled by the largest magnitude so that neither overflows nor
// underflows (OpenCL's length must not).
template <typename V> __SCC_NV_INLINE element_t<V> length(V x) {
  using E = element_t<V>;
  if constexpr (shape<V>::size == 1) {
    return fabs(x);
  } else {
    E largest = 0;
    for (int i = 0; i < shape<V>::size; ++i)
      largest = fmax(largest, fabs(x[i]));
    if (largest == E(0) || __builtin_isinf(largest))
      return largest;
    E sum = 0;
    for (int i = 0; i < shape<V>::size; ++i) {
      E scaled = x[i] / largest;
      sum = fma(scaled, scaled, sum);
    }
    return largest * sqrt(sum);
  }
}
template <typename V> __SCC_NV_INLINE element_t<V> distance(V x, V y) { return length(V(x - y)); }
template <typename V> __SCC_NV_INLINE V normalize(V x) {
  if constexpr (shape<V>::size == 1) {
    return sign(x);
  } else {
    element_t<V> n = length(x);
    return n == element_t<V>(0) ? x : V(x / n);
  }
}
template <typename V> __SCC_NV_INLINE element_t<V> fast_length(V x) { return length(x); }
template <typename V> __SCC_NV_INLINE element_t<V> fast_distance(V x, V y) { return distance(x, y); }
template <typename V> __SCC_NV_INLINE V fast_normalize(V x) { return normalize(x); }
template <typename V> __SCC_NV_INLINE V cross(V a, V b) {
  V r = a; // a 4-vector's fourth element is 0
  r[0] = a[1] * b[2] - a[2] * b[1];
  r[1] = a[2] * b[0] - a[0] * b[2];
  r[2] = a[0] * b[1] - a[1] * b[0];
  if constexpr (shape<V>::size == 4)
    r[3] = 0;
  return r;
}

// ---- Work-item queries ------------------------------------------------------------------------
// SPIR-V's dimension 0 is the fastest varying (CUDA's x), as Intel's headers index it.
__SCC_NV_INLINE unsigned long local_id(int d) {
  return d == 0 ? __nvvm_read_ptx_sreg_tid_x() : d == 1 ? __nvvm_read_ptx_sreg_tid_y() : __nvvm_read_ptx_sreg_tid_z();
}
__SCC_NV_INLINE unsigned long local_size(int d) {
  return d == 0 ? __nvvm_read_ptx_sreg_ntid_x() : d == 1 ? __nvvm_read_ptx_sreg_ntid_y() : __nvvm_read_ptx_sreg_ntid_z();
}
__SCC_NV_INLINE unsigned long group_id(int d) {
  return d == 0 ? __nvvm_read_ptx_sreg_ctaid_x() : d == 1 ? __nvvm_read_ptx_sreg_ctaid_y() : __nvvm_read_ptx_sreg_ctaid_z();
}
__SCC_NV_INLINE unsigned long group_count(int d) {
  return d == 0 ? __nvvm_read_ptx_sreg_nctaid_x() : d == 1 ? __nvvm_read_ptx_sreg_nctaid_y() : __nvvm_read_ptx_sreg_nctaid_z();
}
__SCC_NV_INLINE unsigned int linear_local_id() {
  return (__nvvm_read_ptx_sreg_tid_z() * __nvvm_read_ptx_sreg_ntid_y() + __nvvm_read_ptx_sreg_tid_y()) *
             __nvvm_read_ptx_sreg_ntid_x() +
         __nvvm_read_ptx_sreg_tid_x();
}
__SCC_NV_INLINE unsigned int work_group_linear_size() {
  return __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() * __nvvm_read_ptx_sreg_ntid_z();
}
// Sub-groups are warps: 32 consecutive work-items in linear order; the last one of a work-group
// whose size is no multiple of 32 is smaller.
constexpr unsigned int warp_size = 32;
__SCC_NV_INLINE unsigned int sub_group_id() { return linear_local_id() / warp_size; }
__SCC_NV_INLINE unsigned int sub_group_local_id() { return linear_local_id() % warp_size; }
__SCC_NV_INLINE unsigned int sub_group_count() { return (work_group_linear_size() + warp_size - 1) / warp_size; }
__SCC_NV_INLINE unsigned int sub_group_size() {
  unsigned int rest = work_group_linear_size() - sub_group_id() * warp_size;
  return rest < warp_size ? rest : warp_size;
}
// The lanes of this work-item's sub-group.
__SCC_NV_INLINE unsigned int sub_group_mask() {
  unsigned int n = sub_group_size();
  return n == warp_size ? 0xffffffffu : (1u << n) - 1u;
}


// SPIR-V scopes.
enum : int { scope_cross_device = 0, scope_device = 1, scope_workgroup = 2, scope_subgroup = 3 };

// ---- Sub-group (warp) and work-group collectives -----------------------------------------------
// Values of 1 to 8 bytes move through 32-bit shuffles: widened, or split in two words.
enum class shuffle_kind { index, up, down, xor_ };
template <shuffle_kind K> __SCC_NV_CONVERGENT unsigned int shuffle_word(unsigned int mask, unsigned int v, unsigned int arg) {
  if constexpr (K == shuffle_kind::index)
    return __nvvm_shfl_sync_idx_i32(mask, v, arg, 31);
  else if constexpr (K == shuffle_kind::up)
    return __nvvm_shfl_sync_up_i32(mask, v, arg, 0);
  else if constexpr (K == shuffle_kind::down)
    return __nvvm_shfl_sync_down_i32(mask, v, arg, 31);
  else
    return __nvvm_shfl_sync_bfly_i32(mask, v, arg, 31);
}
template <shuffle_kind K, typename T> __SCC_NV_CONVERGENT T shuffle(T v, unsigned int arg) {
  unsigned int mask = sub_group_mask();
  if constexpr (sizeof(T) == 8) {
    unsigned long bits = __builtin_bit_cast(unsigned long, v);
    unsigned int lo = shuffle_word<K>(mask, static_cast<unsigned int>(bits), arg);
    unsigned int hi = shuffle_word<K>(mask, static_cast<unsigned int>(bits >> 32), arg);
    return __builtin_bit_cast(T, (static_cast<unsigned long>(hi) << 32) | lo);
  } else {
    using B = bits_t<T>;
    unsigned int word = shuffle_word<K>(mask, __builtin_bit_cast(B, v), arg);
    return __builtin_bit_cast(T, static_cast<B>(word));
  }
}
// The SPIR-V group operations: 0 reduce, 1 inclusive scan, 2 exclusive scan.
enum : unsigned int { group_reduce = 0, group_inclusive_scan = 1, group_exclusive_scan = 2 };
// The binary operations and their identities.
#define __SCC_NV_OPERATION(NAME, EXPR, IDENTITY)                                                \
  struct NAME {                                                                                \
    template <typename T> static __SCC_NV_INLINE T apply(T a, T b) { return EXPR; }            \
    template <typename T> static __SCC_NV_INLINE T identity() { return IDENTITY; }             \
  };
__SCC_NV_OPERATION(op_iadd, T(a + b), T(0))
__SCC_NV_OPERATION(op_imul, T(a * b), T(1))
__SCC_NV_OPERATION(op_smin, a < b ? a : b, highest<T>())
__SCC_NV_OPERATION(op_umin, a < b ? a : b, highest<T>())
__SCC_NV_OPERATION(op_smax, a > b ? a : b, lowest<T>())
__SCC_NV_OPERATION(op_umax, a > b ? a : b, lowest<T>())
__SCC_NV_OPERATION(op_fadd, T(a + b), T(-0.0))
__SCC_NV_OPERATION(op_fmul, T(a * b), T(1))
__SCC_NV_OPERATION(op_fmin, fmin(a, b), T(__builtin_inff()))
__SCC_NV_OPERATION(op_fmax, fmax(a, b), T(-__builtin_inff()))
__SCC_NV_OPERATION(op_and, T(a & b), T(~T(0)))
__SCC_NV_OPERATION(op_or, T(a | b), T(0))
__SCC_NV_OPERATION(op_xor, T(a ^ b), T(0))
__SCC_NV_OPERATION(op_logical_and, T(a && b), T(1))
__SCC_NV_OPERATION(op_logical_or, T(a || b), T(0))
#undef __SCC_NV_OPERATION
// By their SPIR-V names, for the prelude's declaration macros.
namespace ops {
using IAdd = op_iadd;
using IMul = op_imul;
using SMin = op_smin;
using UMin = op_umin;
using SMax = op_smax;
using UMax = op_umax;
using FAdd = op_fadd;
using FMul = op_fmul;
using FMin = op_fmin;
using FMax = op_fmax;
using BitwiseAnd = op_and;
using BitwiseOr = op_or;
using BitwiseXor = op_xor;
using LogicalAnd = op_logical_and;
using LogicalOr = op_logical_or;
} // namespace ops

// Inclusive scan over the sub-group (Hillis-Steele with shuffles up; lanes past the end of a
// partial sub-group take no part).
template <typename Op, typename T> __SCC_NV_CONVERGENT T sub_group_inclusive(T v) {
  unsigned int lane = sub_group_local_id();
  for (unsigned int d = 1; d < warp_size; d <<= 1) {
    T other = shuffle<shuffle_kind::up>(v, d);
    if (lane >= d)
      v = Op::apply(v, other);
  }
  return v;
}
template <typename Op, typename T> __SCC_NV_CONVERGENT T sub_group_collective(unsigned int operation, T v) {
  T inclusive = sub_group_inclusive<Op>(v);
  if (operation == group_inclusive_scan)
    return inclusive;
  if (operation == group_exclusive_scan) {
    T before = shuffle<shuffle_kind::up>(inclusive, 1);
    return sub_group_local_id() == 0 ? Op::template identity<T>() : before;
  }
  return shuffle<shuffle_kind::index>(inclusive, sub_group_size() - 1);
}
// Shared memory for work-group collectives: one 8-byte slot per sub-group (at most 32 of
// them in a 1024-wide work-group) and one for a broadcast or a total.
static __attribute__((opencl_local)) unsigned long work_group_scratch[warp_size + 1];
template <typename T> __SCC_NV_INLINE __attribute__((opencl_local)) T *scratch_slot(unsigned int i) {
  return reinterpret_cast<__attribute__((opencl_local)) T *>(&work_group_scratch[i]);
}
template <typename Op, typename T> __SCC_NV_CONVERGENT T work_group_collective(unsigned int operation, T v) {
  T inclusive = sub_group_inclusive<Op>(v);
  unsigned int lane = sub_group_local_id(), warp = sub_group_id(), warps = sub_group_count();
  if (lane == sub_group_size() - 1)
    *scratch_slot<T>(warp) = inclusive; // the sub-group's total
  __nvvm_barrier_sync(0);
  if (warp == 0) {
    // Sub-group 0 scans the totals in place; exclusive prefixes for every sub-group.
    T total = lane < warps ? *scratch_slot<T>(lane) : Op::template identity<T>();
    T scanned = sub_group_inclusive<Op>(total);
    T before = shuffle<shuffle_kind::up>(scanned, 1);
    if (lane < warps)
      *scratch_slot<T>(lane) = lane == 0 ? Op::template identity<T>() : before;
    if (lane == warps - 1)
      *scratch_slot<T>(warp_size) = scanned;
  }
  __nvvm_barrier_sync(0);
  T prefix = *scratch_slot<T>(warp), whole = *scratch_slot<T>(warp_size);
  __nvvm_barrier_sync(0); // the slots are free for the next collective
  if (operation == group_reduce)
    return whole;
  if (operation == group_inclusive_scan)
    return Op::apply(prefix, inclusive);
  T before = shuffle<shuffle_kind::up>(inclusive, 1);
  return lane == 0 ? prefix : Op::apply(prefix, before);
}
template <typename Op, typename T> __SCC_NV_CONVERGENT T group_collective(int scope, unsigned int operation, T v) {
  if (scope == scope_subgroup)
    return sub_group_collective<Op>(operation, v);
  return work_group_collective<Op>(operation, v);
}
template <typename T> __SCC_NV_CONVERGENT T work_group_broadcast(T v, unsigned long linear_id) {
  if (linear_local_id() == linear_id)
    *scratch_slot<T>(warp_size) = v;
  __nvvm_barrier_sync(0);
  T r = *scratch_slot<T>(warp_size);
  __nvvm_barrier_sync(0);
  return r;
}
// A work-group broadcast's id: a linear id, or SPIR-V's (x, y[, z]) with x fastest.
template <typename I> __SCC_NV_INLINE unsigned long linear_id_of(I id) {
  if constexpr (shape<I>::size == 1)
    return id;
  else if constexpr (shape<I>::size == 2)
    return id[1] * local_size(0) + id[0];
  else
    return (id[2] * local_size(1) + id[1]) * local_size(0) + id[0];
}
template <typename T, typename I> __SCC_NV_CONVERGENT T group_broadcast(int scope, T v, I id) {
  if (scope == scope_subgroup)
    return shuffle<shuffle_kind::index>(v, static_cast<unsigned int>(linear_id_of(id)));
  return work_group_broadcast(v, linear_id_of(id));
}
__SCC_NV_CONVERGENT bool group_all(int scope, bool p) {
  if (scope == scope_subgroup)
    return __nvvm_vote_all_sync(sub_group_mask(), p);
  return __nvvm_bar0_and(p);
}
__SCC_NV_CONVERGENT bool group_any(int scope, bool p) {
  if (scope == scope_subgroup)
    return __nvvm_vote_any_sync(sub_group_mask(), p);
  return __nvvm_bar0_or(p);
}

// ---- Barriers and fences (SPIR-V scope and memory-semantics operands) -------------------------
__SCC_NV_INLINE bool releases(int semantics) { return semantics & (0x4 | 0x8 | 0x10); }
__SCC_NV_INLINE bool acquires(int semantics) { return semantics & (0x2 | 0x8 | 0x10); }
// A fence at least as strong as the scope asks (membar.cta/gl/sys are sequentially consistent).
__SCC_NV_INLINE void fence(int scope) {
  if (scope == scope_cross_device)
    __nvvm_membar_sys();
  else if (scope == scope_device)
    __nvvm_membar_gl();
  else
    __nvvm_membar_cta();
}
__SCC_NV_INLINE void memory_barrier(int scope, int semantics) {
  if (semantics & (0x2 | 0x4 | 0x8 | 0x10))
    fence(scope);
}
__SCC_NV_CONVERGENT void control_barrier(int execution, int memory, int semantics) {
  if (execution == scope_subgroup) {
    memory_barrier(memory, semantics);
    __nvvm_bar_warp_sync(sub_group_mask());
    memory_barrier(memory, semantics);
  } else {
    // bar.sync orders shared and global memory among the CTA's threads; wider scopes need a
    // fence too.
    if (memory == scope_device || memory == scope_cross_device)
      memory_barrier(memory, semantics);
    __nvvm_barrier_sync(0);
  }
}

// ---- Atomics -----------------------------------------------------------------------------------
// LLVM 22's NVPTX backend emits atomicrmw of every ordering as a relaxed `atom` and clang drops
// scopes, so the operation is a relaxed atom of the asked scope (cta for work-group and
// sub-group, gpu for device, sys for cross-device) and the ordering is fences around it.
template <typename F> __SCC_NV_INLINE auto ordered(int scope, int semantics, F op) {
  if (releases(semantics))
    fence(scope);
  auto r = op();
  if (acquires(semantics))
    fence(scope);
  return r;
}

// Relaxed atom of one scope, on a generic address (global or shared alike). Scoped forms need
// sm_60; older GPUs get the unscoped (gpu) atom, and sys-scope fences still order it.
// __SCC_NV_BY_SCOPE runs ASM(qualifier, …) with the qualifier of `scope` on this GPU. The
// architecture is chosen by `if constexpr` (clang defines __CUDA_ARCH__ from the target CPU):
// the other branches' PTX is never emitted, not even unoptimised, where ptxas would refuse
// instructions the architecture lacks.
inline constexpr int arch = __CUDA_ARCH__;
#define __SCC_NV_BY_SCOPE(ASM, ...)                                                            \
  if constexpr (arch < 600)                                                                    \
    ASM("", __VA_ARGS__);                                                                      \
  else if (scope == scope_cross_device)                                                        \
    ASM(".sys", __VA_ARGS__);                                                                  \
  else if (scope == scope_device)                                                              \
    ASM(".gpu", __VA_ARGS__);                                                                  \
  else                                                                                         \
    ASM(".cta", __VA_ARGS__);
#define __SCC_NV_ATOM_ASM(SCOPE, OP, PTX_T, R)                                                 \
  asm volatile("atom" SCOPE "." OP "." PTX_T " %0, [%1], %2;" : "=" R(r) : "l"(p), R(v) : "memory")
#define __SCC_NV_CAS_ASM(SCOPE, PTX_T, R)                                                      \
  asm volatile("atom" SCOPE ".cas." PTX_T " %0, [%1], %2, %3;"                                 \
               : "=" R(r) : "l"(p), R(expected), R(desired) : "memory")
#define __SCC_NV_ATOM(NAME, OP, PTX_T, C_T, R)                                                 \
  __SCC_NV_INLINE C_T atom_##NAME(C_T *p, C_T v, int scope) {                                  \
    C_T r;                                                                                     \
    __SCC_NV_BY_SCOPE(__SCC_NV_ATOM_ASM, OP, PTX_T, R)                                         \
    return r;                                                                                  \
  }
#define __SCC_NV_CAS(PTX_T, C_T, R)                                                            \
  __SCC_NV_INLINE C_T atom_cas(C_T *p, C_T expected, C_T desired, int scope) {                 \
    C_T r;                                                                                     \
    __SCC_NV_BY_SCOPE(__SCC_NV_CAS_ASM, PTX_T, R)                                              \
    return r;                                                                                  \
  }
__SCC_NV_ATOM(add, "add", "u32", unsigned int, "r")
__SCC_NV_ATOM(add, "add", "u64", unsigned long, "l")
__SCC_NV_ATOM(add, "add", "f32", float, "f")
__SCC_NV_ATOM(add, "add", "f64", double, "d")
__SCC_NV_ATOM(exchange, "exch", "b32", unsigned int, "r")
__SCC_NV_ATOM(exchange, "exch", "b64", unsigned long, "l")
__SCC_NV_ATOM(smin, "min", "s32", int, "r")
__SCC_NV_ATOM(smin, "min", "s64", long, "l")
__SCC_NV_ATOM(umin, "min", "u32", unsigned int, "r")
__SCC_NV_ATOM(umin, "min", "u64", unsigned long, "l")
__SCC_NV_ATOM(smax, "max", "s32", int, "r")
__SCC_NV_ATOM(smax, "max", "s64", long, "l")
__SCC_NV_ATOM(umax, "max", "u32", unsigned int, "r")
__SCC_NV_ATOM(umax, "max", "u64", unsigned long, "l")
__SCC_NV_ATOM(and, "and", "b32", unsigned int, "r")
__SCC_NV_ATOM(and, "and", "b64", unsigned long, "l")
__SCC_NV_ATOM(or, "or", "b32", unsigned int, "r")
__SCC_NV_ATOM(or, "or", "b64", unsigned long, "l")
__SCC_NV_ATOM(xor, "xor", "b32", unsigned int, "r")
__SCC_NV_ATOM(xor, "xor", "b64", unsigned long, "l")
__SCC_NV_CAS("b32", unsigned int, "r")
__SCC_NV_CAS("b64", unsigned long, "l")
#undef __SCC_NV_ATOM
#undef __SCC_NV_CAS
#undef __SCC_NV_CAS_ASM
#undef __SCC_NV_ATOM_ASM
#undef __SCC_NV_BY_SCOPE


template <typename T> __SCC_NV_INLINE T volatile_load(T *p) {
  return *static_cast<volatile T *>(p);
}
// Compare-exchange on any 2-, 4- or 8-byte type (2 bytes: through the aligned word holding it,
// since 16-bit atom.cas needs sm_70).
template <typename T> __SCC_NV_INLINE T compare_exchange(T *p, T expected, T desired, int scope) {
  if constexpr (sizeof(T) == 2) {
    unsigned long address = reinterpret_cast<unsigned long>(p);
    unsigned int *word = reinterpret_cast<unsigned int *>(address & ~3ul);
    unsigned int shift = (address & 2ul) * 8;
    unsigned int mask = 0xffffu << shift;
    unsigned short want = __builtin_bit_cast(unsigned short, expected);
    unsigned int old = volatile_load(word);
    for (;;) {
      unsigned short seen_half = static_cast<unsigned short>((old & mask) >> shift);
      if (seen_half != want)
        return __builtin_bit_cast(T, seen_half);
      unsigned int next = (old & ~mask) | (static_cast<unsigned int>(__builtin_bit_cast(unsigned short, desired)) << shift);
      unsigned int seen = atom_cas(word, old, next, scope);
      if (seen == old)
        return expected;
      old = seen;
    }
  } else {
    using B = bits_t<T>;
    B seen = atom_cas(reinterpret_cast<B *>(p), __builtin_bit_cast(B, expected),
                      __builtin_bit_cast(B, desired), scope);
    return __builtin_bit_cast(T, seen);
  }
}
// Read-modify-write through compare-exchange, for what PTX has no atom of (float min/max, half
// add); returns the old value.
template <typename T, typename F> __SCC_NV_INLINE T update(T *p, int scope, F f) {
  T old = volatile_load(p);
  for (;;) {
    T seen = compare_exchange(p, old, f(old), scope);
    if (__builtin_bit_cast(bits_t<T>, seen) == __builtin_bit_cast(bits_t<T>, old))
      return old;
    old = seen;
  }
}
template <typename T> __SCC_NV_INLINE T exchange(T *p, T v, int scope) {
  if constexpr (sizeof(T) == 2) {
    return update(p, scope, [&](T) { return v; });
  } else {
    using B = bits_t<T>;
    return __builtin_bit_cast(T, atom_exchange(reinterpret_cast<B *>(p), __builtin_bit_cast(B, v), scope));
  }
}
// Half by compare-exchange; double too before sm_60, which has no atom.add.f64.
template <typename T> __SCC_NV_INLINE T float_add(T *p, T v, int scope) {
  if constexpr (sizeof(T) == 2 || (sizeof(T) == 8 && arch < 600))
    return update(p, scope, [&](T old) { return T(old + v); });
  else
    return atom_add(p, v, scope);
}

} // namespace nvptx
} // namespace __sycl_specconst

// ---- SPIR-V atomics, as Intel's headers declare them (sycl/__spirv/spirv_ops_atomic.hpp) -----
#define __SCC_NV_NS ::__sycl_specconst::nvptx
#define __SCC_NV_DEF inline __attribute__((always_inline))
// Loads, stores, exchanges and compare-exchanges of any type, as bits.
#define __SCC_NV_ATOMIC_BITS(AS, T)                                                           \
  __SCC_NV_DEF T __spirv_AtomicLoad(AS T *p, int s, int o) noexcept {                          \
    return __SCC_NV_NS::ordered(s, o, [&] { return __SCC_NV_NS::volatile_load((T *)p); });     \
  }                                                                                            \
  __SCC_NV_DEF void __spirv_AtomicStore(AS T *p, int s, int o, T v) noexcept {                 \
    if (__SCC_NV_NS::releases(o))                                                              \
      __SCC_NV_NS::fence(s);                                                                   \
    *static_cast<volatile T *>((T *)p) = v;                                                    \
    if (o & 0x10)                                                                              \
      __SCC_NV_NS::fence(s);                                                                   \
  }                                                                                            \
  __SCC_NV_DEF T __spirv_AtomicExchange(AS T *p, int s, int o, T v) noexcept {                 \
    return __SCC_NV_NS::ordered(s, o, [&] { return __SCC_NV_NS::exchange((T *)p, v, s); });    \
  }
#define __SCC_NV_ATOMIC_CMPXCHG(AS, T)                                                        \
  __SCC_NV_DEF T __spirv_AtomicCompareExchange(AS T *p, int s, int equal, int unequal,         \
                                               T desired, T expected) noexcept {              \
    (void)unequal;                                                                             \
    return __SCC_NV_NS::ordered(s, equal, [&] {                                                \
      return __SCC_NV_NS::compare_exchange((T *)p, expected, desired, s);                     \
    });                                                                                        \
  }
// Integer read-modify-writes (SMIN/SMAX or UMIN/UMAX by the type's signedness).
#define __SCC_NV_ATOMIC_RMW(SPIRV, OP, AS, T, ARG)                                             \
  __SCC_NV_DEF T __spirv_Atomic##SPIRV(AS T *p, int s, int o, T v) noexcept {                  \
    using B = __SCC_NV_NS::bits_t<T>;                                                          \
    return (T)__SCC_NV_NS::ordered(s, o, [&] { return __SCC_NV_NS::atom_##OP((B *)(T *)p, (B)(ARG), s); }); \
  }
#define __SCC_NV_ATOMIC_MINMAX(SPIRV, OP, AS, T, CAST_T)                                       \
  __SCC_NV_DEF T __spirv_Atomic##SPIRV(AS T *p, int s, int o, T v) noexcept {                  \
    return (T)__SCC_NV_NS::ordered(s, o, [&] { return __SCC_NV_NS::atom_##OP((CAST_T *)(T *)p, (CAST_T)v, s); }); \
  }
#define __SCC_NV_ATOMIC_INTEGER(AS, T)                                                        \
  __SCC_NV_ATOMIC_BITS(AS, T)                                                                  \
  __SCC_NV_ATOMIC_CMPXCHG(AS, T)                                                               \
  __SCC_NV_ATOMIC_RMW(IAdd, add, AS, T, v)                                                     \
  __SCC_NV_ATOMIC_RMW(ISub, add, AS, T, -v)                                                    \
  __SCC_NV_ATOMIC_RMW(And, and, AS, T, v)                                                      \
  __SCC_NV_ATOMIC_RMW(Or, or, AS, T, v)                                                        \
  __SCC_NV_ATOMIC_RMW(Xor, xor, AS, T, v)
#define __SCC_NV_ATOMIC_SIGNED(AS, T, WIDE)                                                   \
  __SCC_NV_ATOMIC_INTEGER(AS, T)                                                               \
  __SCC_NV_ATOMIC_MINMAX(SMin, smin, AS, T, WIDE)                                              \
  __SCC_NV_ATOMIC_MINMAX(SMax, smax, AS, T, WIDE)
#define __SCC_NV_ATOMIC_UNSIGNED(AS, T, WIDE)                                                 \
  __SCC_NV_ATOMIC_INTEGER(AS, T)                                                               \
  __SCC_NV_ATOMIC_MINMAX(UMin, umin, AS, T, WIDE)                                              \
  __SCC_NV_ATOMIC_MINMAX(UMax, umax, AS, T, WIDE)
// Floating point: add natively for float and double, by compare-exchange for half; min and max
// by compare-exchange.
#define __SCC_NV_ATOMIC_FLOAT(AS, T)                                                          \
  __SCC_NV_ATOMIC_BITS(AS, T)                                                                  \
  __SCC_NV_DEF T __spirv_AtomicFAddEXT(AS T *p, int s, int o, T v) noexcept {                  \
    return __SCC_NV_NS::ordered(s, o, [&] { return __SCC_NV_NS::float_add((T *)p, v, s); });  \
  }                                                                                            \
  __SCC_NV_DEF T __spirv_AtomicFMinEXT(AS T *p, int s, int o, T v) noexcept {                  \
    return __SCC_NV_NS::ordered(s, o, [&] {                                                    \
      return __SCC_NV_NS::update((T *)p, s, [&](T old) { return __SCC_NV_NS::fmin(old, v); }); \
    });                                                                                        \
  }                                                                                            \
  __SCC_NV_DEF T __spirv_AtomicFMaxEXT(AS T *p, int s, int o, T v) noexcept {                  \
    return __SCC_NV_NS::ordered(s, o, [&] {                                                    \
      return __SCC_NV_NS::update((T *)p, s, [&](T old) { return __SCC_NV_NS::fmax(old, v); }); \
    });                                                                                        \
  }
#define __SCC_NV_IN_SPACES(M, ...)                                                             \
  M(__attribute__((opencl_global)), __VA_ARGS__)                                               \
  M(__attribute__((opencl_local)), __VA_ARGS__) M(, __VA_ARGS__)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_SIGNED, int, int)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_SIGNED, long, long)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_SIGNED, long long, long)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_UNSIGNED, unsigned int, unsigned int)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_UNSIGNED, unsigned long, unsigned long)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_UNSIGNED, unsigned long long, unsigned long)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_FLOAT, _Float16)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_FLOAT, float)
__SCC_NV_IN_SPACES(__SCC_NV_ATOMIC_FLOAT, double)
#undef __SCC_NV_IN_SPACES
#undef __SCC_NV_ATOMIC_FLOAT
#undef __SCC_NV_ATOMIC_UNSIGNED
#undef __SCC_NV_ATOMIC_SIGNED
#undef __SCC_NV_ATOMIC_INTEGER
#undef __SCC_NV_ATOMIC_MINMAX
#undef __SCC_NV_ATOMIC_RMW
#undef __SCC_NV_ATOMIC_CMPXCHG
#undef __SCC_NV_ATOMIC_BITS

// ---- Work-item and sub-group queries, barriers ------------------------------------------------
// nothrow and const as the prelude's and Intel's declarations of them say (an attribute that
// only a later declaration has draws a warning).
#undef __SCC_NV_DEF
#define __SCC_NV_DEF inline __attribute__((always_inline, nothrow, const))
__SCC_NV_DEF unsigned long __spirv_BuiltInLocalInvocationId(int d) { return __SCC_NV_NS::local_id(d); }
__SCC_NV_DEF unsigned long __spirv_BuiltInWorkgroupSize(int d) { return __SCC_NV_NS::local_size(d); }
__SCC_NV_DEF unsigned long __spirv_BuiltInWorkgroupId(int d) { return __SCC_NV_NS::group_id(d); }
__SCC_NV_DEF unsigned long __spirv_BuiltInNumWorkgroups(int d) { return __SCC_NV_NS::group_count(d); }
// The launch's global offset, which only the kernel's wrapper knows (the CUDA adapters launch
// `<kernel>_with_offset` with it): resolved by sycl-clang++ after the device link.
extern "C" unsigned long __sycl_specconst_nvptx_global_offset(int);
__SCC_NV_DEF unsigned long __spirv_BuiltInGlobalOffset(int d) { return __sycl_specconst_nvptx_global_offset(d); }
__SCC_NV_DEF unsigned long __spirv_BuiltInGlobalSize(int d) {
  return __SCC_NV_NS::local_size(d) * __SCC_NV_NS::group_count(d);
}
__SCC_NV_DEF unsigned long __spirv_BuiltInGlobalInvocationId(int d) {
  return __SCC_NV_NS::group_id(d) * __SCC_NV_NS::local_size(d) + __SCC_NV_NS::local_id(d) +
         __spirv_BuiltInGlobalOffset(d);
}
__SCC_NV_DEF unsigned int __spirv_BuiltInSubgroupSize() { return __SCC_NV_NS::sub_group_size(); }
__SCC_NV_DEF unsigned int __spirv_BuiltInSubgroupMaxSize() { return __SCC_NV_NS::warp_size; }
__SCC_NV_DEF unsigned int __spirv_BuiltInNumSubgroups() { return __SCC_NV_NS::sub_group_count(); }
__SCC_NV_DEF unsigned int __spirv_BuiltInSubgroupId() { return __SCC_NV_NS::sub_group_id(); }
__SCC_NV_DEF unsigned int __spirv_BuiltInSubgroupLocalInvocationId() { return __SCC_NV_NS::sub_group_local_id(); }
inline __attribute__((always_inline, convergent, nothrow)) void __spirv_ControlBarrier(int execution, int memory,
                                                                              int semantics) {
  __SCC_NV_NS::control_barrier(execution, memory, semantics);
}
inline __attribute__((always_inline, nothrow)) void __spirv_MemoryBarrier(int memory, int semantics) {
  __SCC_NV_NS::memory_barrier(memory, semantics);
}
