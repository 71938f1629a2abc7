#include "specconst-split.h"

SYCL_EXTERNAL int read_w(sycl::kernel_handler &kh) { return kh.get_specialization_constant<w_id>() + 2; }
