// The project's own header, which its sources include first. It has no include guard: a
// compile that read it again after its precompiled preamble would define Offsets twice.
#include <sycl/sycl.hpp>
#include <vector>

#define PROJECT_BASE 100
#define LOCAL_VALUE 1

struct Offsets {
  int base = 7;
};

inline constexpr sycl::specialization_id<int> scale{3};

int second_value(sycl::queue &q);

// Called by second.cpp: its warning's note points into this header.
[[deprecated("kept for the diagnostics")]] inline int old_offset() { return 0; }

class HeaderKernel;

// A kernel written in the header: the analysis finds it in the preamble's saved AST.
inline int header_kernel(sycl::queue &q, int x) {
  int *r = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<scale>(x * 10);
     h.single_task<HeaderKernel>([=](sycl::kernel_handler kh) {
       *r = kh.get_specialization_constant<scale>() + 1;
     });
   }).wait();
  int value = *r;
  sycl::free(r, q);
  return value;
}
