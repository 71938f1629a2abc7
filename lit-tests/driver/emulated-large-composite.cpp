// Emulated spec constants larger than 8 bytes are refused at link with the spec constant's name
// (Intel's runtime would also set them natively, and SPIR-V has no such scalar): no program.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o app 2>&1 | FileCheck %s
// RUN: test ! -e app
// CHECK: sycl-clang++: error: emulated spec constant '_Z5large' is 24 bytes; Intel's runtime also sets emulated spec constants of SPIR-V images natively, which works for values of 1, 2, 4 or 8 bytes only: use native spec constants (the default) for it
#include <sycl/sycl.hpp>
struct Triple {
  double a, b, c;
};
inline constexpr sycl::specialization_id<Triple> large{Triple{1, 2, 3}};
class Large;
int main() {
  sycl::queue q;
  double *out = sycl::malloc_shared<double>(1, q);
  q.single_task<Large>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<large>().b; }).wait();
}
