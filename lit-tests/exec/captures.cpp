// Kernel objects of several shapes pass whole to the device: an array of 16 ints, a struct
// holding USM pointers and scalars, a double next to a char (padding), nothing at all.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<int> offset{1000};
struct Views {
  int *dst;
  const int *src;
  int n;
};
class ArrayCapture;
class StructCapture;
class PaddedCapture;
class EmptyCapture;

int main() {
  sycl::queue q;
  int *a = sycl::malloc_shared<int>(16, q);
  int *b = sycl::malloc_shared<int>(16, q);
  for (int i = 0; i < 16; ++i)
    b[i] = i * i;
  struct {
    int v[16];
  } table;
  for (int i = 0; i < 16; ++i)
    table.v[i] = 16 - i;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<ArrayCapture>(sycl::range<1>(16), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       a[i] = table.v[i] + kh.get_specialization_constant<offset>();
     });
   }).wait();
  std::printf("array: %d %d %d\n", a[0], a[7], a[15]);
  Views views{a, b, 16};
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<offset>(-1);
     h.parallel_for<StructCapture>(sycl::range<1>(16), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       views.dst[i] = views.src[views.n - 1 - i] * kh.get_specialization_constant<offset>();
     });
   }).wait();
  std::printf("struct: %d %d %d\n", a[0], a[1], a[15]);
  char tag = 3;
  double scale = 0.5;
  q.submit([&](sycl::handler &h) {
     h.single_task<PaddedCapture>([=](sycl::kernel_handler kh) { a[0] = tag + static_cast<int>(scale * kh.get_specialization_constant<offset>()); });
   }).wait();
  std::printf("padded: %d\n", a[0]);
  q.submit([&](sycl::handler &h) { h.single_task<EmptyCapture>([](sycl::kernel_handler) {}); }).wait();
  std::printf("empty: ok\n");
  sycl::free(a, q);
  sycl::free(b, q);
}
// CHECK: array: 1016 1009 1001
// CHECK: struct: -225 -196 0
// CHECK: padded: 503
// CHECK: empty: ok
