// Enumeration spec constants, and spec ids in inline namespaces (named and anonymous).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

enum class Mode : short { Off = 0, Fast = 7, Exact = 9 };
enum Plain { Low = 1, High = 1 << 20 };
namespace api {
inline namespace v2 {
constexpr sycl::specialization_id<Mode> mode{Mode::Fast};
}
inline namespace {
constexpr sycl::specialization_id<Plain> level{High};
}
} // namespace api
class Enums;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1) {
         h.set_specialization_constant<api::mode>(Mode::Exact);
         h.set_specialization_constant<api::level>(Low);
       }
       h.single_task<Enums>([=](sycl::kernel_handler kh) {
         out[0] = static_cast<int>(kh.get_specialization_constant<api::mode>());
         out[1] = kh.get_specialization_constant<api::level>();
       });
     }).wait();
    std::printf("round %d: %d %d\n", round, out[0], out[1]);
  }
  sycl::free(out, q);
}
// CHECK: round 0: 7 1048576
// CHECK: round 1: 9 1
