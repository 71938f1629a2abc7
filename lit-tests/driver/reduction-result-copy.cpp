// A named parallel_for with one reduction into USM over an nd_range (plus, minimum, maximum of
// half, double or a 64-bit integer): Intel's headers run the user's lambda inside kernels of
// their own and launch, under the user's kernel name, the final copy of the result into the
// user's memory. The front end describes that kernel (a size_t, an accessor to the partial
// results, a bool, the user's pointer, the operation: 64 bytes), located at the user's lambda,
// and the device compile agrees. It described the user's lambda instead (issue 36, item 4),
// and the build stopped: "the object is 32 bytes to the front end but 64 bytes to the device
// compile". Through the handler and the queue's shortcut; a pointer and a span.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations -save-temps -c %s -o copy.o
// RUN: FileCheck %s --input-file copy.o.sycl/footer.h
// CHECK-LABEL: __sycl_specconst_kernel_params[] = {
// CHECK: // _ZTS9DoubleSum
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 0},
// CHECK-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 8},
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 1, 40},
// CHECK-NEXT: {kernel_param_kind_t::kind_pointer, 8, 48},
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 1, 56},
// CHECK-NEXT: // _ZTS
// CHECK: // _ZTS7HalfMax
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 0},
// CHECK-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 8},
// CHECK: // _ZTS9LongSpans
// CHECK-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 0},
// CHECK-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 8},
// The copies are placed at their launches (a kernel no launch was matched with has no file).
// CHECK: getName() { return "_ZTS9DoubleSum"; }
// CHECK: getFileName() { return "reduction-result-copy.cpp"; }
// CHECK: getKernelSize() { return 64; }
// CHECK: getName() { return "_ZTS7HalfMax"; }
// CHECK: getFileName() { return "reduction-result-copy.cpp"; }
// CHECK: getKernelSize() { return 64; }
// CHECK: getName() { return "_ZTS9LongSpans"; }
// CHECK: getFileName() { return "reduction-result-copy.cpp"; }
// CHECK: getKernelSize() { return 64; }
#include <sycl/sycl.hpp>

class DoubleSum;
class HalfMax;
class LongSpans;

void sums(sycl::queue &q, sycl::buffer<double, 1> &data, double *total, sycl::half *top,
          long *pair) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor in{data, h, sycl::read_only};
    h.parallel_for<DoubleSum>(sycl::nd_range<1>(16, 8), sycl::reduction(total, sycl::plus<double>()),
                              [=](sycl::nd_item<1> it, auto &s) { s += in[it.get_global_id()]; });
  });
  q.parallel_for<HalfMax>(sycl::nd_range<1>(16, 8), sycl::reduction(top, sycl::maximum<sycl::half>()),
                          [=](sycl::nd_item<1> it, auto &m) { m.combine(sycl::half(1.0f)); });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<LongSpans>(sycl::nd_range<1>(16, 8),
                              sycl::reduction(sycl::span<long, 2>(pair, 2), sycl::minimum<long>()),
                              [=](sycl::nd_item<1> it, auto &m) {
                                m[0].combine(long(it.get_global_id(0)));
                                m[1].combine(-long(it.get_global_id(0)));
                              });
  });
}
