// A program that never sets a spec constant gets the defaults, and has_specialization_constant
// is false for a spec id no kernel reads.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<long long> big{-(1ll << 50)};
constexpr sycl::specialization_id<int> never_read{5};
class DefaultsOnly;

int main() {
  sycl::queue q;
  long long *out = sycl::malloc_shared<long long>(1, q);
  q.single_task<DefaultsOnly>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<big>(); }).wait();
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  std::printf("default: %lld; has: %d %d\n", *out, bundle.has_specialization_constant<big>(),
              bundle.has_specialization_constant<never_read>());
  sycl::free(out, q);
}
// CHECK: default: -1125899906842624; has: 1 0
