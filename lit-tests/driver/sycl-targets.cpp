// DPC++'s -fsycl-targets: spir64 (also spelt spir64-unknown-unknown) is what sycl-clang++
// builds, so it is accepted and never reaches clang-22 (which printed "unknown argument",
// twice); any other target is refused once, by sycl-clang++, naming the supported one.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64 -std=c++17 -fsyntax-only %s 2>&1 | count 0
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64-unknown-unknown,spir64 -std=c++17 -### -c %s -o t.o 2>&1 | FileCheck --check-prefix=PLAN %s
// PLAN-NOT: -fsycl-targets
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda -std=c++17 -c %s -o t.o 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: sycl-clang++: error: unsupported target 'nvptx64-nvidia-cuda' in '-fsycl-targets=spir64,nvptx64-nvidia-cuda' (sycl-clang++ builds spir64, also spelt spir64-unknown-unknown; ahead-of-time targets such as spir64_x86_64 are not supported yet)
// BAD-NOT: error:
#include <sycl/sycl.hpp>
class Targets;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) { h.single_task<Targets>([=] { *p = 1; }); });
}
