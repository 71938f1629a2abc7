// Plain C++ with no SYCL, compiled by clang++-22 on its own.
int plain_twice(int v) { return 2 * v; }
