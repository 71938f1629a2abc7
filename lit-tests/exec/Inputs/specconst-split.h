// Shared by exec/specconst-split.cpp and its second TU: a spec constant read in one TU by a
// SYCL_EXTERNAL function that a kernel of the other TU calls with its kernel_handler.
#pragma once
#include <sycl/sycl.hpp>

inline constexpr sycl::specialization_id<int> w_id{40};

SYCL_EXTERNAL int read_w(sycl::kernel_handler &kh);
