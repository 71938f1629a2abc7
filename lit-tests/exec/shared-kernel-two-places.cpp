// One kernel name launched from two TUs at different places with the same code (issue 36,
// item 3): `single_task<shared_kernel>` with the same lambda, in functions of different names
// (so its `operator()` has another mangling in each TU), calling a `static` (internal)
// noinline helper each TU defines. The device link compares the two definitions' device code,
// finds them the same, and keeps one kernel, as DPC++'s `weak_odr` kernels are one; each TU's
// launch runs it. Debug information in one TU only and unoptimised code change nothing.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o %t/first.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/shared-kernel-second.cpp -o %t/second.o
// RUN: %sycl-clangxx -fsycl %t/first.o %t/second.o -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -g -c %s -o %t/first-g.o
// RUN: %sycl-clangxx -fsycl %t/second.o %t/first-g.o -o %t/app-g
// RUN: %t/app-g | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 %s %S/Inputs/shared-kernel-second.cpp -o %t/app-O0
// RUN: %t/app-O0 | FileCheck %s
// CHECK: first TU: 17 23
// CHECK: second TU: 62 -9
#include <sycl/sycl.hpp>
#include <cstdio>

class shared_kernel;

[[gnu::noinline]] static int scale(int x) { return x * 3 + 2; }

int second_tu_launch(sycl::queue &q, int *data, int n);

static int first_tu_launch(sycl::queue &q, int *data, int n) {
  q.submit([&](sycl::handler &h) {
    h.single_task<shared_kernel>([=] { data[0] = scale(data[0]) + n; });
  }).wait();
  return data[0];
}

int main() {
  sycl::queue q;
  int *data = sycl::malloc_shared<int>(1, q);
  data[0] = 5;
  int a = first_tu_launch(q, data, 0);
  data[0] = 7;
  int b = first_tu_launch(q, data, 0);
  data[0] = 20;
  int c = second_tu_launch(q, data, 0);
  data[0] = -3;
  int d = second_tu_launch(q, data, -2);
  std::printf("first TU: %d %d\nsecond TU: %d %d\n", a, b, c, d);
  sycl::free(data, q);
  return a == 17 && b == 23 && c == 62 && d == -9 ? 0 : 1;
}
