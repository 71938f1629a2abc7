// Generated files on another file system (-fsycl-footer-path): objects and programs still land
// in place (copied next to the output and renamed), the program keeps its executable mode.
// REQUIRES: other-filesystem, sycl-runtime
// RUN: rm -rf %t /dev/shm/sycl-specconst-lit-footer-path && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsycl-footer-path=/dev/shm/sycl-specconst-lit-footer-path -c %s -o app.o
// RUN: %sycl-clangxx -fsycl -fsycl-footer-path=/dev/shm/sycl-specconst-lit-footer-path app.o -o app
// RUN: ./app | FileCheck %s
// RUN: rm -rf /dev/shm/sycl-specconst-lit-footer-path
// CHECK: value 5
#include <sycl/sycl.hpp>
#include <cstdio>
constexpr sycl::specialization_id<int> five{5};
class Moved;
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task<Moved>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<five>(); }).wait();
  std::printf("value %d\n", *out);
  sycl::free(out, q);
}
