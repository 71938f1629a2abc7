// An accessor captured 10 structs deep, with an int before it at every level: the front end
// (libclang) and the device compile (debug information) decompose the object with the one
// algorithm of model::kernel_abi::decompose, so both follow the nesting down to the accessor
// (16 levels allowed). Before, the device walk counted two levels per struct and stopped at 8,
// so the two descriptions disagreed and the build was refused. The ints read back (outermost,
// middle, innermost) must arrive in place. (Reading all ten makes LLVM's SPIR-V back end fail
// on a <32 x i8> it cannot legalize: a back-end limit, not this test's subject.)
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

using Acc = sycl::accessor<int, 1, sycl::access_mode::read_write>;

struct L0 {
  int pad;
  Acc acc;
};
struct L1 {
  int pad;
  L0 inner;
};
struct L2 {
  int pad;
  L1 inner;
};
struct L3 {
  int pad;
  L2 inner;
};
struct L4 {
  int pad;
  L3 inner;
};
struct L5 {
  int pad;
  L4 inner;
};
struct L6 {
  int pad;
  L5 inner;
};
struct L7 {
  int pad;
  L6 inner;
};
struct L8 {
  int pad;
  L7 inner;
};
struct L9 {
  int pad;
  L8 inner;
};

class Deep;

int main() {
  sycl::queue q;
  sycl::buffer<int, 1> b{sycl::range<1>(1)};
  q.submit([&](sycl::handler &h) {
     L9 holder{};
     holder.pad = 9;
     holder.inner.pad = 8;
     holder.inner.inner.pad = 7;
     holder.inner.inner.inner.pad = 6;
     holder.inner.inner.inner.inner.pad = 5;
     holder.inner.inner.inner.inner.inner.pad = 4;
     holder.inner.inner.inner.inner.inner.inner.pad = 3;
     holder.inner.inner.inner.inner.inner.inner.inner.pad = 2;
     holder.inner.inner.inner.inner.inner.inner.inner.inner.pad = 1;
     holder.inner.inner.inner.inner.inner.inner.inner.inner.inner.pad = 100;
     holder.inner.inner.inner.inner.inner.inner.inner.inner.inner.acc = Acc(b, h);
     h.single_task<Deep>([=] {
       int sum = holder.pad + holder.inner.inner.inner.inner.pad +
                 holder.inner.inner.inner.inner.inner.inner.inner.inner.inner.pad;
       holder.inner.inner.inner.inner.inner.inner.inner.inner.inner.acc[0] = sum;
     });
   }).wait();
  sycl::host_accessor a{b};
  // 9 + 5 + 100
  std::printf("sum %d\n", a[0]);
  // CHECK: sum 114
  return 0;
}
