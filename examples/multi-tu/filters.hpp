// Shared by every TU of the multi-TU example: a spec constant defined once for the whole
// program (`inline constexpr`), a device function defined in another TU (`SYCL_EXTERNAL`), and
// a kernel (a functor with its own kernel name) that two TUs launch: one kernel by ODR.
#pragma once
#include <sycl/sycl.hpp>

#include <cstddef>

// The gain every kernel applies, set at run time through the handler.
inline constexpr sycl::specialization_id<float> gain{2.0f};
// The bias added by the library function, read in the library TU.
inline constexpr sycl::specialization_id<int> bias{1};

// Defined in library.cpp: x * gain + bias, both read from the kernel's handler.
SYCL_EXTERNAL float apply_gain(float x, sycl::kernel_handler &kh);

// A kernel in a header: each TU that launches it instantiates the same kernel.
struct Square {
  sycl::accessor<float, 1, sycl::access::mode::read_write> data;
  void operator()(sycl::id<1> i, sycl::kernel_handler kh) const {
    data[i] = data[i] * data[i] * kh.get_specialization_constant<gain>();
  }
};

// The stages, one per TU: `out` = the header kernel applied to the stage's filter of `data`.
void smooth_stage(sycl::queue &q, sycl::buffer<float, 1> &data, sycl::buffer<float, 1> &out, float gain_value,
                  int bias_value);
void sharpen_stage(sycl::queue &q, sycl::buffer<float, 1> &data, sycl::buffer<float, 1> &out, float gain_value,
                   int bias_value);

// The host's view of the same computations.
inline float host_apply_gain(float x, float g, int b) { return x * g + static_cast<float>(b); }
inline float host_square(float x, float g) { return x * x * g; }
