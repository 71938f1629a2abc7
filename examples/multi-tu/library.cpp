// The device library TU: a SYCL_EXTERNAL function that reads both spec constants through the
// handler its caller passes. No kernel of its own.
#include "filters.hpp"

SYCL_EXTERNAL float apply_gain(float x, sycl::kernel_handler &kh) {
  return x * kh.get_specialization_constant<gain>() + static_cast<float>(kh.get_specialization_constant<bias>());
}
