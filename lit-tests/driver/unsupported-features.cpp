// A reduction (here over a buffer and over USM, in a function template too) is refused where
// it is written, naming the feature and why, before the device compile's errors from deep
// inside Intel's headers (use of undeclared identifier '__spirv_GroupIAdd'). No object is
// written.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o red.o 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// RUN: not ls red.o
// CHECK: unsupported-features.cpp:20:16: error: sycl::reduction is not supported by sycl-clang++ yet: Intel's headers build reductions from SPIR-V group operations
// CHECK: unsupported-features.cpp:29:20: error: sycl::reduction is not supported by sycl-clang++ yet
// CHECK-NOT: undeclared identifier
// CHECK-NOT: error:
#include <sycl/sycl.hpp>

class Sum;

void buffer_sum(sycl::queue &q, sycl::buffer<int, 1> &data, sycl::buffer<int, 1> &total) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor in{data, h, sycl::read_only};
    auto sum = sycl::reduction(total, h, sycl::plus<int>());
    h.parallel_for<Sum>(data.get_range(), sum, [=](sycl::id<1> i, auto &acc) { acc += in[i]; });
  });
}

template <typename T>
void usm_max(sycl::queue &q, const T *data, T *result, std::size_t n) {
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n),
                   sycl::reduction(result, sycl::maximum<T>()),
                   [=](sycl::id<1> i, auto &m) { m.combine(data[i]); });
  });
}

template void usm_max<float>(sycl::queue &, const float *, float *, std::size_t);
