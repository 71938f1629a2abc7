// Kernels capturing accessors (directly, in a struct, in an array) need decomposed kernel
// arguments, which this version does not generate: a located error, no object, instead of a
// program reading host-side accessor state on the device. USM kernels in the same TU are fine
// on their own.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s
// RUN: test ! -e out.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -DUSM_ONLY -c %s -o usm.o
#include <sycl/sycl.hpp>

struct Holder {
  sycl::accessor<int, 1, sycl::access_mode::read_write> acc;
};
class Direct;
class InStruct;
class InArray;
class Usm;

void launch(sycl::queue &q, sycl::buffer<int, 1> &buf, int *usm) {
#ifndef USM_ONLY
  q.submit([&](sycl::handler &h) {
    sycl::accessor acc(buf, h, sycl::read_write);
    // CHECK: refuse-accessors.cpp:[[@LINE+1]]:5: error: this kernel captures 'sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::device, sycl::access::placeholder::false_t>', which sycl-clang++ cannot pass to the device yet
    h.single_task<Direct>([=] { acc[0] = 1; });
  });
  q.submit([&](sycl::handler &h) {
    Holder holder{sycl::accessor(buf, h, sycl::read_write)};
    // CHECK: refuse-accessors.cpp:[[@LINE+1]]:5: error: this kernel captures 'sycl::accessor<int, 1
    h.single_task<InStruct>([=] { holder.acc[0] = 2; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> scratch[2] = {{sycl::range<1>(4), h}, {sycl::range<1>(4), h}};
    // CHECK: refuse-accessors.cpp:[[@LINE+1]]:5: error: this kernel captures 'sycl::local_accessor<int>'
    h.parallel_for<InArray>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) { scratch[1][0] = 3; });
  });
#endif
  q.submit([&](sycl::handler &h) { h.single_task<Usm>([=] { *usm = 4; }); });
}
