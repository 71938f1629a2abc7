// Device-side prelude of sycl-clang++ (sycl-specconst): what DPC++'s clang declares or
// provides itself and stock clang-22 does not. Force-included before the user's source in the
// device compile only (-fsycl-device-only). Written for this project; see docs/device-compile.md.
#pragma once

// Intel's headers expect the compiler to declare the __spirv_* built-ins (DPC++'s
// -fdeclare-spirv-builtins); this header does, so they skip their own guard.
#define __SPIRV_BUILTIN_DECLARATIONS__ 1

// Stock clang ignores the GNU spelling opencl_constant in SYCL mode, which makes Intel's
// address-space traits specialise the same type twice; a numbered address space keeps the
// constant-space specialisations distinct.
#define opencl_constant address_space(2)

// Intel's kernel launchers carry [[clang::sycl_kernel]] when the compiler lacks the kernel
// builtins; stock clang emits kernels for [[clang::sycl_kernel_entry_point(Name)]], and every
// launcher names its kernel-name template parameter KernelName.
#define sycl_kernel sycl_kernel_entry_point(KernelName)

// Stand-ins for DPC++ type-introspection builtins, used only by the is_device_copyable check,
// which this device compile therefore skips (the host compile still checks what it can).
#define __builtin_num_fields(T) 0
#define __builtin_num_bases(T) 0
#define __builtin_field_type(T, I) ((void)(I), int())
#define __builtin_base_type(T, I) ((void)(I), int())
// Pointer annotations (prefetch hints) are dropped.
#define __builtin_intel_sycl_ptr_annotation(P, ...) (P)

// __builtin_sycl_unique_stable_id(S): the spec id's own global reaches the device IR as the
// argument of this declared-only function; sycl-clang++ replaces each call with the symbolic ID
// its front end computed for that variable (the footer's ID, prefix included).
namespace __sycl_specconst {
const char *symbolic_id(const void *spec_id) noexcept;
}
#define __builtin_sycl_unique_stable_id(S) ::__sycl_specconst::symbolic_id(&(S))

// OpenCL opaque types DPC++'s clang predeclares.
typedef struct __sycl_specconst_event *__ocl_event_t;
typedef struct __sycl_specconst_sampler *__ocl_sampler_t;
#define __SCC_IMAGE(NAME) typedef struct __sycl_specconst_##NAME *__ocl_##NAME##_t;
#define __SCC_IMAGES(ACCESS)                                                                  \
  __SCC_IMAGE(image1d_##ACCESS) __SCC_IMAGE(image1d_array_##ACCESS)                          \
  __SCC_IMAGE(image1d_buffer_##ACCESS) __SCC_IMAGE(image2d_##ACCESS)                         \
  __SCC_IMAGE(image2d_array_##ACCESS) __SCC_IMAGE(image3d_##ACCESS)                          \
  __SCC_IMAGE(image2d_depth_##ACCESS) __SCC_IMAGE(image2d_array_depth_##ACCESS)              \
  __SCC_IMAGE(sampled_image1d_##ACCESS) __SCC_IMAGE(sampled_image1d_array_##ACCESS)          \
  __SCC_IMAGE(sampled_image2d_##ACCESS) __SCC_IMAGE(sampled_image2d_array_##ACCESS)          \
  __SCC_IMAGE(sampled_image3d_##ACCESS)
__SCC_IMAGES(ro) __SCC_IMAGES(wo) __SCC_IMAGES(rw)
#undef __SCC_IMAGES
#undef __SCC_IMAGE

// SPIR-V built-ins with their real parameter types: the mangled names (_Z15__spirv_ocl_sqrtf,
// …) are what LLVM's SPIR-V backend maps to OpenCL.std instructions.
#define __SCC_PURE __attribute__((nothrow, const)) extern
#define __SCC_VEC(T, N) T __attribute__((ext_vector_type(N)))
#if defined(__NVPTX__)
// NVPTX: nothing turns a __spirv_* call into an instruction, so each function this prelude
// declares is defined instead, element by element, by the scalar function of the same name in
// __sycl_specconst::nvptx (issue 30).
#include "sycl-specconst-nvptx.hpp"
#define __SCC_UNARY(NAME, T)                                                                   \
  __SCC_NV_DEF T __spirv_ocl_##NAME(T x) {                                                     \
    return __SCC_NV_NS::each<T>([](auto a) { return __SCC_NV_NS::NAME(a); }, x);              \
  }
#define __SCC_BINARY(NAME, T)                                                                  \
  __SCC_NV_DEF T __spirv_ocl_##NAME(T x, T y) {                                                \
    return __SCC_NV_NS::each<T>([](auto a, auto b) { return __SCC_NV_NS::NAME(a, b); }, x, y); \
  }
#define __SCC_TERNARY(NAME, T)                                                                 \
  __SCC_NV_DEF T __spirv_ocl_##NAME(T x, T y, T z) {                                           \
    return __SCC_NV_NS::each<T>([](auto a, auto b, auto c) { return __SCC_NV_NS::NAME(a, b, c); }, \
                                x, y, z);                                                      \
  }
#else
#define __SCC_UNARY(NAME, T) __SCC_PURE T __spirv_ocl_##NAME(T);
#define __SCC_BINARY(NAME, T) __SCC_PURE T __spirv_ocl_##NAME(T, T);
#define __SCC_TERNARY(NAME, T) __SCC_PURE T __spirv_ocl_##NAME(T, T, T);
#endif
#define __SCC_SHAPES(M, NAME, T)                                                              \
  M(NAME, T) M(NAME, __SCC_VEC(T, 2)) M(NAME, __SCC_VEC(T, 3)) M(NAME, __SCC_VEC(T, 4))      \
  M(NAME, __SCC_VEC(T, 8)) M(NAME, __SCC_VEC(T, 16))
#define __SCC_FOR_FLOATS(M, NAME)                                                             \
  __SCC_SHAPES(M, NAME, float) __SCC_SHAPES(M, NAME, double) __SCC_SHAPES(M, NAME, _Float16)
#define __SCC_FOR_FLOAT32(M, NAME) __SCC_SHAPES(M, NAME, float)

__SCC_FOR_FLOATS(__SCC_UNARY, acos)
__SCC_FOR_FLOATS(__SCC_UNARY, acosh)
__SCC_FOR_FLOATS(__SCC_UNARY, acospi)
__SCC_FOR_FLOATS(__SCC_UNARY, asin)
__SCC_FOR_FLOATS(__SCC_UNARY, asinh)
__SCC_FOR_FLOATS(__SCC_UNARY, asinpi)
__SCC_FOR_FLOATS(__SCC_UNARY, atan)
__SCC_FOR_FLOATS(__SCC_UNARY, atanh)
__SCC_FOR_FLOATS(__SCC_UNARY, atanpi)
__SCC_FOR_FLOATS(__SCC_UNARY, cbrt)
__SCC_FOR_FLOATS(__SCC_UNARY, ceil)
__SCC_FOR_FLOATS(__SCC_UNARY, cos)
__SCC_FOR_FLOATS(__SCC_UNARY, cosh)
__SCC_FOR_FLOATS(__SCC_UNARY, cospi)
__SCC_FOR_FLOATS(__SCC_UNARY, erf)
__SCC_FOR_FLOATS(__SCC_UNARY, erfc)
__SCC_FOR_FLOATS(__SCC_UNARY, exp)
__SCC_FOR_FLOATS(__SCC_UNARY, exp10)
__SCC_FOR_FLOATS(__SCC_UNARY, exp2)
__SCC_FOR_FLOATS(__SCC_UNARY, expm1)
__SCC_FOR_FLOATS(__SCC_UNARY, fabs)
__SCC_FOR_FLOATS(__SCC_UNARY, floor)
__SCC_FOR_FLOATS(__SCC_UNARY, lgamma)
__SCC_FOR_FLOATS(__SCC_UNARY, log)
__SCC_FOR_FLOATS(__SCC_UNARY, log10)
__SCC_FOR_FLOATS(__SCC_UNARY, log1p)
__SCC_FOR_FLOATS(__SCC_UNARY, log2)
__SCC_FOR_FLOATS(__SCC_UNARY, logb)
__SCC_FOR_FLOATS(__SCC_UNARY, rint)
__SCC_FOR_FLOATS(__SCC_UNARY, round)
__SCC_FOR_FLOATS(__SCC_UNARY, rsqrt)
__SCC_FOR_FLOATS(__SCC_UNARY, sin)
__SCC_FOR_FLOATS(__SCC_UNARY, sinh)
__SCC_FOR_FLOATS(__SCC_UNARY, sinpi)
__SCC_FOR_FLOATS(__SCC_UNARY, sqrt)
__SCC_FOR_FLOATS(__SCC_UNARY, tan)
__SCC_FOR_FLOATS(__SCC_UNARY, tanh)
__SCC_FOR_FLOATS(__SCC_UNARY, tanpi)
__SCC_FOR_FLOATS(__SCC_UNARY, tgamma)
__SCC_FOR_FLOATS(__SCC_UNARY, trunc)
__SCC_FOR_FLOATS(__SCC_UNARY, degrees)
__SCC_FOR_FLOATS(__SCC_UNARY, radians)
__SCC_FOR_FLOATS(__SCC_UNARY, sign)
__SCC_FOR_FLOATS(__SCC_BINARY, atan2)
__SCC_FOR_FLOATS(__SCC_BINARY, atan2pi)
__SCC_FOR_FLOATS(__SCC_BINARY, copysign)
__SCC_FOR_FLOATS(__SCC_BINARY, fdim)
__SCC_FOR_FLOATS(__SCC_BINARY, fmax)
__SCC_FOR_FLOATS(__SCC_BINARY, fmin)
__SCC_FOR_FLOATS(__SCC_BINARY, fmod)
__SCC_FOR_FLOATS(__SCC_BINARY, hypot)
__SCC_FOR_FLOATS(__SCC_BINARY, maxmag)
__SCC_FOR_FLOATS(__SCC_BINARY, minmag)
__SCC_FOR_FLOATS(__SCC_BINARY, nextafter)
__SCC_FOR_FLOATS(__SCC_BINARY, pow)
__SCC_FOR_FLOATS(__SCC_BINARY, powr)
__SCC_FOR_FLOATS(__SCC_BINARY, remainder)
__SCC_FOR_FLOATS(__SCC_BINARY, step)
__SCC_FOR_FLOATS(__SCC_BINARY, fmax_common)
__SCC_FOR_FLOATS(__SCC_BINARY, fmin_common)
__SCC_FOR_FLOATS(__SCC_TERNARY, fma)
__SCC_FOR_FLOATS(__SCC_TERNARY, mad)
__SCC_FOR_FLOATS(__SCC_TERNARY, mix)
__SCC_FOR_FLOATS(__SCC_TERNARY, smoothstep)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_cos)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_exp)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_exp10)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_exp2)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_log)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_log10)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_log2)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_recip)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_rsqrt)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_sin)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_sqrt)
__SCC_FOR_FLOAT32(__SCC_UNARY, half_tan)
__SCC_FOR_FLOAT32(__SCC_BINARY, half_divide)
__SCC_FOR_FLOAT32(__SCC_BINARY, half_powr)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_cos)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_exp)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_exp10)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_exp2)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_log)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_log10)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_log2)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_recip)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_rsqrt)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_sin)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_sqrt)
__SCC_FOR_FLOAT32(__SCC_UNARY, native_tan)
__SCC_FOR_FLOAT32(__SCC_BINARY, native_divide)
__SCC_FOR_FLOAT32(__SCC_BINARY, native_powr)

// Common functions (SYCL 2020 §4.17.6) the math list above lacks: clamp of floating-point
// values is OpenCL.std fclamp.
__SCC_FOR_FLOATS(__SCC_TERNARY, fclamp)
// bitselect (§4.17.9) of floating-point values (integers: with the integer built-ins).
__SCC_FOR_FLOATS(__SCC_TERNARY, bitselect)

// Math functions with a pointer argument (§4.17.5): frexp, lgamma_r and remquo store an int
// (or an int vector of the value's length), fract, modf and sincos a value of the argument's
// type. The pointer is generic when the user passes a raw pointer, or global, local or
// private (a multi_ptr's decorated pointer): one overload per address space, as OpenCL.std
// takes each. They write through the pointer, so they are not `const`.
#define __SCC_WRITES __attribute__((nothrow)) extern
#define __SCC_SPACES(M, NAME, T, P)                                                            \
  M(NAME, T, P, ) M(NAME, T, P, __attribute__((opencl_global)))                                \
  M(NAME, T, P, __attribute__((opencl_local))) M(NAME, T, P, __attribute__((opencl_private)))
#if defined(__NVPTX__)
#define __SCC_OUT_1(NAME, T, P, SPACE)                                                         \
  __SCC_NV_DEF T __spirv_ocl_##NAME(T x, SPACE P *out) {                                       \
    P second;                                                                                  \
    T r = __SCC_NV_NS::each_with_out<T>(                                                       \
        [](auto a, auto *o) { return __SCC_NV_NS::NAME(a, o); }, &second, x);                  \
    *(P *)out = second;                                                                        \
    return r;                                                                                  \
  }
#define __SCC_OUT_2(NAME, T, P, SPACE)                                                         \
  __SCC_NV_DEF T __spirv_ocl_##NAME(T x, T y, SPACE P *out) {                                  \
    P second;                                                                                  \
    T r = __SCC_NV_NS::each_with_out<T>(                                                       \
        [](auto a, auto b, auto *o) { return __SCC_NV_NS::NAME(a, b, o); }, &second, x, y);    \
    *(P *)out = second;                                                                        \
    return r;                                                                                  \
  }
#else
#define __SCC_OUT_1(NAME, T, P, SPACE) __SCC_WRITES T __spirv_ocl_##NAME(T, SPACE P *);
#define __SCC_OUT_2(NAME, T, P, SPACE) __SCC_WRITES T __spirv_ocl_##NAME(T, T, SPACE P *);
#endif
#define __SCC_OUT_SHAPES(M, NAME, F, I)                                                        \
  __SCC_SPACES(M, NAME, F, I)                                                                  \
  __SCC_SPACES(M, NAME, __SCC_VEC(F, 2), __SCC_VEC(I, 2))                                      \
  __SCC_SPACES(M, NAME, __SCC_VEC(F, 3), __SCC_VEC(I, 3))                                      \
  __SCC_SPACES(M, NAME, __SCC_VEC(F, 4), __SCC_VEC(I, 4))                                      \
  __SCC_SPACES(M, NAME, __SCC_VEC(F, 8), __SCC_VEC(I, 8))                                      \
  __SCC_SPACES(M, NAME, __SCC_VEC(F, 16), __SCC_VEC(I, 16))
#define __SCC_OUT_INT(M, NAME)                                                                 \
  __SCC_OUT_SHAPES(M, NAME, float, int) __SCC_OUT_SHAPES(M, NAME, double, int)                 \
  __SCC_OUT_SHAPES(M, NAME, _Float16, int)
#define __SCC_OUT_SAME(M, NAME)                                                                \
  __SCC_OUT_SHAPES(M, NAME, float, float) __SCC_OUT_SHAPES(M, NAME, double, double)            \
  __SCC_OUT_SHAPES(M, NAME, _Float16, _Float16)
__SCC_OUT_INT(__SCC_OUT_1, frexp)
__SCC_OUT_INT(__SCC_OUT_1, lgamma_r)
__SCC_OUT_INT(__SCC_OUT_2, remquo)
__SCC_OUT_SAME(__SCC_OUT_1, fract)
__SCC_OUT_SAME(__SCC_OUT_1, modf)
__SCC_OUT_SAME(__SCC_OUT_1, sincos)
#undef __SCC_OUT_SAME
#undef __SCC_OUT_INT
#undef __SCC_OUT_SHAPES
#undef __SCC_OUT_2
#undef __SCC_OUT_1
#undef __SCC_SPACES
#undef __SCC_WRITES

// Geometric functions (§4.17.8) of scalars and 2-, 3- and 4-vectors: OpenCL.std length,
// distance, normalize (fast_* for float only), cross of 3- and 4-vectors; dot of vectors is
// core SPIR-V OpDot (the headers multiply scalars themselves).
#define __SCC_GEO(M, NAME, T)                                                                  \
  M(NAME, T, T) M(NAME, T, __SCC_VEC(T, 2)) M(NAME, T, __SCC_VEC(T, 3)) M(NAME, T, __SCC_VEC(T, 4))
#if defined(__NVPTX__)
#define __SCC_LENGTH(NAME, S, V)                                                               \
  __SCC_NV_DEF S __spirv_ocl_##NAME(V x) { return __SCC_NV_NS::NAME(x); }
#define __SCC_DISTANCE(NAME, S, V)                                                             \
  __SCC_NV_DEF S __spirv_ocl_##NAME(V x, V y) { return __SCC_NV_NS::NAME(x, y); }
#define __SCC_NORMALIZE(NAME, S, V)                                                            \
  __SCC_NV_DEF V __spirv_ocl_##NAME(V x) { return __SCC_NV_NS::NAME(x); }
#else
#define __SCC_LENGTH(NAME, S, V) __SCC_PURE S __spirv_ocl_##NAME(V);
#define __SCC_DISTANCE(NAME, S, V) __SCC_PURE S __spirv_ocl_##NAME(V, V);
#define __SCC_NORMALIZE(NAME, S, V) __SCC_PURE V __spirv_ocl_##NAME(V);
#endif
#define __SCC_GEO_VECTORS(M, NAME, T)                                                          \
  M(NAME, T, __SCC_VEC(T, 2)) M(NAME, T, __SCC_VEC(T, 3)) M(NAME, T, __SCC_VEC(T, 4))
#define __SCC_GEO_FLOATS(M, NAME)                                                              \
  __SCC_GEO(M, NAME, float) __SCC_GEO(M, NAME, double) __SCC_GEO_VECTORS(M, NAME, _Float16)
__SCC_GEO_FLOATS(__SCC_LENGTH, length)
__SCC_GEO_FLOATS(__SCC_DISTANCE, distance)
__SCC_GEO_FLOATS(__SCC_NORMALIZE, normalize)
__SCC_GEO(__SCC_LENGTH, fast_length, float)
__SCC_GEO(__SCC_DISTANCE, fast_distance, float)
__SCC_GEO(__SCC_NORMALIZE, fast_normalize, float)
#if defined(__NVPTX__)
#define __SCC_CROSS_DOT_N(T, N)                                                                \
  __SCC_NV_DEF T __spirv_Dot(__SCC_VEC(T, N) x, __SCC_VEC(T, N) y) { return __SCC_NV_NS::dot(x, y); }
#define __SCC_CROSS_DOT(T)                                                                     \
  __SCC_NV_DEF __SCC_VEC(T, 3) __spirv_ocl_cross(__SCC_VEC(T, 3) x, __SCC_VEC(T, 3) y) {       \
    return __SCC_NV_NS::cross(x, y);                                                           \
  }                                                                                            \
  __SCC_NV_DEF __SCC_VEC(T, 4) __spirv_ocl_cross(__SCC_VEC(T, 4) x, __SCC_VEC(T, 4) y) {       \
    return __SCC_NV_NS::cross(x, y);                                                           \
  }                                                                                            \
  __SCC_CROSS_DOT_N(T, 2) __SCC_CROSS_DOT_N(T, 3) __SCC_CROSS_DOT_N(T, 4)
#else
#define __SCC_CROSS_DOT(T)                                                                     \
  __SCC_PURE __SCC_VEC(T, 3) __spirv_ocl_cross(__SCC_VEC(T, 3), __SCC_VEC(T, 3));              \
  __SCC_PURE __SCC_VEC(T, 4) __spirv_ocl_cross(__SCC_VEC(T, 4), __SCC_VEC(T, 4));              \
  __SCC_PURE T __spirv_Dot(__SCC_VEC(T, 2), __SCC_VEC(T, 2));                                  \
  __SCC_PURE T __spirv_Dot(__SCC_VEC(T, 3), __SCC_VEC(T, 3));                                  \
  __SCC_PURE T __spirv_Dot(__SCC_VEC(T, 4), __SCC_VEC(T, 4));
#endif
__SCC_CROSS_DOT(float)
__SCC_CROSS_DOT(double)
__SCC_CROSS_DOT(_Float16)
#undef __SCC_CROSS_DOT
// The headers multiply scalars themselves, except sycl::half's (its OpenCL form, _Float16, is
// not a SYCL arithmetic type to them): a product, since OpDot takes vectors only.
inline __attribute__((always_inline)) _Float16 __spirv_Dot(_Float16 x, _Float16 y) { return x * y; }
// A scalar half's length, distance and normalize come out of the CPU device's library wrong
// (length(-1.75h) = -1.75, distance(x, y) = x - y, normalize(-1h) = 1; float, double and half
// vectors are right), so they are computed here: |x|, |x - y|, and x's sign (x itself for
// zero and NaN, as OpenCL's normalize returns a zero vector unchanged).
inline __attribute__((always_inline)) _Float16 __spirv_ocl_length(_Float16 x) {
  return __spirv_ocl_fabs(x);
}
inline __attribute__((always_inline)) _Float16 __spirv_ocl_distance(_Float16 x, _Float16 y) {
  return __spirv_ocl_length(x - y);
}
inline __attribute__((always_inline)) _Float16 __spirv_ocl_normalize(_Float16 x) {
  return x > 0 ? _Float16(1) : x < 0 ? _Float16(-1) : x;
}
#undef __SCC_GEO_FLOATS
#undef __SCC_GEO_VECTORS
#undef __SCC_NORMALIZE
#undef __SCC_DISTANCE
#undef __SCC_LENGTH
#undef __SCC_GEO

// T f(T, int) and its vector forms.
#if defined(__NVPTX__)
#define __SCC_WITH_INT(NAME, T, I)                                                             \
  __SCC_NV_DEF T __spirv_ocl_##NAME(T x, I n) {                                                \
    return __SCC_NV_NS::each<T>([](auto a, int k) { return __SCC_NV_NS::NAME(a, k); }, x, n);  \
  }
#else
#define __SCC_WITH_INT(NAME, T, I) __SCC_PURE T __spirv_ocl_##NAME(T, I);
#endif
#define __SCC_WITH_INT_SHAPE(NAME, N)                                                         \
  __SCC_WITH_INT(NAME, __SCC_VEC(float, N), __SCC_VEC(int, N))                               \
  __SCC_WITH_INT(NAME, __SCC_VEC(double, N), __SCC_VEC(int, N))                              \
  __SCC_WITH_INT(NAME, __SCC_VEC(_Float16, N), __SCC_VEC(int, N))
#define __SCC_FOR_WITH_INT(NAME)                                                              \
  __SCC_WITH_INT(NAME, float, int) __SCC_WITH_INT(NAME, double, int)                         \
  __SCC_WITH_INT(NAME, _Float16, int) __SCC_WITH_INT_SHAPE(NAME, 2)                          \
  __SCC_WITH_INT_SHAPE(NAME, 3) __SCC_WITH_INT_SHAPE(NAME, 4) __SCC_WITH_INT_SHAPE(NAME, 8)  \
  __SCC_WITH_INT_SHAPE(NAME, 16)
__SCC_FOR_WITH_INT(ldexp)
__SCC_FOR_WITH_INT(pown)
__SCC_FOR_WITH_INT(rootn)

// Predicates: bool for scalars, a signed char per element for vectors (what Intel's
// relational built-ins convert from); ilogb returns int.
#if defined(__NVPTX__)
#define __SCC_MAP1(NAME, R, A)                                                                 \
  __SCC_NV_DEF R __spirv_##NAME(A x) {                                                         \
    return __SCC_NV_NS::each<R>(                                                               \
        [](auto a) { return __SCC_NV_NS::as_result<__SCC_NV_NS::element_t<R>>(__SCC_NV_NS::NAME(a)); }, x); \
  }
#define __SCC_MAP2(NAME, R, A)                                                                 \
  __SCC_NV_DEF R __spirv_##NAME(A x, A y) {                                                    \
    return __SCC_NV_NS::each<R>([](auto a, auto b) {                                           \
      return __SCC_NV_NS::as_result<__SCC_NV_NS::element_t<R>>(__SCC_NV_NS::NAME(a, b));        \
    }, x, y);                                                                                  \
  }
#else
#define __SCC_MAP1(NAME, R, A) __SCC_PURE R __spirv_##NAME(A);
#define __SCC_MAP2(NAME, R, A) __SCC_PURE R __spirv_##NAME(A, A);
#endif
#define __SCC_MAP_SHAPE(M, NAME, R, N)                                                        \
  M(NAME, __SCC_VEC(R, N), __SCC_VEC(float, N)) M(NAME, __SCC_VEC(R, N), __SCC_VEC(double, N)) \
  M(NAME, __SCC_VEC(R, N), __SCC_VEC(_Float16, N))
#define __SCC_MAP_ALL(M, NAME, SCALAR_R, ELEMENT_R)                                           \
  M(NAME, SCALAR_R, float) M(NAME, SCALAR_R, double) M(NAME, SCALAR_R, _Float16)             \
  __SCC_MAP_SHAPE(M, NAME, ELEMENT_R, 2) __SCC_MAP_SHAPE(M, NAME, ELEMENT_R, 3)               \
  __SCC_MAP_SHAPE(M, NAME, ELEMENT_R, 4) __SCC_MAP_SHAPE(M, NAME, ELEMENT_R, 8)               \
  __SCC_MAP_SHAPE(M, NAME, ELEMENT_R, 16)
__SCC_MAP_ALL(__SCC_MAP1, ocl_ilogb, int, int)
__SCC_MAP_ALL(__SCC_MAP1, IsFinite, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP1, IsInf, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP1, IsNan, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP1, IsNormal, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP1, SignBitSet, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FOrdEqual, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FUnordNotEqual, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FOrdNotEqual, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FOrdGreaterThan, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FOrdGreaterThanEqual, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FOrdLessThan, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, FOrdLessThanEqual, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, Ordered, bool, signed char)
__SCC_MAP_ALL(__SCC_MAP2, Unordered, bool, signed char)

// nan(code): the code's width selects the floating type.
#if defined(__NVPTX__)
#define __SCC_NAN(F, U)                                                                        \
  __SCC_NV_DEF F __spirv_ocl_nan(U code) {                                                     \
    return __SCC_NV_NS::each<F>([](auto c) { return __SCC_NV_NS::nan_of<__SCC_NV_NS::element_t<F>>(c); }, code); \
  }
#else
#define __SCC_NAN(F, U) __SCC_PURE F __spirv_ocl_nan(U);
#endif
#define __SCC_NAN_SHAPE(N)                                                                    \
  __SCC_NAN(__SCC_VEC(float, N), __SCC_VEC(unsigned int, N))                                 \
  __SCC_NAN(__SCC_VEC(double, N), __SCC_VEC(unsigned long, N))                               \
  __SCC_NAN(__SCC_VEC(_Float16, N), __SCC_VEC(unsigned short, N))
__SCC_NAN(float, unsigned int) __SCC_NAN(double, unsigned long) __SCC_NAN(_Float16, unsigned short)
__SCC_NAN_SHAPE(2) __SCC_NAN_SHAPE(3) __SCC_NAN_SHAPE(4) __SCC_NAN_SHAPE(8) __SCC_NAN_SHAPE(16)

// Synchronisation and group operations (scope, memory semantics as SPIR-V numbers).
extern __attribute__((nothrow, convergent)) void __spirv_ControlBarrier(int execution, int memory, int semantics);
extern __attribute__((nothrow)) void __spirv_MemoryBarrier(int memory, int semantics);
#if defined(__NVPTX__)
// A sub-group's ballot: the warp's vote in the first word (sub-groups are 32 wide).
inline __attribute__((always_inline, convergent, nothrow)) unsigned int __attribute__((ext_vector_type(4)))
__spirv_GroupNonUniformBallot(int, bool predicate) {
  unsigned int __attribute__((ext_vector_type(4))) r = 0;
  r[0] = __nvvm_vote_ballot_sync(__SCC_NV_NS::sub_group_mask(), predicate);
  return r;
}
inline __attribute__((always_inline, convergent, nothrow)) unsigned int
__spirv_GroupNonUniformBallotBitCount(int, int operation, unsigned int __attribute__((ext_vector_type(4))) mask) {
  unsigned int lane = __SCC_NV_NS::sub_group_local_id();
  unsigned int upto = operation == 1 ? (lane == 31 ? 0xffffffffu : (2u << lane) - 1u)
                      : operation == 2 ? (1u << lane) - 1u
                                       : 0xffffffffu;
  return __builtin_popcount(mask[0] & __SCC_NV_NS::sub_group_mask() & upto);
}
#else
extern __attribute__((nothrow, convergent)) unsigned int __attribute__((ext_vector_type(4)))
__spirv_GroupNonUniformBallot(int execution, bool predicate);
extern __attribute__((nothrow, convergent)) unsigned int
__spirv_GroupNonUniformBallotBitCount(int execution, int operation, unsigned int __attribute__((ext_vector_type(4))) mask);
#endif
extern __attribute__((nothrow)) void __spirv_ocl_prefetch(const __attribute__((opencl_global)) unsigned char *p, unsigned long bytes);

// async_work_group_copy (OpGroupAsyncCopy) and the wait for it (OpGroupWaitEvents), defined
// here rather than declared: their event operand must be SPIR-V's OpTypeEvent, which clang's
// SYCL mode cannot spell (an opaque pointer reaches Intel's CPU runtime as a pointer argument
// and its builtin is not found). The work-group copies the elements cooperatively, each work
// item a strided share, and a work-group barrier ends the copy, so the data is there when the
// call returns and the wait has nothing left to do. SYCL allows that: every work item of the
// group makes the call with the same arguments, and a copy may complete before its wait. (A
// barrier in the wait instead gives wrong values at -O0: Intel's CPU compiler with
// -cl-opt-disable mishandles a barrier in device_event::wait.) The stride applies to the
// global side, as SPIR-V says. Element types are those the headers convert to before the
// call: fixed-width integers, float, double and half, scalar or vector. Always inlined, at -O0
// too: LLVM's SPIR-V backend turns any remaining call of these names into the instruction,
// definition or not.
extern __attribute__((nothrow, const)) unsigned long __spirv_BuiltInWorkgroupSize(int);
extern __attribute__((nothrow, const)) unsigned long __spirv_BuiltInLocalInvocationId(int);
template <typename Dest, typename Source>
static inline __attribute__((always_inline)) __ocl_event_t
__sycl_specconst_group_copy(Dest *dest, Source *src, unsigned long count, unsigned long dest_stride,
                            unsigned long src_stride, __ocl_event_t event) {
  const unsigned long size0 = __spirv_BuiltInWorkgroupSize(0);
  const unsigned long size1 = __spirv_BuiltInWorkgroupSize(1);
  const unsigned long step = size0 * size1 * __spirv_BuiltInWorkgroupSize(2);
  unsigned long i = (__spirv_BuiltInLocalInvocationId(2) * size1 +
                     __spirv_BuiltInLocalInvocationId(1)) * size0 +
                    __spirv_BuiltInLocalInvocationId(0);
  for (; i < count; i += step)
    dest[i * dest_stride] = src[i * src_stride];
  // Work-group scope (2), acquire-release (0x8) on local (0x100) and global (0x200) memory.
  __spirv_ControlBarrier(2, 2, 0x8 | 0x100 | 0x200);
  return event;
}
#define __SCC_ASYNC_COPY(NAME, T)                                                             \
  inline __attribute__((always_inline)) __ocl_event_t __spirv_GroupAsyncCopy(                  \
      int, T __attribute__((opencl_local)) *dest, const T __attribute__((opencl_global)) *src, \
      unsigned long count, unsigned long stride, __ocl_event_t event) {                       \
    return __sycl_specconst_group_copy(dest, src, count, 1, stride, event);                   \
  }                                                                                           \
  inline __attribute__((always_inline)) __ocl_event_t __spirv_GroupAsyncCopy(                  \
      int, T __attribute__((opencl_global)) *dest, const T __attribute__((opencl_local)) *src, \
      unsigned long count, unsigned long stride, __ocl_event_t event) {                       \
    return __sycl_specconst_group_copy(dest, src, count, stride, 1, event);                   \
  }
__SCC_SHAPES(__SCC_ASYNC_COPY, , signed char)
__SCC_SHAPES(__SCC_ASYNC_COPY, , unsigned char)
__SCC_SHAPES(__SCC_ASYNC_COPY, , short)
__SCC_SHAPES(__SCC_ASYNC_COPY, , unsigned short)
__SCC_SHAPES(__SCC_ASYNC_COPY, , int)
__SCC_SHAPES(__SCC_ASYNC_COPY, , unsigned int)
__SCC_SHAPES(__SCC_ASYNC_COPY, , long)
__SCC_SHAPES(__SCC_ASYNC_COPY, , unsigned long)
__SCC_SHAPES(__SCC_ASYNC_COPY, , float)
__SCC_SHAPES(__SCC_ASYNC_COPY, , double)
__SCC_SHAPES(__SCC_ASYNC_COPY, , _Float16)
#undef __SCC_ASYNC_COPY
inline __attribute__((always_inline, convergent)) void __spirv_GroupWaitEvents(int, int,
                                                                                __ocl_event_t *) {}

// ===== Device library (issue 21 §1): group, sub-group, integer and address-space built-ins =====
// Declared from the SPIR-V specification (OpGroup*, OpGroupNonUniform*, Scope and
// GroupOperation operands) and the argument types Intel's headers pass after their OpenCL
// conversion (8- and 16-bit integers widened to 32 bits, sycl::half as _Float16). LLVM's SPIR-V
// backend recognises these by their demangled names (`__spirv_GroupIAdd(...)`), so they are
// plain overloads, never templates (a template's mangling names its arguments). The scope and
// group operation must reach the call as constants, which the headers' call sites guarantee.
#define __SCC_GROUP extern __attribute__((nothrow, convergent))
// OpGroup<Op> (work-group and sub-group scope) and OpGroupNonUniform<Op> (the extension groups'
// partitions of a sub-group, optionally clustered).
#if defined(__NVPTX__)
// NVPTX: whole work-groups and sub-groups are defined; the partitions of a sub-group (the
// extension groups' OpGroupNonUniform*) stay declared, so a kernel using them is refused at the
// device link, naming the function.
#define __SCC_COLLECTIVE_TYPE(OP, T)                                                           \
  inline __attribute__((always_inline, convergent, nothrow)) T __spirv_Group##OP(              \
      int scope, unsigned int operation, T value) {                                            \
    return __SCC_NV_NS::group_collective<__SCC_NV_NS::ops::OP>(scope, operation, value);       \
  }                                                                                            \
  __SCC_NON_UNIFORM(OP, T)
#else
#define __SCC_COLLECTIVE_TYPE(OP, T)                                                           \
  __SCC_GROUP T __spirv_Group##OP(int scope, unsigned int operation, T value);                \
  __SCC_NON_UNIFORM(OP, T)
#endif
#define __SCC_NON_UNIFORM(OP, T)                                                               \
  __SCC_GROUP T __spirv_GroupNonUniform##OP(int scope, unsigned int operation, T value);      \
  __SCC_GROUP T __spirv_GroupNonUniform##OP(int scope, unsigned int operation, T value,       \
                                            unsigned int cluster_size);
#define __SCC_FOR_GROUP_INTEGERS(M, OP) M(OP, int) M(OP, unsigned int) M(OP, long) M(OP, unsigned long)
#define __SCC_FOR_GROUP_FLOATS(M, OP) M(OP, float) M(OP, double) M(OP, _Float16)
__SCC_FOR_GROUP_INTEGERS(__SCC_COLLECTIVE_TYPE, IAdd)
__SCC_FOR_GROUP_INTEGERS(__SCC_COLLECTIVE_TYPE, SMin)
__SCC_FOR_GROUP_INTEGERS(__SCC_COLLECTIVE_TYPE, UMin)
__SCC_FOR_GROUP_INTEGERS(__SCC_COLLECTIVE_TYPE, SMax)
__SCC_FOR_GROUP_INTEGERS(__SCC_COLLECTIVE_TYPE, UMax)
__SCC_FOR_GROUP_FLOATS(__SCC_COLLECTIVE_TYPE, FAdd)
__SCC_FOR_GROUP_FLOATS(__SCC_COLLECTIVE_TYPE, FMin)
__SCC_FOR_GROUP_FLOATS(__SCC_COLLECTIVE_TYPE, FMax)
// Multiplication and bitwise operations over whole groups (work-groups and sub-groups) are
// OpGroup*KHR (SPV_KHR_uniform_group_instructions, which the pipeline allows: the CPU device's
// compiler implements them without announcing cl_khr_work_group_uniform_arithmetic); within a
// sub-group's partitions they are core SPIR-V.
#if defined(__NVPTX__)
#define __SCC_UNIFORM(OP, T)                                                                   \
  inline __attribute__((always_inline, convergent, nothrow)) T __spirv_Group##OP##KHR(         \
      int scope, unsigned int operation, T value) {                                            \
    return __SCC_NV_NS::group_collective<__SCC_NV_NS::ops::OP>(scope, operation, value);       \
  }                                                                                            \
  __SCC_NON_UNIFORM(OP, T)
#else
#define __SCC_UNIFORM(OP, T)                                                                   \
  __SCC_GROUP T __spirv_Group##OP##KHR(int scope, unsigned int operation, T value);           \
  __SCC_NON_UNIFORM(OP, T)
#endif
__SCC_FOR_GROUP_INTEGERS(__SCC_UNIFORM, IMul)
__SCC_FOR_GROUP_INTEGERS(__SCC_UNIFORM, BitwiseAnd)
__SCC_FOR_GROUP_INTEGERS(__SCC_UNIFORM, BitwiseOr)
__SCC_FOR_GROUP_INTEGERS(__SCC_UNIFORM, BitwiseXor)
__SCC_FOR_GROUP_FLOATS(__SCC_UNIFORM, FMul)
#undef __SCC_UNIFORM
// The logical ones take booleans; the headers pass the OpenCL form of the value, which
// converts to bool and back as logical_and/logical_or would.
__SCC_NON_UNIFORM(LogicalAnd, bool)
__SCC_NON_UNIFORM(LogicalOr, bool)
#undef __SCC_FOR_GROUP_FLOATS
#undef __SCC_FOR_GROUP_INTEGERS
#undef __SCC_NON_UNIFORM
#undef __SCC_COLLECTIVE_TYPE

// Predicates over a group: OpGroupAll/OpGroupAny and their non-uniform forms.
#if defined(__NVPTX__)
inline __attribute__((always_inline, convergent, nothrow)) bool __spirv_GroupAll(int scope, bool predicate) {
  return __SCC_NV_NS::group_all(scope, predicate);
}
inline __attribute__((always_inline, convergent, nothrow)) bool __spirv_GroupAny(int scope, bool predicate) {
  return __SCC_NV_NS::group_any(scope, predicate);
}
#else
__SCC_GROUP bool __spirv_GroupAll(int scope, bool predicate);
__SCC_GROUP bool __spirv_GroupAny(int scope, bool predicate);
#endif
__SCC_GROUP bool __spirv_GroupNonUniformAll(int scope, bool predicate);
__SCC_GROUP bool __spirv_GroupNonUniformAny(int scope, bool predicate);

// Broadcasts (the local id: 32 bits for a sub-group, size_t or a vector of them for a
// work-group, last dimension first) and sub-group shuffles (a 32-bit id or distance).
#if defined(__NVPTX__)
#define __SCC_NV_GROUP inline __attribute__((always_inline, convergent, nothrow))
#define __SCC_BROADCAST(T, ID)                                                                 \
  __SCC_NV_GROUP T __spirv_GroupBroadcast(int scope, T value, ID local_id) {                   \
    return __SCC_NV_NS::group_broadcast(scope, value, local_id);                               \
  }                                                                                            \
  __SCC_GROUP T __spirv_GroupNonUniformBroadcast(int scope, T value, ID local_id);
// Shuffles within the sub-group (scope 3, the only one the headers shuffle at).
#define __SCC_SUB_GROUP_SHUFFLES(T)                                                            \
  __SCC_NV_GROUP T __spirv_GroupNonUniformShuffle(int, T value, unsigned int id) {             \
    return __SCC_NV_NS::shuffle<__SCC_NV_NS::shuffle_kind::index>(value, id);                  \
  }                                                                                            \
  __SCC_NV_GROUP T __spirv_GroupNonUniformShuffleXor(int, T value, unsigned int mask) {        \
    return __SCC_NV_NS::shuffle<__SCC_NV_NS::shuffle_kind::xor_>(value, mask);                 \
  }                                                                                            \
  __SCC_NV_GROUP T __spirv_GroupNonUniformShuffleUp(int, T value, unsigned int delta) {        \
    return __SCC_NV_NS::shuffle<__SCC_NV_NS::shuffle_kind::up>(value, delta);                  \
  }                                                                                            \
  __SCC_NV_GROUP T __spirv_GroupNonUniformShuffleDown(int, T value, unsigned int delta) {      \
    return __SCC_NV_NS::shuffle<__SCC_NV_NS::shuffle_kind::down>(value, delta);                \
  }
#else
#define __SCC_BROADCAST(T, ID)                                                                 \
  __SCC_GROUP T __spirv_GroupBroadcast(int scope, T value, ID local_id);                      \
  __SCC_GROUP T __spirv_GroupNonUniformBroadcast(int scope, T value, ID local_id);
#define __SCC_SUB_GROUP_SHUFFLES(T)                                                            \
  __SCC_GROUP T __spirv_GroupNonUniformShuffle(int scope, T value, unsigned int id);          \
  __SCC_GROUP T __spirv_GroupNonUniformShuffleXor(int scope, T value, unsigned int mask);     \
  __SCC_GROUP T __spirv_GroupNonUniformShuffleUp(int scope, T value, unsigned int delta);     \
  __SCC_GROUP T __spirv_GroupNonUniformShuffleDown(int scope, T value, unsigned int delta);
#endif
#define __SCC_SHUFFLES(T)                                                                      \
  __SCC_BROADCAST(T, unsigned int)                                                             \
  __SCC_BROADCAST(T, unsigned long)                                                            \
  __SCC_BROADCAST(T, __SCC_VEC(unsigned long, 2))                                              \
  __SCC_BROADCAST(T, __SCC_VEC(unsigned long, 3))                                              \
  __SCC_SUB_GROUP_SHUFFLES(T)
__SCC_SHUFFLES(int)
__SCC_SHUFFLES(unsigned int)
__SCC_SHUFFLES(long)
__SCC_SHUFFLES(unsigned long)
__SCC_SHUFFLES(float)
__SCC_SHUFFLES(double)
__SCC_SHUFFLES(_Float16)
// 8- and 16-bit values are shuffled as they are (cl_khr_subgroup_extended_types, which the CPU
// device has): the headers convert the result back with a static assertion that its type is the
// element's. Broadcasts get them widened to 32 bits (OpenCL has no 8- or 16-bit
// work_group_broadcast), so only the shuffles take them.
__SCC_SUB_GROUP_SHUFFLES(signed char)
__SCC_SUB_GROUP_SHUFFLES(unsigned char)
__SCC_SUB_GROUP_SHUFFLES(short)
__SCC_SUB_GROUP_SHUFFLES(unsigned short)
#undef __SCC_SUB_GROUP_SHUFFLES
#undef __SCC_SHUFFLES
#undef __SCC_BROADCAST
// Booleans (the headers shuffle bool as bool) travel as bytes: SPIR-V allows boolean shuffles,
// OpenCL's sub_group_shuffle has no bool form. Sub-groups are scope 3, the only scope the
// headers shuffle at; the literal keeps the operand a constant at -O0.
#define __SCC_BOOL_SHUFFLE(NAME)                                                               \
  inline __attribute__((always_inline, convergent)) bool __spirv_GroupNonUniform##NAME(        \
      int, bool value, unsigned int id) {                                                      \
    return __spirv_GroupNonUniform##NAME(3, static_cast<unsigned char>(value), id) != 0;       \
  }
__SCC_BOOL_SHUFFLE(Shuffle)
__SCC_BOOL_SHUFFLE(ShuffleXor)
__SCC_BOOL_SHUFFLE(ShuffleUp)
__SCC_BOOL_SHUFFLE(ShuffleDown)
#undef __SCC_BOOL_SHUFFLE

// Logical operations over a group (OpGroupLogical*KHR): the CPU device's library lacks them
// (a kernel using them fails to build: "Symbols not found: [ _Z37work_group_scan_inclusive_
// logical_andi ]"), so they are defined here, for the types the headers pass (bool, or the OpenCL
// form of an integer or floating-point value), with SPIR-V the CPU device runs:
// * sub-groups (scope 3): OpGroupNonUniformLogicalAnd/Or with the same group operation, core
//   SPIR-V (GroupNonUniformArithmetic; cl_khr_subgroup_non_uniform_arithmetic);
// * work-groups: counting, with OpGroupIAdd, the work-items whose value is zero (and) or nonzero
//   (or) computes each one exactly, for reductions and scans alike.
namespace __sycl_specconst {
// SPIR-V wants the scope and the group operation (0 reduce, 1 inclusive scan, 2 exclusive scan)
// as constants even without optimisation, so each combination is its own call.
#if defined(__NVPTX__)
#define __SCC_SUB_GROUP_LOGICAL(NAME, SPIRV)                                                   \
  inline __attribute__((always_inline, convergent)) bool sub_group_##NAME(unsigned int operation, \
                                                                          bool value) {        \
    return ::__sycl_specconst::nvptx::sub_group_collective<::__sycl_specconst::nvptx::ops::SPIRV>( \
        operation, value);                                                                     \
  }
#else
#define __SCC_SUB_GROUP_LOGICAL(NAME, SPIRV)                                                   \
  inline __attribute__((always_inline, convergent)) bool sub_group_##NAME(unsigned int operation, \
                                                                          bool value) {        \
    switch (operation) {                                                                       \
    case 1:                                                                                    \
      return __spirv_GroupNonUniform##SPIRV(3, 1u, value);                                     \
    case 2:                                                                                    \
      return __spirv_GroupNonUniform##SPIRV(3, 2u, value);                                     \
    default:                                                                                   \
      return __spirv_GroupNonUniform##SPIRV(3, 0u, value);                                     \
    }                                                                                          \
  }
#endif
__SCC_SUB_GROUP_LOGICAL(logical_and, LogicalAnd)
__SCC_SUB_GROUP_LOGICAL(logical_or, LogicalOr)
#undef __SCC_SUB_GROUP_LOGICAL
inline __attribute__((always_inline, convergent)) unsigned int
count_true_in_work_group(unsigned int operation, bool flag) {
  unsigned int one = flag ? 1u : 0u;
  switch (operation) {
  case 1:
    return __spirv_GroupIAdd(2, 1u, one);
  case 2:
    return __spirv_GroupIAdd(2, 2u, one);
  default:
    return __spirv_GroupIAdd(2, 0u, one);
  }
}
} // namespace __sycl_specconst
template <typename T>
inline __attribute__((always_inline, convergent)) T
__spirv_GroupLogicalAndKHR(int scope, unsigned int operation, T value) {
  if (scope == 3)
    return __sycl_specconst::sub_group_logical_and(operation, value != T(0));
  return __sycl_specconst::count_true_in_work_group(operation, value == T(0)) == 0;
}
template <typename T>
inline __attribute__((always_inline, convergent)) T
__spirv_GroupLogicalOrKHR(int scope, unsigned int operation, T value) {
  if (scope == 3)
    return __sycl_specconst::sub_group_logical_or(operation, value != T(0));
  return __sycl_specconst::count_true_in_work_group(operation, value != T(0)) != 0;
}

// Integer built-ins (OpenCL.std s_*/u_* and the sign-agnostic ones) for the OpenCL forms of
// SYCL's integers: 8- to 64-bit, scalars and 2/3/4/8/16-vectors. s_abs and s_abs_diff return the
// unsigned type, as OpenCL's abs does; the headers bit_cast every result.
#define __SCC_FOR_SIGNED(M, NAME)                                                              \
  __SCC_SHAPES(M, NAME, signed char) __SCC_SHAPES(M, NAME, short)                             \
  __SCC_SHAPES(M, NAME, int) __SCC_SHAPES(M, NAME, long)
#define __SCC_FOR_UNSIGNED(M, NAME)                                                            \
  __SCC_SHAPES(M, NAME, unsigned char) __SCC_SHAPES(M, NAME, unsigned short)                  \
  __SCC_SHAPES(M, NAME, unsigned int) __SCC_SHAPES(M, NAME, unsigned long)
#define __SCC_FOR_INTEGERS(M, NAME) __SCC_FOR_SIGNED(M, NAME) __SCC_FOR_UNSIGNED(M, NAME)
#define __SCC_SU(M, NAME) __SCC_FOR_SIGNED(M, s_##NAME) __SCC_FOR_UNSIGNED(M, u_##NAME)
__SCC_SU(__SCC_BINARY, min)
__SCC_SU(__SCC_BINARY, max)
__SCC_SU(__SCC_TERNARY, clamp)
__SCC_SU(__SCC_BINARY, add_sat)
__SCC_SU(__SCC_BINARY, sub_sat)
__SCC_SU(__SCC_BINARY, hadd)
__SCC_SU(__SCC_BINARY, rhadd)
__SCC_SU(__SCC_BINARY, mul_hi)
__SCC_SU(__SCC_TERNARY, mad_hi)
// mad_sat: the CPU device computes 32-bit values wrongly in vector code (s_mad_sat(0, y, -1)
// gave INT_MAX, u_mad_sat(UINT_MAX, y, 1) wrapped: in vectors, and in scalar calls its
// vectorizer widened), so 32-bit ones are computed here in 64 bits and clamped; other widths
// are right.
__SCC_SHAPES(__SCC_TERNARY, s_mad_sat, signed char)
__SCC_SHAPES(__SCC_TERNARY, s_mad_sat, short)
__SCC_SHAPES(__SCC_TERNARY, s_mad_sat, long)
__SCC_SHAPES(__SCC_TERNARY, u_mad_sat, unsigned char)
__SCC_SHAPES(__SCC_TERNARY, u_mad_sat, unsigned short)
__SCC_SHAPES(__SCC_TERNARY, u_mad_sat, unsigned long)
inline __attribute__((always_inline)) int __spirv_ocl_s_mad_sat(int x, int y, int z) {
  long r = static_cast<long>(x) * y + z;
  return r < -2147483648l ? -2147483647 - 1 : r > 2147483647l ? 2147483647 : static_cast<int>(r);
}
inline __attribute__((always_inline)) unsigned int __spirv_ocl_u_mad_sat(unsigned int x, unsigned int y,
                                                                        unsigned int z) {
  unsigned long r = static_cast<unsigned long>(x) * y + z;
  return r > 4294967295ul ? 4294967295u : static_cast<unsigned int>(r);
}
#define __SCC_MAD_SAT_32(N)                                                                    \
  inline __attribute__((always_inline)) __SCC_VEC(int, N) __spirv_ocl_s_mad_sat(                \
      __SCC_VEC(int, N) x, __SCC_VEC(int, N) y, __SCC_VEC(int, N) z) {                          \
    using wide = __SCC_VEC(long, N);                                                           \
    wide r = __builtin_convertvector(x, wide) * __builtin_convertvector(y, wide) +              \
             __builtin_convertvector(z, wide);                                                 \
    r = __builtin_elementwise_min(__builtin_elementwise_max(r, wide(-2147483648l)),            \
                                  wide(2147483647l));                                          \
    return __builtin_convertvector(r, __SCC_VEC(int, N));                                      \
  }                                                                                            \
  inline __attribute__((always_inline)) __SCC_VEC(unsigned int, N) __spirv_ocl_u_mad_sat(       \
      __SCC_VEC(unsigned int, N) x, __SCC_VEC(unsigned int, N) y,                              \
      __SCC_VEC(unsigned int, N) z) {                                                          \
    using wide = __SCC_VEC(unsigned long, N);                                                  \
    wide r = __builtin_convertvector(x, wide) * __builtin_convertvector(y, wide) +              \
             __builtin_convertvector(z, wide);                                                 \
    r = __builtin_elementwise_min(r, wide(4294967295ul));                                      \
    return __builtin_convertvector(r, __SCC_VEC(unsigned int, N));                             \
  }
__SCC_MAD_SAT_32(2)
__SCC_MAD_SAT_32(3)
__SCC_MAD_SAT_32(4)
__SCC_MAD_SAT_32(8)
__SCC_MAD_SAT_32(16)
#undef __SCC_MAD_SAT_32
__SCC_FOR_UNSIGNED(__SCC_UNARY, u_abs)
__SCC_FOR_UNSIGNED(__SCC_BINARY, u_abs_diff)
__SCC_FOR_INTEGERS(__SCC_UNARY, clz)
__SCC_FOR_INTEGERS(__SCC_UNARY, ctz)
__SCC_FOR_INTEGERS(__SCC_UNARY, popcount)
__SCC_FOR_INTEGERS(__SCC_BINARY, rotate)
__SCC_FOR_INTEGERS(__SCC_TERNARY, bitselect)
__SCC_SHAPES(__SCC_TERNARY, s_mad24, int)
__SCC_SHAPES(__SCC_TERNARY, u_mad24, unsigned int)
__SCC_SHAPES(__SCC_BINARY, s_mul24, int)
__SCC_SHAPES(__SCC_BINARY, u_mul24, unsigned int)
#if defined(__NVPTX__)
#define __SCC_TO_UNSIGNED(S, U)                                                                \
  __SCC_NV_DEF U __spirv_ocl_s_abs(S x) {                                                      \
    return __SCC_NV_NS::each<U>([](auto a) { return __SCC_NV_NS::s_abs(a); }, x);              \
  }                                                                                            \
  __SCC_NV_DEF U __spirv_ocl_s_abs_diff(S x, S y) {                                            \
    return __SCC_NV_NS::each<U>([](auto a, auto b) { return __SCC_NV_NS::s_abs_diff(a, b); }, x, y); \
  }
#define __SCC_SIGNED_PAIR(S, U, WIDE_S, WIDE_U)                                                \
  __SCC_TO_UNSIGNED(S, U)                                                                      \
  __SCC_NV_DEF WIDE_S __spirv_ocl_s_upsample(S hi, U lo) {                                     \
    return __SCC_NV_NS::each<WIDE_S>([](auto h, auto l) {                                      \
      return __SCC_NV_NS::upsample<__SCC_NV_NS::element_t<WIDE_S>>(h, l);                      \
    }, hi, lo);                                                                                \
  }                                                                                            \
  __SCC_NV_DEF WIDE_U __spirv_ocl_u_upsample(U hi, U lo) {                                     \
    return __SCC_NV_NS::each<WIDE_U>([](auto h, auto l) {                                      \
      return __SCC_NV_NS::upsample<__SCC_NV_NS::element_t<WIDE_U>>(h, l);                      \
    }, hi, lo);                                                                                \
  }
#else
#define __SCC_TO_UNSIGNED(S, U)                                                                \
  __SCC_PURE U __spirv_ocl_s_abs(S);                                                           \
  __SCC_PURE U __spirv_ocl_s_abs_diff(S, S);
#define __SCC_SIGNED_PAIR(S, U, WIDE_S, WIDE_U)                                                \
  __SCC_TO_UNSIGNED(S, U)                                                                    \
  __SCC_PURE WIDE_S __spirv_ocl_s_upsample(S, U);                                              \
  __SCC_PURE WIDE_U __spirv_ocl_u_upsample(U, U);
#endif
#define __SCC_SIGNED_PAIR_SHAPES(S, U, WS, WU)                                                 \
  __SCC_SIGNED_PAIR(S, U, WS, WU)                                                              \
  __SCC_SIGNED_PAIR(__SCC_VEC(S, 2), __SCC_VEC(U, 2), __SCC_VEC(WS, 2), __SCC_VEC(WU, 2))     \
  __SCC_SIGNED_PAIR(__SCC_VEC(S, 3), __SCC_VEC(U, 3), __SCC_VEC(WS, 3), __SCC_VEC(WU, 3))     \
  __SCC_SIGNED_PAIR(__SCC_VEC(S, 4), __SCC_VEC(U, 4), __SCC_VEC(WS, 4), __SCC_VEC(WU, 4))     \
  __SCC_SIGNED_PAIR(__SCC_VEC(S, 8), __SCC_VEC(U, 8), __SCC_VEC(WS, 8), __SCC_VEC(WU, 8))     \
  __SCC_SIGNED_PAIR(__SCC_VEC(S, 16), __SCC_VEC(U, 16), __SCC_VEC(WS, 16), __SCC_VEC(WU, 16))
__SCC_SIGNED_PAIR_SHAPES(signed char, unsigned char, short, unsigned short)
__SCC_SIGNED_PAIR_SHAPES(short, unsigned short, int, unsigned int)
__SCC_SIGNED_PAIR_SHAPES(int, unsigned int, long, unsigned long)
// abs of 64-bit values (no wider type to upsample to).
__SCC_TO_UNSIGNED(long, unsigned long)
__SCC_TO_UNSIGNED(__SCC_VEC(long, 2), __SCC_VEC(unsigned long, 2))
__SCC_TO_UNSIGNED(__SCC_VEC(long, 3), __SCC_VEC(unsigned long, 3))
__SCC_TO_UNSIGNED(__SCC_VEC(long, 4), __SCC_VEC(unsigned long, 4))
__SCC_TO_UNSIGNED(__SCC_VEC(long, 8), __SCC_VEC(unsigned long, 8))
__SCC_TO_UNSIGNED(__SCC_VEC(long, 16), __SCC_VEC(unsigned long, 16))
#undef __SCC_SIGNED_PAIR_SHAPES
#undef __SCC_SIGNED_PAIR
#undef __SCC_TO_UNSIGNED
#undef __SCC_SU
#undef __SCC_FOR_INTEGERS
#undef __SCC_FOR_UNSIGNED
#undef __SCC_FOR_SIGNED

// Address-space casts of generic pointers (OpGenericCastToPtrExplicit): null when the object
// is not in that space. The headers cast the result to the element type.
#if defined(__NVPTX__)
// The generic pointer in the asked space, or null when it points elsewhere (PTX's isspacep).
#define __SCC_CAST_TO(SPACE, ATTRIBUTE, TEST)                                                  \
  inline __attribute__((always_inline, nothrow, const)) __attribute__((ATTRIBUTE)) void       \
      *__spirv_GenericCastToPtrExplicit_To##SPACE(void *pointer, int) {                       \
    return TEST(pointer) ? (__attribute__((ATTRIBUTE)) void *)pointer : nullptr;              \
  }                                                                                            \
  inline __attribute__((always_inline, nothrow, const)) __attribute__((ATTRIBUTE)) const void \
      *__spirv_GenericCastToPtrExplicit_To##SPACE(const void *pointer, int) {                 \
    return TEST(pointer) ? (__attribute__((ATTRIBUTE)) const void *)pointer : nullptr;        \
  }
__SCC_CAST_TO(Global, opencl_global, __nvvm_isspacep_global)
__SCC_CAST_TO(Local, opencl_local, __nvvm_isspacep_shared)
__SCC_CAST_TO(Private, opencl_private, __nvvm_isspacep_local)
#else
#define __SCC_CAST_TO(SPACE, ATTRIBUTE)                                                        \
  extern __attribute__((nothrow, const)) __attribute__((ATTRIBUTE)) void                     \
      *__spirv_GenericCastToPtrExplicit_To##SPACE(void *pointer, int storage_class);          \
  extern __attribute__((nothrow, const)) __attribute__((ATTRIBUTE)) const void               \
      *__spirv_GenericCastToPtrExplicit_To##SPACE(const void *pointer, int storage_class);
__SCC_CAST_TO(Global, opencl_global)
__SCC_CAST_TO(Local, opencl_local)
__SCC_CAST_TO(Private, opencl_private)
#endif
#undef __SCC_CAST_TO
#undef __SCC_GROUP
// ===== end of device library: group, sub-group, integer and address-space built-ins =====

#undef __SCC_PURE
// Range rounding would add a second kernel per parallel_for that the host side does not
// describe; it is off on both sides.
#ifndef __SYCL_DISABLE_PARALLEL_FOR_RANGE_ROUNDING__
#define __SYCL_DISABLE_PARALLEL_FOR_RANGE_ROUNDING__ 1
#endif

// SYCL_EXTERNAL (SYCL 2020 §5.10.1): DPC++'s clang predefines it for the device; Intel's headers
// define it (empty) for the host only. Upstream's [[clang::sycl_external]] makes the device
// compile emit a function no kernel of its own TU calls, for the device link. Intel's headers
// are set up first, without it, so their own declarations keep their device meaning
// (__DPCPP_SYCL_EXTERNAL) and stay in positions a C++11 attribute could not take; the user's
// SYCL_EXTERNAL has to begin its declaration (`SYCL_EXTERNAL extern int f();`), as
// attributes do.
#ifndef SYCL_EXTERNAL
#if __has_include(<sycl/detail/defines_elementary.hpp>)
#include <sycl/detail/defines_elementary.hpp>
#endif
#define SYCL_EXTERNAL [[clang::sycl_external]]
#endif

// ---- sycl_ext_oneapi_private_alloca (issue 21 §4) ----------------------------------------
// DPC++'s clang implements private_alloca and aligned_private_alloca as aliases of its
// builtins __builtin_intel_sycl_alloca(_with_align), which stock clang lacks (and refuses to
// alias). Here the headers' alias attribute is dropped and both templates are defined before
// the headers declare them: each call reaches the device IR as a call of the declared-only
// __sycl_specconst::private_array(ID, &spec id, &kernel handler, element size, alignment),
// which sycl-clang++ rewrites into DPC++'s llvm.sycl.alloca form
// (offload::private_arrays::lower_private_arrays); the spec-constant lowering then makes it a
// private array of the spec constant's length (read from the handler's spec-constant buffer in
// an emulated NVPTX image).
#if __has_include(<sycl/detail/defines.hpp>)
#include <sycl/detail/defines.hpp>
#undef __SYCL_BUILTIN_ALIAS
#define __SYCL_BUILTIN_ALIAS(builtin)
namespace __sycl_specconst {
void *private_array(const char *symbolic_id, const void *spec_id, const void *handler,
                    unsigned long element_size, unsigned long alignment) noexcept;
}
namespace sycl {
inline namespace _V1 {
namespace access {
enum class address_space : int;
enum class decorated : int;
} // namespace access
template <typename ElementType, access::address_space Space, access::decorated DecorateAddress>
class multi_ptr;
class kernel_handler;
namespace ext::oneapi::experimental {
// address_space 0 is private_space (sycl/access/access.hpp); the enumerator is not declared
// yet, the value is what makes the return types of both declarations one type.
template <typename ElementType, decltype(sizeof(0)) Alignment, auto &SizeSpecName,
          access::decorated DecorateAddress>
multi_ptr<ElementType, static_cast<access::address_space>(0), DecorateAddress>
aligned_private_alloca(kernel_handler &kh) {
  static_assert(Alignment > 0 && (Alignment & (Alignment - 1)) == 0,
                "aligned_private_alloca: the alignment must be a power of two");
  using result = multi_ptr<ElementType, static_cast<access::address_space>(0), DecorateAddress>;
  using decorated = typename multi_ptr<ElementType, static_cast<access::address_space>(0),
                                       static_cast<access::decorated>(1)>::pointer;
  void *array = ::__sycl_specconst::private_array(
      __builtin_sycl_unique_stable_id(SizeSpecName), &SizeSpecName, &kh, sizeof(ElementType),
      Alignment < alignof(ElementType) ? alignof(ElementType) : Alignment);
  return result((decorated)array);
}
template <typename ElementType, auto &SizeSpecName, access::decorated DecorateAddress>
multi_ptr<ElementType, static_cast<access::address_space>(0), DecorateAddress>
private_alloca(kernel_handler &kh) {
  return aligned_private_alloca<ElementType, alignof(ElementType), SizeSpecName,
                                DecorateAddress>(kh);
}
} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
#endif
// ---- end of sycl_ext_oneapi_private_alloca -----------------------------------------------
