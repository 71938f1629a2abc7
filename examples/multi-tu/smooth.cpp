// A kernel TU: a three-point average through the library function, then the header kernel.
#include "filters.hpp"

class Smooth;

void smooth_stage(sycl::queue &q, sycl::buffer<float, 1> &data, sycl::buffer<float, 1> &out, float gain_value,
                  int bias_value) {
  const std::size_t n = data.size();
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<gain>(gain_value);
    h.set_specialization_constant<bias>(bias_value);
    sycl::accessor in{data, h, sycl::read_only};
    sycl::accessor res{out, h, sycl::write_only, sycl::no_init};
    h.parallel_for<Smooth>(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      std::size_t k = i[0];
      float left = k > 0 ? in[k - 1] : in[k];
      float right = k + 1 < n ? in[k + 1] : in[k];
      res[i] = apply_gain((left + in[k] + right) / 3.0f, kh);
    });
  });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<gain>(gain_value);
    h.parallel_for(sycl::range<1>(n), Square{sycl::accessor{out, h, sycl::read_write}});
  });
}
