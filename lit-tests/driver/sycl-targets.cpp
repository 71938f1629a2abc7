// DPC++'s -fsycl-targets: spir64 (also spelt spir64-unknown-unknown), spir64_x86_64 (the
// CPU device's code built ahead of time, exec/aot-cpu.cpp) and nvptx64-nvidia-cuda or
// nvidia_gpu_sm_NN (PTX, lit-tests/nvptx/) are what sycl-clang++ builds, so they are accepted
// and never reach clang-22 (which printed "unknown argument", twice); any other target is
// refused once, by sycl-clang++, naming the supported ones; so is an unknown architecture.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64 -std=c++17 -fsyntax-only %s 2>&1 | count 0
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64-unknown-unknown,spir64 -std=c++17 -### -c %s -o t.o 2>&1 | FileCheck --check-prefix=PLAN %s
// PLAN-NOT: -fsycl-targets
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64,amdgcn-amd-amdhsa -std=c++17 -c %s -o t.o 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: sycl-clang++: error: unsupported target 'amdgcn-amd-amdhsa' in '-fsycl-targets=spir64,amdgcn-amd-amdhsa' (sycl-clang++ builds spir64, SPIR-V compiled at run time, spir64_x86_64, the OpenCL CPU device's code compiled at link time, and nvptx64-nvidia-cuda or nvidia_gpu_sm_NN, PTX for NVIDIA GPUs; spir64 targets also spelt with -unknown-unknown)
// BAD-NOT: error:
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_91 -std=c++17 -c %s -o t.o 2>&1 | FileCheck --check-prefix=ARCH %s
// ARCH: sycl-clang++: error: unsupported NVIDIA GPU architecture 'nvidia_gpu_sm_91' in '-fsycl-targets=nvidia_gpu_sm_91' (expected one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a)
// RUN: not %sycl-clangxx -fsycl --offload-arch=sm_13 -std=c++17 -c %s -o t.o 2>&1 | FileCheck --check-prefix=OFFLOAD-ARCH %s
// OFFLOAD-ARCH: sycl-clang++: error: unsupported NVIDIA GPU architecture 'sm_13' in '--offload-arch'
#include <sycl/sycl.hpp>
class Targets;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) { h.single_task<Targets>([=] { *p = 1; }); });
}
