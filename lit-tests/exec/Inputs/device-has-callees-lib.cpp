#include "device-has-callees.h"

SYCL_EXTERNAL int gpu_declared_in_header(int x) { return x + 100; }
[[sycl::device_has(sycl::aspect::gpu)]] SYCL_EXTERNAL int gpu_defined_in_lib(int x) {
  return x + 200;
}
SYCL_EXTERNAL double halves_in_lib(double x) {
  sycl::half h = sycl::half(float(x));
  return double(h) / 2;
}
SYCL_EXTERNAL long long counts_in_lib(long long *counter) {
  sycl::atomic_ref<long long, sycl::memory_order::relaxed, sycl::memory_scope::device> a(*counter);
  return a.fetch_add(1);
}
[[sycl::device_has(sycl::aspect::cpu)]] SYCL_EXTERNAL double cpu_listed_in_lib(double x) {
  return x * 3;
}
