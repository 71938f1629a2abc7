// One kernel launched from two TUs: a functor and a named lambda in an inline function, both
// from a header, reading an `inline constexpr` spec id of the same header. Each TU emits the
// kernels; the device link keeps one of each (the link failed before: "Linking globals named
// '_ZTS17HeaderNamedLambda': symbol multiply defined!"). The values each TU sets at run time
// reach its launches. Native and emulated spec constants.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %s -o %t/first.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %S/Inputs/header-kernels-second.cpp -o %t/second.o
// RUN: %sycl-clangxx -fsycl %t/first.o %t/second.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -I %S/Inputs %s %S/Inputs/header-kernels-second.cpp -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
// CHECK: first TU: 7 1002 -6
// CHECK: second TU: -280 25 107
// CHECK: all values as computed on the host
#include "header-kernels.h"
#include <cstdio>

int main() {
  sycl::queue q;
  int first[3] = {launch_named_lambda(q, 1, 0, false), launch_functor(q, 2, 1000, true),
                  launch_named_lambda(q, -3, 0, true)};
  int second[3];
  second_tu_launches(q, second);
  std::printf("first TU: %d %d %d\nsecond TU: %d %d %d\n", first[0], first[1], first[2], second[0], second[1],
              second[2]);
  int expected[6] = {1 * 2 + 5, 2 + 1000, -3 * 2 + 0, 10 * 2 - 300, 20 + 5, 30 + 77};
  int got[6] = {first[0], first[1], first[2], second[0], second[1], second[2]};
  for (int i = 0; i < 6; ++i)
    if (got[i] != expected[i])
      return 1;
  std::printf("all values as computed on the host\n");
}
