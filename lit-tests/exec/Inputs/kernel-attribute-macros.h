// Kernel attribute macros, and a functor using one, from a header (kernel-attribute-macros.cpp).
#pragma once
#include <sycl/sycl.hpp>

#define SUB_GROUP(n) [[sycl::reqd_sub_group_size(n)]]
#define REQUIRES_CPU [[sycl::device_has(sycl::aspect::cpu)]]
#define REQUIRES_GPU [[sycl::device_has(sycl::aspect::gpu)]]

struct HeaderPair {
  int *out;
  [[sycl::reqd_work_group_size(16)]] SUB_GROUP(8) void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
  }
};
