// Mock of the 2021-era <CL/sycl/detail/defines_elementary.hpp>.
#pragma once
#ifndef __SYCL_INLINE_NAMESPACE
#define __SYCL_INLINE_NAMESPACE(X) inline namespace X
#endif
