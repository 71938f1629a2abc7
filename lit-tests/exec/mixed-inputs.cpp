// A SYCL program linked with a plain C++ object built by clang++-22 and a C source that
// sycl-clang++ hands to clang unchanged.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -c %S/Inputs/plain-helpers.cpp -o %t/plain.o
// RUN: %sycl-clangxx -fsycl -std=c++17 %s %t/plain.o %S/Inputs/c-helper.c -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s %t/plain.o %S/Inputs/c-helper.c -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

int plain_twice(int v);
extern "C" int c_plus_one(int v);
constexpr sycl::specialization_id<int> base{20};
class Mixed;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task<Mixed>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<base>(); }).wait();
  std::printf("mixed: %d\n", c_plus_one(plain_twice(*out)));
  sycl::free(out, q);
}
// CHECK: mixed: 41
