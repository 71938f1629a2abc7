// Emulated spec constants larger than 8 bytes are refused at link, at the spec id's declaration
// with its name (Intel's runtime would also set them natively, and SPIR-V has no such scalar):
// no program.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o app 2>&1 | FileCheck --implicit-check-not=error: -DFILE=%s %s
// RUN: test ! -e app
#include <sycl/sycl.hpp>
struct Triple {
  double a, b, c;
};
// CHECK: [[FILE]]:[[@LINE+1]]:50: error: emulated spec constant 'large' is 24 bytes; Intel's runtime also sets emulated spec constants of SPIR-V images natively, which works for values of 1, 2, 4 or 8 bytes only: use native spec constants (the default) for it
inline constexpr sycl::specialization_id<Triple> large{Triple{1, 2, 3}};
class Large;
int main() {
  sycl::queue q;
  double *out = sycl::malloc_shared<double>(1, q);
  q.single_task<Large>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<large>().b; }).wait();
}
