// Force-included, first, in the host view of `sycl-clang++ -fsycl -E` output
// (driver/src/preprocess.rs), never in a compile.
//
// SYCL_EXTERNAL (SYCL 2020 §5.10.1) is upstream's [[clang::sycl_external]] here, as in the
// device view (the device prelude), instead of the nothing Intel's headers define it as for the
// host. When the output is compiled back, the analysis (libclang, on the host view) has no
// macro left to give its own meaning, and its kernel-restriction check needs to know which
// undefined functions a kernel may call: it reads the attribute. The host compile generates the
// same code with or without it. Intel's headers are set up first, without it, so their own
// declarations (__DPCPP_SYCL_EXTERNAL) keep their empty host meaning, as in a compile of the
// source.
#ifndef SYCL_EXTERNAL
#if __has_include(<sycl/detail/defines_elementary.hpp>)
#include <sycl/detail/defines_elementary.hpp>
#undef SYCL_EXTERNAL
#endif
#define SYCL_EXTERNAL [[clang::sycl_external]]
#endif
