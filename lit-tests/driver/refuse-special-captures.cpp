// Kernels capturing what sycl-clang++ cannot pass to the device (a sampler, captured directly or
// in a base class of a captured struct, which only the device compile's reading of the kernel
// object sees; a variable captured by reference) get a located error and no object, instead of a program reading host-side state
// on the device. Accessors and streams captured directly, in structs, in arrays and in base
// classes are decomposed and compile (streams run in lit-tests/exec/stream.cpp).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s
// RUN: test ! -e out.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -DPASSABLE_ONLY -c %s -o passable.o
#include <sycl/sycl.hpp>

struct Base {
  int tag;
};
struct Derived : Base {
  sycl::accessor<int, 1, sycl::access_mode::read_write> acc;
};
struct SamplerBase {
  sycl::sampler smp;
};
struct WithSampler : SamplerBase {
  int tag;
};
struct StreamBase {
  sycl::stream out;
};
struct WithStream : StreamBase {
  int tag;
};
struct Holder {
  sycl::accessor<int, 1, sycl::access_mode::read_write> acc;
};
class Sampled;
class WithBase;
class SamplerInBase;
class StreamInBase;
class ByReference;
class InStruct;
class InArray;

void launch(sycl::queue &q, sycl::buffer<int, 1> &buf) {
#ifndef PASSABLE_ONLY
  sycl::sampler smp(sycl::coordinate_normalization_mode::unnormalized,
                    sycl::addressing_mode::clamp, sycl::filtering_mode::nearest);
  q.submit([&](sycl::handler &h) {
    // CHECK: refuse-special-captures.cpp:[[@LINE+1]]:5: error: this kernel captures 'sycl::sampler', which sycl-clang++ cannot pass to the device (samplers, images
    h.single_task<Sampled>([=] { (void)smp.get_filtering_mode(); });
  });
  q.submit([&](sycl::handler &h) {
    WithSampler w{{smp}, 1};
    // CHECK: refuse-special-captures.cpp:[[@LINE+1]]:5: error: kernel 'SamplerInBase': cannot pass its kernel object: it captures 'sycl::_V1::sampler'
    h.single_task<SamplerInBase>([=] { (void)w.smp.get_filtering_mode(); });
  });
  q.submit([&](sycl::handler &h) {
    int x = 1;
    // CHECK: refuse-special-captures.cpp:[[@LINE+1]]:5: error: kernel 'ByReference': cannot pass its kernel object: it holds a reference (a capture by reference)
    h.single_task<ByReference>([&] { int y = x; (void)y; });
  });
#endif
  q.submit([&](sycl::handler &h) {
    Derived d{};
    d.acc = sycl::accessor(buf, h, sycl::read_write);
    h.single_task<WithBase>([=] { d.acc[0] = d.tag; });
  });
  q.submit([&](sycl::handler &h) {
    WithStream w{{sycl::stream(1024, 256, h)}, 1};
    h.single_task<StreamInBase>([=] { w.out << w.tag; });
  });
  q.submit([&](sycl::handler &h) {
    Holder holder{sycl::accessor(buf, h, sycl::read_write)};
    h.single_task<InStruct>([=] { holder.acc[0] = 2; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> scratch[2] = {{sycl::range<1>(4), h}, {sycl::range<1>(4), h}};
    h.parallel_for<InArray>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) { scratch[1][0] = 3; });
  });
}
