// Second TU for two-tus-header-definitions.cpp: a range kernel of its own.
#include <sycl/sycl.hpp>

int doubled_last(sycl::queue &q) {
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = 2 * static_cast<int>(i[0]); })
      .wait();
  int last = p[3];
  sycl::free(p, q);
  return last;
}
