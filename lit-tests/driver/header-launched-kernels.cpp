// Kernels Intel's headers launch on the user's behalf (a reduction's kernels, here over a
// buffer and, in a function template, over USM) are described in the integration header like
// the user's own: one descriptor per decomposed argument (pointers, the headers' accessors to
// their partial results and counters, bytes), with the object size. sycl::reduction was refused
// before issue 21 ("sycl::reduction is not supported by sycl-clang++ yet").
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations -save-temps -c %s -o red.o
// RUN: FileCheck %s --input-file red.o.sycl/footer.h
// The named buffer reduction (strategy 1, last-work-group detection): the headers name its
// kernel MainKrn<Sum, …>, one per way the result may be reached (an accessor or a USM pointer);
// the user's accessor, the headers' accessors to partial sums and counters, a local accessor.
// CHECK: static constexpr const kernel_param_desc_t __sycl_specconst_kernel_params[] = {
// CHECK-NEXT: // _ZTSN4sycl3_V16detail9reduction7MainKrnI3SumLNS2_8strategyE1EJNS0_8accessorI
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 0},
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 8},
// CHECK-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 16},
// CHECK: {kernel_param_kind_t::kind_accessor, 4064, 168},
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 200},
// CHECK-NEXT: // _ZTSN4sycl3_V16detail9reduction7MainKrnI3SumLNS2_8strategyE1EJPiEEE
// CHECK: {kernel_param_kind_t::kind_pointer, 8, 136},
// The unnamed USM maximum in the function template: the kernel the headers' lambda makes.
// CHECK: // _ZTSZZN4sycl3_V16detail16NDRangeReductionILNS1_9reduction8strategyE1EE3run{{.*}}7usm_maxIf
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 24, 0},
// CHECK: {kernel_param_kind_t::kind_pointer, 8, 48},
// CHECK: {kernel_param_kind_t::kind_accessor, 4064, 96},
// CHECK: static constexpr const char *getName() { return "_ZTSN4sycl3_V16detail9reduction7MainKrnI3Sum
// CHECK-NEXT: static constexpr bool isESIMD() { return false; }
// CHECK: static constexpr int64_t getKernelSize() { return 208; }
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
