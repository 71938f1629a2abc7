// Several sources on one command line: each compiled for host and device, linked together.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 %s %S/Inputs/other-tu.cpp -o app
// RUN: ./app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s %S/Inputs/other-tu.cpp -o app-emu
// RUN: ./app-emu | FileCheck %s
// RUN: test ! -e app.sycl
#include <sycl/sycl.hpp>
#include <cstdio>

int run_other(sycl::queue &q, int *out, bool set);

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  std::printf("other: %d\n", run_other(q, out, true));
  sycl::free(out, q);
}
// CHECK: other: 2000
