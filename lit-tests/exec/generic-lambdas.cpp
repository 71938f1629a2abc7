// Generic lambdas (`[=](auto i)`) as kernels capturing accessors: their operator() is a
// template libclang does not mangle, so the device kernel is matched through the launch's
// kernel type instead; unnamed and named, over a range and an nd_range with a local accessor,
// and with a kernel_handler reading a spec constant.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> step{3};
class NamedGeneric;

int main() {
  sycl::queue q;
  constexpr int n = 64;
  std::vector<int> a(n, 1), b(n, 0), c(n, 0);
  {
    sycl::buffer<int> ba(a.data(), sycl::range<1>(n)), bb(b.data(), sycl::range<1>(n)),
        bc(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(ba, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](auto i) { acc[i] += static_cast<int>(i[0]); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor in(ba, h, sycl::read_only);
      sycl::accessor out(bb, h, sycl::write_only);
      sycl::local_accessor<int, 1> tile(sycl::range<1>(16), h);
      h.parallel_for<NamedGeneric>(sycl::nd_range<1>(n, 16), [=](auto it) {
        const size_t l = it.get_local_id(0);
        tile[l] = in[it.get_global_id()];
        sycl::group_barrier(it.get_group());
        out[it.get_global_id()] = tile[15 - l];
      });
    });
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<step>(5);
      sycl::accessor out(bc, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](auto i, sycl::kernel_handler kh) {
        out[i] = static_cast<int>(i[0]) * kh.get_specialization_constant<step>();
      });
    });
  }
  int bad_a = 0, bad_b = 0, bad_c = 0;
  for (int i = 0; i < n; ++i) {
    bad_a += a[i] != 1 + i;
    int g = i / 16 * 16, l = i % 16;
    bad_b += b[i] != 1 + g + (15 - l);
    bad_c += c[i] != i * 5;
  }
  std::printf("unnamed generic: %d wrong\nnamed generic, nd_range: %d wrong\n"
              "generic with kernel_handler: %d wrong\n",
              bad_a, bad_b, bad_c);
  // CHECK: unnamed generic: 0 wrong
  // CHECK-NEXT: named generic, nd_range: 0 wrong
  // CHECK-NEXT: generic with kernel_handler: 0 wrong
  return bad_a + bad_b + bad_c;
}
