#include <sycl/sycl.hpp>

// Declared here with the aspect, defined in device-has-callees-lib.cpp without it.
[[sycl::device_has(sycl::aspect::gpu)]] SYCL_EXTERNAL int gpu_declared_in_header(int x);
// Declared here without the aspect, defined in device-has-callees-lib.cpp with it.
SYCL_EXTERNAL int gpu_defined_in_lib(int x);
// Defined in device-has-callees-lib.cpp, using types that need aspects, without attributes.
SYCL_EXTERNAL double halves_in_lib(double x);
SYCL_EXTERNAL long long counts_in_lib(long long *counter);
// Lists cpu, uses double: DPC++ warns where it is defined.
[[sycl::device_has(sycl::aspect::cpu)]] SYCL_EXTERNAL double cpu_listed_in_lib(double x);
