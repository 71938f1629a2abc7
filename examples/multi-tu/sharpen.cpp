// Another kernel TU: the difference from the neighbours through the library function, then
// the same header kernel as smooth.cpp.
#include "filters.hpp"

class Sharpen;

void sharpen_stage(sycl::queue &q, sycl::buffer<float, 1> &data, sycl::buffer<float, 1> &out, float gain_value,
                   int bias_value) {
  const std::size_t n = data.size();
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<gain>(gain_value);
    h.set_specialization_constant<bias>(bias_value);
    sycl::accessor in{data, h, sycl::read_only};
    sycl::accessor res{out, h, sycl::write_only, sycl::no_init};
    h.parallel_for<Sharpen>(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      std::size_t k = i[0];
      float left = k > 0 ? in[k - 1] : 0.0f;
      float right = k + 1 < n ? in[k + 1] : 0.0f;
      res[i] = apply_gain(2.0f * in[k] - 0.5f * (left + right), kh);
    });
  });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<gain>(gain_value);
    h.parallel_for(sycl::range<1>(n), Square{sycl::accessor{out, h, sycl::read_write}});
  });
}
