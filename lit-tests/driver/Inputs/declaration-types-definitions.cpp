// The definitions declaration-types.cpp's kernels call with other types (issue 38).
#include <sycl/sycl.hpp>
extern "C" SYCL_EXTERNAL int scale(int x) { return 3 * x; }
extern "C" SYCL_EXTERNAL long next_index(long i) { return i + 1; }
