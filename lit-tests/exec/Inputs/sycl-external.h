// Device functions declared once, defined in other TUs (sycl-external.cpp).
#pragma once
#include <sycl/sycl.hpp>

inline constexpr sycl::specialization_id<int> external_bias{4};

// Defined in sycl-external-lib.cpp, which launches no kernel.
SYCL_EXTERNAL int triple_plus_one(int x);
// Reads the spec constant through the caller's handler, in another TU than the kernel's.
SYCL_EXTERNAL int biased(sycl::kernel_handler &kh, int x);
// Takes a value read from the handler (the caller's spec constant).
SYCL_EXTERNAL int scaled(int bias, int x);

// sycl-external-second.cpp: a kernel of its own calling the same functions.
int second_tu(sycl::queue &q, int x, bool set);
