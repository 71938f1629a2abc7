// SYCL_EXTERNAL functions declared in a header and defined in a TU that launches no kernel,
// called from kernels of two other TUs; one reads a spec constant through the caller's
// kernel_handler, one takes a value read from it. Linked from objects and from a static
// archive; native and emulated spec constants.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %s -o %t/main.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %S/Inputs/sycl-external-second.cpp -o %t/second.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %S/Inputs/sycl-external-lib.cpp -o %t/lib.o
// RUN: %sycl-clangxx -fsycl %t/main.o %t/second.o %t/lib.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: llvm-ar-22 rcs %t/libexternal.a %t/lib.o
// RUN: %sycl-clangxx -fsycl %t/main.o %t/second.o -L%t -lexternal -o %t/app-archive
// RUN: %t/app-archive | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -I %S/Inputs -c %s -o %t/main-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -I %S/Inputs -c %S/Inputs/sycl-external-second.cpp -o %t/second-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -I %S/Inputs -c %S/Inputs/sycl-external-lib.cpp -o %t/lib-emu.o
// RUN: llvm-ar-22 rcs %t/libexternal-emu.a %t/lib-emu.o
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation %t/main-emu.o %t/second-emu.o %t/libexternal-emu.a -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
// CHECK: defaults: main 16 14 8, second 19
// CHECK: set: main 16 110 200, second -53
// CHECK: all values as computed on the host
#include "sycl-external.h"
#include <cstdio>

class MainTuKernel;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(3, q);
  int mismatches = 0;
  for (bool set : {false, true}) {
    q.submit([&](sycl::handler &h) {
       if (set)
         h.set_specialization_constant<external_bias>(100);
       h.single_task<MainTuKernel>([=](sycl::kernel_handler kh) {
         out[0] = triple_plus_one(5);
         out[1] = biased(kh, 10);
         out[2] = scaled(kh.get_specialization_constant<external_bias>(), 2);
       });
     }).wait();
    int bias = set ? 100 : 4, second_bias = set ? -20 : 4;
    int second = second_tu(q, 2, set);
    mismatches += out[0] != 3 * 5 + 1;
    mismatches += out[1] != 10 + bias;
    mismatches += out[2] != bias * 2;
    mismatches += second != (3 * 2 + 1) + second_bias + second_bias * 2;
    std::printf("%s: main %d %d %d, second %d\n", set ? "set" : "defaults", out[0], out[1], out[2], second);
  }
  sycl::free(out, q);
  if (mismatches)
    return 1;
  std::printf("all values as computed on the host\n");
}
