// Kernels whose name types and bodies live in a header, launched from two TUs
// (header-kernels.cpp): one kernel each, as in DPC++.
#pragma once
#include <sycl/sycl.hpp>

// Defined once for the whole program; each TU sets its own value at run time.
inline constexpr sycl::specialization_id<int> header_offset{5};

struct AddOffset {
  int *out;
  int base;
  void operator()(sycl::kernel_handler kh) const { *out = base + kh.get_specialization_constant<header_offset>(); }
};

class HeaderNamedLambda;

inline int launch_named_lambda(sycl::queue &q, int v, int offset, bool set) {
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set)
       h.set_specialization_constant<header_offset>(offset);
     h.single_task<HeaderNamedLambda>([=](sycl::kernel_handler kh) {
       *out = v * 2 + kh.get_specialization_constant<header_offset>();
     });
   }).wait();
  int r = *out;
  sycl::free(out, q);
  return r;
}

inline int launch_functor(sycl::queue &q, int v, int offset, bool set) {
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set)
       h.set_specialization_constant<header_offset>(offset);
     h.single_task(AddOffset{out, v});
   }).wait();
  int r = *out;
  sycl::free(out, q);
  return r;
}

// header-kernels-second.cpp
int second_tu_launches(sycl::queue &q, int *results);
