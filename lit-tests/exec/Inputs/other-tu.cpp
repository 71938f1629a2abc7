// Second TU of separate-compilation.cpp and archive.cpp: an anonymous-namespace spec id with
// the same name as the first TU's, and its own kernel.
#include <sycl/sycl.hpp>

namespace {
constexpr sycl::specialization_id<int> coeff{20};
}
class OtherKernel;

int run_other(sycl::queue &q, int *out, bool set) {
  q.submit([&](sycl::handler &h) {
     if (set)
       h.set_specialization_constant<coeff>(2000);
     h.single_task<OtherKernel>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<coeff>(); });
   }).wait();
  return *out;
}
