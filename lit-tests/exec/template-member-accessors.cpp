// Accessors inside members of class template specializations: Wrap<Wrap<Leaf>> captured by a
// lambda, and an array of two Wrap<Leaf> in a functor. libclang lists no field cursors among
// the children of an implicitly instantiated specialization, so the front end used to miss the
// accessors inside and pass the whole capture as bytes; the device compile's debug information
// saw them, and the build was refused ("the front end passes 56 bytes at offset 0, the device
// kernel expects 4 bytes"). The front end now asks the type for its fields.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

using Acc = sycl::accessor<int, 1, sycl::access_mode::read_write>;

struct Leaf {
  int pad;
  Acc acc;
};

template <typename T> struct Wrap {
  int pad;
  T inner;
};

struct ArrayFunctor {
  Wrap<Leaf> parts[2];
  void operator()() const {
    parts[0].inner.acc[0] = parts[0].pad + parts[0].inner.pad;
    parts[1].inner.acc[0] = parts[1].pad + parts[1].inner.pad;
  }
};

int main() {
  sycl::queue q;
  sycl::buffer<int, 1> a{sycl::range<1>(1)}, b{sycl::range<1>(1)}, c{sycl::range<1>(1)};
  q.submit([&](sycl::handler &h) {
     Wrap<Wrap<Leaf>> holder{};
     holder.pad = 1;
     holder.inner.pad = 20;
     holder.inner.inner.pad = 300;
     holder.inner.inner.acc = Acc(a, h);
     h.single_task<class NestedTemplate>([=] {
       holder.inner.inner.acc[0] = holder.pad + holder.inner.pad + holder.inner.inner.pad;
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     ArrayFunctor f{};
     f.parts[0] = {4000, {50000, Acc(b, h)}};
     f.parts[1] = {600000, {7000000, Acc(c, h)}};
     h.single_task<class ArrayOfTemplates>(f);
   }).wait();
  std::printf("nested %d\n", sycl::host_accessor{a}[0]);
  std::printf("array %d %d\n", sycl::host_accessor{b}[0], sycl::host_accessor{c}[0]);
  // CHECK: nested 321
  // CHECK: array 54000 7600000
  return 0;
}
