// A kernel needs the aspects of every function its code calls, directly or not, whatever TU
// defines it: `device_has` on a callee of the same TU (which clang inlines before the tool
// chain sees it), on a SYCL_EXTERNAL declaration in a header, on the definition in another
// TU; and the aspects the callees' code uses (fp64, fp16, atomic64). A kernel calling a gpu
// function is refused on the CPU device with errc::kernel_not_supported; the others run. A
// device_has list that leaves out an aspect the code under it uses gets DPC++'s warning.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %s -o %t/main.o 2>&1 | FileCheck --check-prefix=MAIN %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %S/Inputs/device-has-callees-lib.cpp -o %t/lib.o 2>&1 | FileCheck --check-prefix=LIB %s
// RUN: %sycl-clangxx -fsycl %t/main.o %t/lib.o -o %t/app
// RUN: %t/app | FileCheck %s
// MAIN-DAG: device-has-callees.cpp:[[@LINE+56]]:{{[0-9]+}}: warning: SYCL kernel 'ListsCpuUsesDouble' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute
// MAIN-DAG: device-has-callees.cpp:[[@LINE+22]]:{{[0-9]+}}: warning: function 'cpu_listed_here' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute
// MAIN-NOT: uses aspect
// LIB: device-has-callees-lib.cpp:15:{{[0-9]+}}: warning: function 'cpu_listed_in_lib' uses aspect 'fp64' not listed in its 'sycl::device_has' attribute
// LIB-NOT: uses aspect
// CHECK: same TU, direct: kernel_not_supported
// CHECK-NEXT: same TU, through a function: kernel_not_supported
// CHECK-NEXT: same TU, function template: kernel_not_supported
// CHECK-NEXT: header declaration: kernel_not_supported
// CHECK-NEXT: other TU's definition: kernel_not_supported
// CHECK-NEXT: fp64 callee: ran 3
// CHECK-NEXT: fp16 and fp64 in another TU: ran 1.5
// CHECK-NEXT: atomic64 in another TU: ran 7 8
// CHECK-NEXT: cpu listed: ran 12
// CHECK-NEXT: lists cpu, uses double: ran 2.5
// CHECK-NEXT: compatible: 0 0 0 0 0 1 1 1 1 1
#include "device-has-callees.h"
#include <cstdio>

[[sycl::device_has(sycl::aspect::gpu)]] int gpu_only(int x) { return x * 3; }
int through(int x) { return gpu_only(x) + 1; }
template <typename T> [[sycl::device_has(sycl::aspect::gpu)]] T gpu_template(T x) { return x - 1; }
[[sycl::device_has(sycl::aspect::fp64)]] double with_fp64(double x) { return x * 2; }
[[sycl::device_has(sycl::aspect::cpu)]] SYCL_EXTERNAL double cpu_listed_here(double x) { return x + 1; }

class Direct; class Through; class Template; class Header; class OtherTu;
class Fp64; class Halves; class Counts; class CpuListed; class ListsCpuUsesDouble;

template <typename F> void attempt(const char *what, F launch) {
  try {
    launch();
  } catch (const sycl::exception &e) {
    bool right = e.code() == sycl::errc::kernel_not_supported && &e.category() == &sycl::sycl_category();
    std::printf("%s: %s\n", what, right ? "kernel_not_supported" : e.what());
  }
}

int main() {
  sycl::queue q{sycl::cpu_selector_v};
  int *n = sycl::malloc_shared<int>(8, q);
  double *d = sycl::malloc_shared<double>(8, q);
  long long *c = sycl::malloc_shared<long long>(2, q);
  c[0] = 7;
  attempt("same TU, direct", [&] { q.single_task<Direct>([=] { n[0] = gpu_only(2); }).wait(); });
  attempt("same TU, through a function", [&] { q.single_task<Through>([=] { n[1] = through(2); }).wait(); });
  attempt("same TU, function template", [&] { q.single_task<Template>([=] { n[2] = gpu_template(2); }).wait(); });
  attempt("header declaration", [&] { q.single_task<Header>([=] { n[3] = gpu_declared_in_header(2); }).wait(); });
  attempt("other TU's definition", [&] { q.single_task<OtherTu>([=] { n[4] = gpu_defined_in_lib(2); }).wait(); });
  q.single_task<Fp64>([=] { d[0] = with_fp64(1.5); }).wait();
  std::printf("fp64 callee: ran %g\n", d[0]);
  q.single_task<Halves>([=] { d[1] = halves_in_lib(3.0); }).wait();
  std::printf("fp16 and fp64 in another TU: ran %g\n", d[1]);
  q.single_task<Counts>([=] { c[1] = counts_in_lib(c); }).wait();
  std::printf("atomic64 in another TU: ran %lld %lld\n", c[1], c[0]);
  q.single_task<CpuListed>([=] { d[2] = cpu_listed_in_lib(4.0) + cpu_listed_here(-1.0); }).wait();
  std::printf("cpu listed: ran %g\n", d[2]);
  q.single_task<ListsCpuUsesDouble>([=]() [[sycl::device_has(sycl::aspect::cpu)]] { d[3] = d[1] + 1; }).wait();
  std::printf("lists cpu, uses double: ran %g\n", d[3]);
  sycl::device dev = q.get_device();
  std::printf("compatible: %d %d %d %d %d %d %d %d %d %d\n", sycl::is_compatible<Direct>(dev),
              sycl::is_compatible<Through>(dev), sycl::is_compatible<Template>(dev),
              sycl::is_compatible<Header>(dev), sycl::is_compatible<OtherTu>(dev),
              sycl::is_compatible<Fp64>(dev), sycl::is_compatible<Halves>(dev),
              sycl::is_compatible<Counts>(dev), sycl::is_compatible<CpuListed>(dev),
              sycl::is_compatible<ListsCpuUsesDouble>(dev));
  sycl::free(n, q);
  sycl::free(d, q);
  sycl::free(c, q);
}
