// A spec id with external linkage, defined in a header included by two TUs.
#pragma once
#include <sycl/sycl.hpp>
inline constexpr sycl::specialization_id<int> shared_scale{7};
int read_in_second_tu(sycl::queue &q, bool set);
