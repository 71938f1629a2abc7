// Starts with <sycl/sycl.hpp> (its shared PCH), on the second line: the host compile's error is
// in Intel's headers, instantiated here.
#include <sycl/sycl.hpp>
#ifndef __SYCL_DEVICE_ONLY__
sycl::vec<int, 5> five;
#endif
int main() {}
