// SYCL kernel attributes sycl-clang++ cannot read are refused with their location, never
// dropped: a size that is no constant expression, an unknown aspect, the wrong number of
// values. Other unknown attributes are still clang's to warn
// about.
// REQUIRES: intel-sycl-headers
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: test ! -e %t.o
// Without a device compile nothing is refused, and only other unknown attributes are warned
// about; -E output keeps the attributes.
// RUN: %sycl-clangxx -fsycl -std=c++17 -fsyntax-only %s 2>&1 | FileCheck --check-prefix=SYNTAX %s
// SYNTAX: warning: unknown attribute 'vendor::unknown' ignored
// SYNTAX-NOT: unknown attribute 'sycl::
// RUN: %sycl-clangxx -fsycl -std=c++17 -E %s | FileCheck --check-prefix=PRE %s
// PRE: {{\[\[}}sycl::reqd_work_group_size(runtime_n)]]
// Compiled back, the -E output is refused the same way, at the source's places (its line
// markers name them, as in clang's own diagnostics).
// RUN: %sycl-clangxx -fsycl -std=c++17 -E %s -o %t.ii
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %t.ii -o %t.o 2>&1 | FileCheck %s
// RUN: test ! -e %t.o
#include <sycl/sycl.hpp>

int runtime_n = 4;
[[vendor::unknown]] int other;
// CHECK-DAG: kernel-attribute-errors.cpp:[[@LINE-1]]:3: warning: unknown attribute 'vendor::unknown' ignored

int main() {
  sycl::queue q;
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(runtime_n)]] {});
    // CHECK-DAG: kernel-attribute-errors.cpp:[[@LINE-1]]:96: error: 'runtime_n' is not an integral constant expression
  });
  q.submit([&](sycl::handler &h) {
    h.single_task([=]() [[sycl::device_has(sycl::aspect::not_an_aspect)]] {});
    // CHECK-DAG: kernel-attribute-errors.cpp:[[@LINE-1]]:58: error: 'not_an_aspect' is not a sycl::aspect
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1>) [[sycl::reqd_sub_group_size(8, 8)]] {});
    // CHECK-DAG: kernel-attribute-errors.cpp:[[@LINE-1]]:75: error: 'sycl::reqd_sub_group_size' takes one value
  });
  q.wait();
}
// CHECK-NOT: unknown attribute 'sycl::
