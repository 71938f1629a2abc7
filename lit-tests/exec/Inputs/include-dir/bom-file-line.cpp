// A source that starts with a UTF-8 byte-order mark, includes a header next to it with
// quotes, and prints __FILE__ and __LINE__ from host code: all as for the original file.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %S/Inputs/include-dir
// RUN: %sycl-clangxx -fsycl -std=c++17 bom-file-line.cpp -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK: bom-file-line.cpp:17 5 7
#include <sycl/sycl.hpp>
#include <cstdio>
#include "neighbour.h"
constexpr sycl::specialization_id<int> seven{7};
class Bom;
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) { h.single_task<Bom>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<seven>(); }); }).wait();
  std::printf("%s:%d %d %d\n", __FILE__, __LINE__, from_neighbour, *out);
  sycl::free(out, q);
}
