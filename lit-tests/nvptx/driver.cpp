// The nvptx64 target through the driver (issue 30): the device compile per target, objects
// carrying each target's device code with its architecture, links that check what they
// combine, and the refusals, each with a clear error.
// REQUIRES: intel-sycl-headers, ptxas
// RUN: rm -rf %t && mkdir -p %t && cd %t
//
// One analysis, two device compiles: the NVPTX one for the default sm_50 with PTX ISA 6.3.
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda -std=c++17 -### -c %s -o both.o 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "--offload-targets=spir64"
// PLAN: "--offload-targets=nvptx64-nvidia-cuda" "-nocudalib" "-Xclang" "-target-cpu" "-Xclang" "sm_50" "-Xclang" "-target-feature" "-Xclang" "+ptx63"
// PLAN: symbolic IDs and kernel entry points (in process) -> "{{.*}}device.offload"
// PLAN: symbolic IDs and kernel entry points (nvptx64, in process) -> "{{.*}}device-nvptx64.offload"
//
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda -std=c++17 -c %s -o both.o
// RUN: llvm-objdump-22 --offloading both.o | FileCheck %s --check-prefix=OBJECT
// OBJECT: arch generic
// OBJECT-NEXT: triple spir64-unknown-unknown
// OBJECT: arch sm_50
// OBJECT-NEXT: triple nvptx64-nvidia-cuda
//
// A link for one of the object's targets takes that target's code alone.
// (Kernels of an object with nvptx64 code take emulated spec constants, so a spir64 link of it
// says so.)
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation both.o -o spir-only
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda -### both.o -o gpu 2>&1 | FileCheck %s --check-prefix=LINK-PLAN
// LINK-PLAN: device link, spec-constant lowering (nvptx64: specialised at launch, PTX for sm_50), PTX, registration
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda both.o -o gpu
//
// As for spir64: archives, shared libraries, split images (one PTX image per kernel),
// depfiles; beside the CPU device's ahead-of-time images, whose program still runs right.
// RUN: rm -f libboth.a && llvm-ar-22 rcs libboth.a both.o
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda libboth.a -o from-archive
// RUN: llvm-nm-22 from-archive | FileCheck %s --check-prefix=REGISTERED
// REGISTERED: __sycl_register_lib
// RUN: %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda -std=c++17 -fPIC -MD -c %s -o pic.o
// RUN: FileCheck %s --check-prefix=DEPFILE --input-file pic.d
// DEPFILE: pic.o:
// DEPFILE-NEXT: {{.*}}driver.cpp
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda -shared pic.o -o libgpu.so
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda -fsycl-device-code-split=per_kernel -save-temps pic.o -o split
// RUN: ls split.sycl/*.ptx | count 2
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64_x86_64,nvptx64-nvidia-cuda -std=c++17 %s -o cpu-and-gpu
// RUN: %if sycl-runtime %{ ./cpu-and-gpu %}
//
// An object without nvptx64 code, or compiled for another architecture, is refused by name.
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %s -o spir.o
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda spir.o -o app 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: sycl-clang++: error: 'spir.o' holds no nvptx64 device code; compile it with the targets of this link (-fsycl-targets=spir64,nvptx64-nvidia-cuda)
// RUN: not %sycl-clangxx -fsycl --offload-arch=sm_80 both.o -o app 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: sycl-clang++: error: 'both.o' was compiled for NVIDIA sm_50, but this link builds sm_80; compile and link for the same architecture
//
// A named architecture is required at run time: the image's compile_target.
// RUN: %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_90 -std=c++17 -save-temps %s -o sm90
// RUN: FileCheck %s --check-prefix=PROP --input-file sm90.sycl/device.prop
// PROP: [SYCL/device requirements]
// PROP: compile_target=
//
// What nvptx64 cannot do yet is refused before anything runs.
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda -fsycl-device-only -std=c++17 %s -o x.bc 2>&1 | FileCheck %s --check-prefix=DEVICE-ONLY
// DEVICE-ONLY: sycl-clang++: error: -fsycl-device-only writes one target's device code; name one target in -fsycl-targets
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda -E -std=c++17 %s -o x.ii 2>&1 | FileCheck %s --check-prefix=PREPROCESS
// PREPROCESS: sycl-clang++: error: -fsycl -E writes the spir64 device view only
// RUN: not env SYCL_SPECCONST_LIBDEVICE=%t/none.bc %sycl-clangxx -fsycl -fsycl-targets=nvptx64-nvidia-cuda both.o -o app 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// LIBDEVICE: sycl-clang++: error: NVIDIA's libdevice '{{.*}}none.bc' is missing (PyPI package nvidia-cuda-nvcc); run scripts/setup or set SYCL_SPECCONST_LIBDEVICE
#include <sycl/sycl.hpp>

class Fill;
class Double;

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for<Fill>(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = int(i[0]) + 1; }).wait();
  q.parallel_for<Double>(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] *= 2; }).wait();
  int sum = p[0] + p[1] + p[2] + p[3];
  sycl::free(p, q);
  return sum == 20 ? 0 : 1;
}
