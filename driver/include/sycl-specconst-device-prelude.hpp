// Device-side prelude of sycl-clang++ (sycl-specconst): what DPC++'s clang declares or
// provides itself and stock clang-22 does not. Force-included before the user's source in the
// device compile only (-fsycl-device-only). Written for this project; see ARCHITECTURE.md.
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
#define __SCC_UNARY(NAME, T) __SCC_PURE T __spirv_ocl_##NAME(T);
#define __SCC_BINARY(NAME, T) __SCC_PURE T __spirv_ocl_##NAME(T, T);
#define __SCC_TERNARY(NAME, T) __SCC_PURE T __spirv_ocl_##NAME(T, T, T);
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
__SCC_FOR_FLOATS(__SCC_TERNARY, clamp)
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

// T f(T, int) and its vector forms.
#define __SCC_WITH_INT(NAME, T, I) __SCC_PURE T __spirv_ocl_##NAME(T, I);
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
#define __SCC_MAP1(NAME, R, A) __SCC_PURE R __spirv_##NAME(A);
#define __SCC_MAP2(NAME, R, A) __SCC_PURE R __spirv_##NAME(A, A);
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
#define __SCC_NAN(F, U) __SCC_PURE F __spirv_ocl_nan(U);
#define __SCC_NAN_SHAPE(N)                                                                    \
  __SCC_NAN(__SCC_VEC(float, N), __SCC_VEC(unsigned int, N))                                 \
  __SCC_NAN(__SCC_VEC(double, N), __SCC_VEC(unsigned long, N))                               \
  __SCC_NAN(__SCC_VEC(_Float16, N), __SCC_VEC(unsigned short, N))
__SCC_NAN(float, unsigned int) __SCC_NAN(double, unsigned long) __SCC_NAN(_Float16, unsigned short)
__SCC_NAN_SHAPE(2) __SCC_NAN_SHAPE(3) __SCC_NAN_SHAPE(4) __SCC_NAN_SHAPE(8) __SCC_NAN_SHAPE(16)

// Synchronisation and group operations (scope, memory semantics as SPIR-V numbers).
extern __attribute__((nothrow, convergent)) void __spirv_ControlBarrier(int execution, int memory, int semantics);
extern __attribute__((nothrow)) void __spirv_MemoryBarrier(int memory, int semantics);
extern __attribute__((nothrow, convergent)) void __spirv_GroupWaitEvents(int execution, int count, __ocl_event_t *events);
extern __attribute__((nothrow, convergent)) unsigned int __attribute__((ext_vector_type(4)))
__spirv_GroupNonUniformBallot(int execution, bool predicate);
extern __attribute__((nothrow, convergent)) unsigned int
__spirv_GroupNonUniformBallotBitCount(int execution, int operation, unsigned int __attribute__((ext_vector_type(4))) mask);
extern __attribute__((nothrow)) void __spirv_ocl_prefetch(const __attribute__((opencl_global)) unsigned char *p, unsigned long bytes);

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
// __sycl_specconst::private_array(ID, &spec id, element size, alignment), which sycl-clang++
// rewrites into DPC++'s llvm.sycl.alloca form (post_link::device::lower_private_arrays); the
// spec-constant lowering then makes it a private array of the spec constant's length.
#if __has_include(<sycl/detail/defines.hpp>)
#include <sycl/detail/defines.hpp>
#undef __SYCL_BUILTIN_ALIAS
#define __SYCL_BUILTIN_ALIAS(builtin)
namespace __sycl_specconst {
void *private_array(const char *symbolic_id, const void *spec_id, unsigned long element_size,
                    unsigned long alignment) noexcept;
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
aligned_private_alloca(kernel_handler &) {
  static_assert(Alignment > 0 && (Alignment & (Alignment - 1)) == 0,
                "aligned_private_alloca: the alignment must be a power of two");
  using result = multi_ptr<ElementType, static_cast<access::address_space>(0), DecorateAddress>;
  using decorated = typename multi_ptr<ElementType, static_cast<access::address_space>(0),
                                       static_cast<access::decorated>(1)>::pointer;
  void *array = ::__sycl_specconst::private_array(
      __builtin_sycl_unique_stable_id(SizeSpecName), &SizeSpecName, sizeof(ElementType),
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
