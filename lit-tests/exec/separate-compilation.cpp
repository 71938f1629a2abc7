// Two TUs compiled separately (-c) and linked: both have an anonymous-namespace spec id called
// 'coeff' with different defaults; each TU's kernels read their own.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o %t/main.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/other-tu.cpp -o %t/other.o
// RUN: llvm-objdump --offloading %t/other.o | FileCheck --check-prefix=EMBED %s
// RUN: %sycl-clangxx -fsycl %t/main.o %t/other.o -o %t/app
// RUN: %t/app | FileCheck %s
// The same with emulated spec constants.
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %s -o %t/main-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %S/Inputs/other-tu.cpp -o %t/other-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation %t/main-emu.o %t/other-emu.o -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

namespace {
constexpr sycl::specialization_id<int> coeff{10};
}
class MainKernel;
int run_other(sycl::queue &q, int *out, bool set);

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  for (bool set : {false, true}) {
    q.submit([&](sycl::handler &h) {
       if (set)
         h.set_specialization_constant<coeff>(1000);
       h.single_task<MainKernel>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<coeff>(); });
     }).wait();
    int mine = *out;
    std::printf("%s: main %d other %d\n", set ? "set" : "defaults", mine, run_other(q, out, set));
  }
  sycl::free(out, q);
}
// EMBED: OFFLOADING IMAGE [0]:
// EMBED-NEXT: kind llvm ir
// EMBED-NEXT: arch generic
// EMBED-NEXT: triple spir64-unknown-unknown
// EMBED-NEXT: producer sycl
// CHECK: defaults: main 10 other 20
// CHECK: set: main 1000 other 2000
