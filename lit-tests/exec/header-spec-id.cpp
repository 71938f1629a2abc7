// An external spec id defined once in a header and read by kernels of two TUs: one symbolic ID,
// one numeric ID in the linked image; each submit sets its own value.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %s -o %t/first.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %S/Inputs/shared-spec-second.cpp -o %t/second.o
// RUN: %sycl-clangxx -fsycl %t/first.o %t/second.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -I %S/Inputs %s %S/Inputs/shared-spec-second.cpp -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
#include "shared-spec.h"
#include <cstdio>
class FirstReader;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<shared_scale>(100);
     h.single_task<FirstReader>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<shared_scale>(); });
   }).wait();
  std::printf("first %d, second default %d, second set %d\n", *out, read_in_second_tu(q, false),
              read_in_second_tu(q, true));
  sycl::free(out, q);
}
// CHECK: first 100, second default 7, second set -3
