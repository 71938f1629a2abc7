#include "spec-constant-limits.hpp"
class ReadsHeaderSpecId;
float second(sycl::queue &q, float *out) {
  q.single_task<ReadsHeaderSpecId>([=](sycl::kernel_handler kh) {
#ifndef CLASH
    *out = kh.get_specialization_constant<shared::huge_in_header>().f[1];
#else
    *out = kh.get_specialization_constant<shared::clash>();
#endif
  }).wait();
  return *out;
}
