// Conformance-style checks of a captured nested struct (issue 38): a loop that compares an
// array member element by element and leaves at the first mismatch (or the first match) is
// vectorised by the device compile's optimisation into a test of all lanes,
// `bitcast <4 x i1> %cmp to i4` compared with 0, which LLVM 22's SPIR-V backend cannot emit
// (before: "sycl-clang++: error: LLVM: incompatible result and operand types in a bitcast",
// and the SPIR-V child killed by SIGABRT). The SPIR-V copy now tests the lanes with `or`/`and`
// of their elements, and the kernels compute what the host does.
// REQUIRES: sycl-runtime
// The device code has the lane tests (else this test would test nothing):
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsycl-device-only -S %s -o %t.ll
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// IR: bitcast <4 x i1> %{{.*}} to i4
// IR: icmp eq i4 %{{.*}}, 0
// IR: bitcast <4 x i1> %{{.*}} to i4
// IR: icmp ne i4 %{{.*}}, 0
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD --allow-empty
// BUILD-NOT: error
// RUN: %t | FileCheck %s
// CHECK: run 0: all 1 any 0
// CHECK: run 1: all 0 any 1
#include <sycl/sycl.hpp>
#include <cstdio>

struct Inner {
  int a[8];
};
struct Outer {
  char c;
  Inner in;
  double d;
};
class AllLanes;
class AnyLane;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(2, q);
  Outer good{'x', {{1, 2, 3, 4, 5, 6, 7, 8}}, 2.5};
  Outer bad = good;
  bad.in.a[2] = 9;
  for (int run = 0; run < 2; ++run) {
    Outer captured = run ? bad : good;
    q.single_task<AllLanes>([=] {
      bool equal = true;
      for (int k = 0; k < 8; ++k)
        if (captured.in.a[k] != k + 1) {
          equal = false;
          break;
        }
      out[0] = equal;
    }).wait();
    q.single_task<AnyLane>([=] {
      bool found = false;
      for (int k = 0; k < 8; ++k)
        if (captured.in.a[k] == 9) {
          found = true;
          break;
        }
      out[1] = found;
    }).wait();
    std::printf("run %d: all %d any %d\n", run, out[0], out[1]);
  }
  sycl::free(out, q);
}
