// DPC++'s -fsycl-targets: spir64 (also spelt spir64-unknown-unknown) and spir64_x86_64 (the
// CPU device's code built ahead of time, exec/aot-cpu.cpp) are what sycl-clang++ builds, so
// they are accepted and never reach clang-22 (which printed "unknown argument", twice); any
// other target is refused once, by sycl-clang++, naming the supported ones.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64 -std=c++17 -fsyntax-only %s 2>&1 | count 0
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64-unknown-unknown,spir64 -std=c++17 -### -c %s -o t.o 2>&1 | FileCheck --check-prefix=PLAN %s
// PLAN-NOT: -fsycl-targets
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda -std=c++17 -c %s -o t.o 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: sycl-clang++: error: unsupported target 'nvptx64-nvidia-cuda' in '-fsycl-targets=spir64,nvptx64-nvidia-cuda' (sycl-clang++ builds spir64, SPIR-V compiled at run time, and spir64_x86_64, the OpenCL CPU device's code compiled at link time; also spelt with -unknown-unknown)
// BAD-NOT: error:
#include <sycl/sycl.hpp>
class Targets;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) { h.single_task<Targets>([=] { *p = 1; }); });
}
