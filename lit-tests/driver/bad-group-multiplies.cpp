// A product over a work-group or sub-group (reduce_over_group, joint_reduce or a scan with
// sycl::multiplies) needs SPIR-V the CPU device lacks (SPV_KHR_uniform_group_instructions): the
// device compile refuses it with a message naming the feature, and clang's instantiation notes
// lead to the user's call. No object is written.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations -c %s -o product.o 2> err.txt
// RUN: FileCheck %s --input-file err.txt
// RUN: not ls product.o
// CHECK: error: '__spirv_GroupIMulKHR<int>' is unavailable: sycl::multiplies in a group algorithm over a work-group or sub-group is not supported by sycl-clang++: the CPU device has no SPV_KHR_uniform_group_instructions
// CHECK: bad-group-multiplies.cpp:20:21: note: in instantiation of function template specialization 'sycl::reduce_over_group<sycl::group<>, int, std::multiplies<int>>' requested here
// CHECK: error: '__spirv_GroupFMulKHR<float>' is unavailable: sycl::multiplies in a group algorithm
// CHECK: bad-group-multiplies.cpp:21:23: note: in instantiation of function template specialization 'sycl::inclusive_scan_over_group<sycl::sub_group, float, std::multiplies<float>>' requested here
// CHECK: sycl-clang++: error: device compilation of '{{.*}}bad-group-multiplies.cpp' failed
#include <sycl/sycl.hpp>

void products(sycl::queue &q, int *ints, float *floats) {
  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
    size_t i = it.get_global_id(0);
    // The lines below are named by the CHECK lines above.
    ints[i] = sycl::reduce_over_group(it.get_group(), ints[i], sycl::multiplies<int>());
    floats[i] = sycl::inclusive_scan_over_group(it.get_sub_group(), floats[i], sycl::multiplies<float>());
  });
}
