// A SYCL_EXTERNAL function no linked device code defines is a device-link error naming the
// function (demangled) and every kernel that reaches it, directly or through other device
// functions; the host link never runs (no "undefined reference" naming a generated object).
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 %s -o app 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=.sycl/
// RUN: test ! -e app
// CHECK: sycl-clang++: error: undefined device function 'ns::missing_scale(int)', called from kernels 'Direct', 'Nested::Through<int>': no linked device code defines it
// CHECK: sycl-clang++: error: undefined device function 'missing_offset()', called from kernel 'Nested::Through<int>': no linked device code defines it
#include <sycl/sycl.hpp>
namespace ns {
SYCL_EXTERNAL int missing_scale(int x);
}
SYCL_EXTERNAL int missing_offset();
// Defined and reached only through the kernel below.
SYCL_EXTERNAL int helper(int x) { return ns::missing_scale(x) + missing_offset(); }
class Direct;
namespace Nested {
template <class T> class Through;
}
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1, q);
  q.single_task<Direct>([=] { *p = ns::missing_scale(*p); }).wait();
  q.single_task<Nested::Through<int>>([=] { *p = helper(*p); }).wait();
  return *p;
}
