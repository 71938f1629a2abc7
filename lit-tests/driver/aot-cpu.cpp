// -fsycl-targets=spir64_x86_64 at link time: the plan names the CPU image and the library
// that builds it; a device program the CPU compiler cannot build is an error naming the
// kernel, with the compiler's build log; a CPU runtime that cannot be loaded is an error
// naming the library and the package it comes from. No output is left behind.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64,spir64_x86_64 -std=c++17 -c %s -o k.o
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64,spir64_x86_64 -### k.o -o app 2>&1 | FileCheck --check-prefix=PLAN %s
// PLAN: spec-constant lowering (spir64: native; spir64_x86_64: emulation, then the CPU device's binary)
// PLAN: spir64_x86_64 images: SPIR-V built into the CPU device's program binary by "{{.*}}/libintelocl.so" (in process)
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64_x86_64 k.o -o app 2>&1 | FileCheck --check-prefix=BUILD %s
// BUILD: sycl-clang++: error: ahead-of-time compilation for spir64_x86_64 failed: device code of kernel 'MissingFunction': building the device program for '{{.*}}' failed (CL_BUILD_PROGRAM_FAILURE (-11)); build log:
// BUILD: __devicelib_missing_function
// RUN: not ls app
// A runtime directory whose CPU runtime is no shared library.
// RUN: mkdir fake && touch fake/libsycl.so.9 fake/libur_loader.so.0 fake/libur_adapter_opencl.so.0 fake/libintelocl.so
// RUN: env SYCL_SPECCONST_RUNTIME_LIB=%t/fake not %sycl-clangxx -fsycl -fsycl-targets=spir64_x86_64 k.o -o app 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: sycl-clang++: error: ahead-of-time compilation for spir64_x86_64 failed: cannot load the OpenCL runtime '{{.*}}fake/libintelocl.so': {{.*}} (the Intel OpenCL CPU runtime, PyPI package intel-opencl-rt; run scripts/setup or set SYCL_SPECCONST_RUNTIME_LIB)
// Objects compiled without the AOT target take spec constants natively: refused, not miscompiled.
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o jit.o
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64_x86_64 jit.o -o app 2>&1 | FileCheck --check-prefix=ABI %s
// ABI: sycl-clang++: error: 'jit.o' was compiled without -fsycl-targets=spir64_x86_64 (with -fsycl-spec-constants=native); compile it with the targets of this link
#include <sycl/sycl.hpp>
extern "C" SYCL_EXTERNAL int __devicelib_missing_function(int);
class MissingFunction;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.single_task<MissingFunction>([=] { *p = __devicelib_missing_function(*p); });
  });
}
