// DPC++'s driver options (issue 20 §1): each is sycl-clang++'s, never reaches clang-22 (which
// printed "unknown argument", twice), and is acted on, accepted as a documented no-op, or
// refused once with sycl-clang++'s own message.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
//
// Documented no-ops: accepted, and no job sees them.
// RUN: %sycl-clangxx -fsycl -std=c++17 -### -c %s -o t.o -flink-huge-device-code \
// RUN:   -fsycl-unnamed-lambda -fsycl-rdc -fno-sycl-rdc \
// RUN:   -fsycl-device-lib=all -fno-sycl-device-lib=libc,libm-fp64 -fsycl-dead-args-optimization \
// RUN:   -fno-sycl-dead-args-optimization -fsycl-max-parallel-link-jobs=4 -fsycl-embed-ir \
// RUN:   2>&1 | FileCheck --check-prefix=NOOP --implicit-check-not=sycl-rdc \
// RUN:   --implicit-check-not=device-lib --implicit-check-not=unnamed-lambda \
// RUN:   --implicit-check-not=huge-device --implicit-check-not=dead-args \
// RUN:   --implicit-check-not=parallel-link --implicit-check-not=embed-ir \
// RUN:   --implicit-check-not=error: %s
// NOOP: "-fsycl-host-only"
// NOOP: "-fsycl-device-only"
// -fno-sycl-unnamed-lambda: as in DPC++, a kernel lambda needs a kernel name (a functor's
// type is one); the last of the pair wins.
// RUN: not %sycl-clangxx -fsycl -std=c++17 -fno-sycl-unnamed-lambda -c %s -o unnamed.o 2>&1 | FileCheck --check-prefix=UNNAMED %s
// UNNAMED: dpcpp-flags.cpp:[[@LINE+98]]:{{[0-9]+}}: error: this kernel lambda has no kernel name, which -fno-sycl-unnamed-lambda requires (name it: single_task<class Name>(…))
// UNNAMED-NOT: error
// RUN: %sycl-clangxx -fsycl -std=c++17 -fno-sycl-unnamed-lambda -fsycl-unnamed-lambda -c %s -o unnamed.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -fno-sycl-unnamed-lambda -DNAMED -c %s -o named.o
//
// __SYCL_ID_QUERIES_FIT_IN_INT__: defined to 1 in host and device compiles by default, as
// DPC++ does; not with -fno-sycl-id-queries-fit-in-int; a user's -U wins.
// RUN: %sycl-clangxx -fsycl -std=c++17 -E -DPROBE %s | FileCheck --check-prefix=FITS %s
// RUN: %sycl-clangxx -fsycl-device-only -std=c++17 -E -DPROBE %s | FileCheck --check-prefix=FITS %s
// RUN: %sycl-clangxx -fsycl -fno-sycl-id-queries-fit-in-int -std=c++17 -E -DPROBE %s | FileCheck --check-prefix=WIDE %s
// RUN: %sycl-clangxx -fsycl-device-only -fno-sycl-id-queries-fit-in-int -std=c++17 -E -DPROBE %s | FileCheck --check-prefix=WIDE %s
// RUN: %sycl-clangxx -fsycl -fno-sycl-id-queries-fit-in-int -fsycl-id-queries-fit-in-int -std=c++17 -E -DPROBE %s | FileCheck --check-prefix=FITS %s
// RUN: %sycl-clangxx -fsycl -U__SYCL_ID_QUERIES_FIT_IN_INT__ -std=c++17 -E -DPROBE %s | FileCheck --check-prefix=WIDE %s
// FITS: int id_queries_fit_in_int = 1;
// WIDE: int id_queries_fit_in_int = 0;
//
// -Xsycl-target-frontend ARG reaches the device compile only; -Xsycl-target-backend/-linker
// become the images' runtime build and link options.
// RUN: %sycl-clangxx -fsycl -std=c++17 -### -c %s -o t.o -Xsycl-target-frontend -DFOR_DEVICE \
// RUN:   -Xsycl-target-frontend=spir64 -DALSO_FOR_DEVICE 2> front.txt
// RUN: grep -e '-fsycl-device-only' front.txt | FileCheck --check-prefix=FRONT-DEV %s
// RUN: grep -e '-fsycl-host-only' front.txt | FileCheck --check-prefix=FRONT-HOST %s
// FRONT-DEV: "-DFOR_DEVICE" "-DALSO_FOR_DEVICE"
// FRONT-HOST-NOT: FOR_DEVICE
// RUN: %sycl-clangxx -fsycl -### t.o -o app -Xsycl-target-backend -cl-fast-relaxed-math \
// RUN:   -Xsycl-target-backend=spir64-unknown-unknown -cl-mad-enable -Xsycl-target-linker=spir64 -cl-denorms-are-zero \
// RUN:   2>&1 | FileCheck --check-prefix=BACK --implicit-check-not=Xsycl %s
// BACK: registration, runtime build options '-cl-fast-relaxed-math -cl-mad-enable', runtime link options '-cl-denorms-are-zero' (in process)
// BACK-NOT: cl-fast-relaxed-math
//
// Host-only options never reach the device compile; the host compile gets them behind
// -Xarch_host (clang-22 would otherwise warn that the SPIR-V tool chain ignores them), the
// link gets them for their runtimes.
// RUN: %sycl-clangxx -fsycl -std=c++17 -### -c %s -o t.o -fsanitize=address -fno-sanitize-recover=all \
// RUN:   -fprofile-instr-generate -fcoverage-mapping --coverage -pg -fstack-protector-strong \
// RUN:   -fcf-protection=full -fno-omit-frame-pointer 2> host-only.txt
// RUN: grep -e '-fsycl-device-only' host-only.txt | FileCheck --check-prefix=DEV-ONLY --implicit-check-not=sanitize \
// RUN:   --implicit-check-not=profile --implicit-check-not=coverage --implicit-check-not=-pg \
// RUN:   --implicit-check-not=stack-protector --implicit-check-not=cf-protection %s
// DEV-ONLY: "-fno-omit-frame-pointer"
// RUN: grep -e '-fsycl-host-only' host-only.txt | FileCheck --check-prefix=HOST-ONLY %s
// HOST-ONLY: "-Xarch_host" "-fsanitize=address" "-Xarch_host" "-fno-sanitize-recover=all" "-Xarch_host" "-fprofile-instr-generate" "-Xarch_host" "-fcoverage-mapping" "-Xarch_host" "--coverage" "-Xarch_host" "-pg" "-Xarch_host" "-fstack-protector-strong" "-Xarch_host" "-fcf-protection=full" "-fno-omit-frame-pointer"
// RUN: %sycl-clangxx -fsycl -### t.o -o app -fsanitize=address 2>&1 | FileCheck --check-prefix=ASAN-LINK %s
// ASAN-LINK: "t.o" "{{[^"]*}}registration.o" "{{[^"]*}}runtime-leak-suppressions.o" "-fsanitize=address" "-L"
// RUN: %sycl-clangxx -fsycl -### t.o -o app -fsanitize=address -fno-sanitize=address 2>&1 | FileCheck --check-prefix=NO-ASAN-LINK %s
// NO-ASAN-LINK-NOT: leak-suppressions
//
// Refused, once, by sycl-clang++.
// RUN: not %sycl-clangxx -fsycl -fsycl-host-compiler=g++ -c %s -o t.o 2>&1 | FileCheck --check-prefix=HOSTCC %s
// HOSTCC: sycl-clang++: error: '-fsycl-host-compiler=' is not supported: sycl-clang++ compiles the host side with clang++-22, which embeds the device code and reads the integration footer; drop the option
// HOSTCC-NOT: error
// RUN: not %sycl-clangxx -fsycl -fpreview-breaking-changes -c %s -o t.o 2>&1 | FileCheck --check-prefix=PREVIEW %s
// PREVIEW: sycl-clang++: error: '-fpreview-breaking-changes' needs DPC++'s preview runtime (libsycl-preview), which sycl-clang++ does not build against; drop the option
// PREVIEW-NOT: error
// RUN: not %sycl-clangxx -fsycl -fsycl-device-lib=libc,libfoo -c %s -o t.o 2>&1 | FileCheck --check-prefix=LIB %s
// LIB: sycl-clang++: error: unsupported argument 'libfoo' to option '-fsycl-device-lib=' (expected all, libc, libm-fp32, libm-fp64, libimf-fp32, libimf-fp64, libimf-bf16, libm-bfloat16, native)
// RUN: not %sycl-clangxx -fsycl -fsycl-max-parallel-link-jobs=0 -c %s -o t.o 2>&1 | FileCheck --check-prefix=JOBS %s
// JOBS: sycl-clang++: error: unsupported argument '0' to option '-fsycl-max-parallel-link-jobs=' (expected a positive integer)
// RUN: not %sycl-clangxx -fsycl -fsycl-link=early t.o -o dev.o 2>&1 | FileCheck --check-prefix=EARLY %s
// EARLY: sycl-clang++: error: unsupported argument 'early' to option '-fsycl-link=' (expected image)
// RUN: not %sycl-clangxx -fsycl -Xsycl-target-backend=amdgcn-amd-amdhsa --offload-arch=gfx90a -c %s -o t.o 2>&1 | FileCheck --check-prefix=XTARGET %s
// XTARGET: sycl-clang++: error: unsupported target 'amdgcn-amd-amdhsa' in '-Xsycl-target-backend=amdgcn-amd-amdhsa'
// RUN: not %sycl-clangxx -fsycl -Xsycl-target-backend=nvptx64-nvidia-cuda --cuda-gpu-arch=sm_80 -c %s -o t.o 2>&1 | FileCheck --check-prefix=NOGPU %s
// NOGPU: sycl-clang++: error: '-Xsycl-target-backend=nvptx64-nvidia-cuda --cuda-gpu-arch=sm_80' names an NVIDIA GPU architecture, but -fsycl-targets has no nvptx64-nvidia-cuda target
// RUN: not %sycl-clangxx -fsycl -c %s -o t.o -Xsycl-target-linker 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: sycl-clang++: error: argument to '-Xsycl-target-linker' is missing (expected 1 value)
//
// Without -fsycl they mean nothing: dropped with a warning, clang-22 compiles the rest.
// RUN: %sycl-clangxx -fsycl-rdc -fsycl-targets=spir64 -DPLAIN -c %s -o plain.o 2>&1 | FileCheck --check-prefix=PLAIN %s
// PLAIN: sycl-clang++: warning: argument unused without -fsycl: '-fsycl-rdc' [-Wunused-command-line-argument]
// PLAIN-NEXT: sycl-clang++: warning: argument unused without -fsycl: '-fsycl-targets=spir64' [-Wunused-command-line-argument]
// PLAIN-NOT: error
//
// -fsycl-link: the device link alone, no host link job; inputs without device code are an error.
// RUN: %sycl-clangxx -fsycl -fsycl-link -### t.o -o dev.o 2>&1 | FileCheck --check-prefix=DEVLINK --implicit-check-not=clang++-22 %s
// DEVLINK: # sycl-clang++: device link, spec-constant lowering (native), SPIR-V, registration (in process)
// RUN: not %sycl-clangxx -fsycl -fsycl-link plain.o -o dev.o 2>&1 | FileCheck --check-prefix=NODEV %s
// NODEV: sycl-clang++: error: -fsycl-link: the inputs hold no device code (compile them with -fsycl -c)

#if defined(PROBE)
// Intel's headers, which the device prelude includes, define it to 0 when the compiler did not.
#ifdef __SYCL_ID_QUERIES_FIT_IN_INT__
int id_queries_fit_in_int = __SYCL_ID_QUERIES_FIT_IN_INT__;
#else
int id_queries_fit_in_int = 0;
#endif
#elif defined(PLAIN)
int plain() { return 1; }
#else
#include <sycl/sycl.hpp>
struct Functor {
  int *p;
  void operator()() const { *p = 2; }
};
void launch(sycl::queue &q, int *p) {
#ifdef NAMED
  q.submit([&](sycl::handler &h) { h.single_task<class Named>([=] { *p = 1; }); });
#else
  q.submit([&](sycl::handler &h) { h.single_task([=] { *p = 1; }); });
#endif
  q.submit([&](sycl::handler &h) { h.single_task(Functor{p}); });
}
#endif
