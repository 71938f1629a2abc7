#include "header-kernels.h"
int second_tu_launches(sycl::queue &q, int *results) {
  results[0] = launch_named_lambda(q, 10, -300, true);
  results[1] = launch_functor(q, 20, 0, false);
  results[2] = launch_functor(q, 30, 77, true);
  return 3;
}
