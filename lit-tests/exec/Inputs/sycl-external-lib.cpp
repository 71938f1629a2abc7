// Definitions only: no kernel of this TU calls them, SYCL_EXTERNAL alone puts them in its
// device code. biased() is declared SYCL_EXTERNAL in the header only.
#include "sycl-external.h"

SYCL_EXTERNAL int triple_plus_one(int x) { return 3 * x + 1; }

int biased(sycl::kernel_handler &kh, int x) { return x + kh.get_specialization_constant<external_bias>(); }

SYCL_EXTERNAL int scaled(int bias, int x) { return bias * x; }
