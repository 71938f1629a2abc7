// 0-dimensional accessors (sycl::accessor<T, 0> on a 1-element buffer) read, written and
// updated in place, in single_task and parallel_for; single_task kernels walking whole 1-D
// accessors (a running sum, a maximum into a 0-dimensional accessor, a spec constant count).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> count{10};

int main() {
  sycl::queue q;
  constexpr size_t n = 50;
  std::vector<int> data(n), prefix(n, 0), bcast(n, 0);
  for (size_t i = 0; i < n; ++i)
    data[i] = static_cast<int>((i * 37) % 101) - 50;
  int counter = 7, maximum = -1000, first_sum = 0;
  double factor = 1.5, product = 0;
  {
    sycl::buffer<int> bdata(data.data(), sycl::range<1>(n));
    sycl::buffer<int> bprefix(prefix.data(), sycl::range<1>(n));
    sycl::buffer<int> bbcast(bcast.data(), sycl::range<1>(n));
    sycl::buffer<int> bcounter(&counter, sycl::range<1>(1));
    sycl::buffer<int> bmax(&maximum, sycl::range<1>(1));
    sycl::buffer<int> bfirst(&first_sum, sycl::range<1>(1));
    sycl::buffer<double> bfactor(&factor, sycl::range<1>(1));
    sycl::buffer<double> bproduct(&product, sycl::range<1>(1));

    // Update in place through a read_write 0-dimensional accessor, three times.
    for (int k = 0; k < 3; ++k)
      q.submit([&](sycl::handler &h) {
        sycl::accessor<int, 0, sycl::access_mode::read_write> c(bcounter, h);
        h.single_task([=] {
          int v = c;
          c = v * 2 + 1;
        });
      });
    // Running sum and maximum in one single_task.
    q.submit([&](sycl::handler &h) {
      sycl::accessor in(bdata, h, sycl::read_only);
      sycl::accessor out(bprefix, h, sycl::write_only);
      sycl::accessor<int, 0, sycl::access_mode::write> mx(bmax, h);
      h.single_task([=] {
        int s = 0, m = in[0];
        for (size_t i = 0; i < in.size(); ++i) {
          s += in[i];
          out[i] = s;
          m = in[i] > m ? in[i] : m;
        }
        mx = m;
      });
    });
    // A 0-dimensional read accessor broadcast to every work-item, next to a 0-dimensional
    // double accessor written by a single work-item.
    q.submit([&](sycl::handler &h) {
      sycl::accessor<double, 0, sycl::access_mode::read> f(bfactor, h);
      sycl::accessor<int, 0, sycl::access_mode::read> mx(bmax, h);
      sycl::accessor in(bdata, h, sycl::read_only);
      sycl::accessor out(bbcast, h, sycl::write_only);
      sycl::accessor<double, 0, sycl::access_mode::write> p(bproduct, h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        double fv = f;
        int m = mx;
        out[i] = static_cast<int>(in[i] * fv) - m;
        if (i[0] == n - 1)
          p = fv * m;
      });
    });
    // A single_task reading a spec constant as its loop count.
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<count>(17);
      sycl::accessor in(bdata, h, sycl::read_only);
      sycl::accessor<int, 0, sycl::access_mode::read_write> s(bfirst, h);
      h.single_task([=](sycl::kernel_handler kh) {
        int acc = s;
        for (int i = 0; i < kh.get_specialization_constant<count>(); ++i)
          acc += in[i];
        s = acc;
      });
    });
    sycl::host_accessor<int, 0, sycl::access_mode::read> hc(bcounter);
    int c0 = hc;
    std::printf("0-dim host_accessor: %s\n", c0 == ((7 * 2 + 1) * 2 + 1) * 2 + 1 ? "ok" : "wrong");
    // CHECK: 0-dim host_accessor: ok
  }
  int want_counter = ((7 * 2 + 1) * 2 + 1) * 2 + 1;
  int s = 0, m = data[0], bad_prefix = 0, bad_bcast = 0, first = 0;
  for (size_t i = 0; i < n; ++i) {
    s += data[i];
    bad_prefix += prefix[i] != s;
    m = data[i] > m ? data[i] : m;
  }
  for (size_t i = 0; i < n; ++i)
    bad_bcast += bcast[i] != static_cast<int>(data[i] * 1.5) - m;
  for (int i = 0; i < 17; ++i)
    first += data[i];
  int bad_counter = counter != want_counter;
  int bad_max = maximum != m;
  int bad_product = product != 1.5 * m;
  int bad_first = first_sum != first;
  std::printf("0-dim read_write, three kernels: %d wrong\n", bad_counter);
  std::printf("single_task running sum: %d wrong\n", bad_prefix);
  std::printf("single_task max into 0-dim: %d wrong\n", bad_max);
  std::printf("0-dim read in parallel_for: %d wrong\n", bad_bcast);
  std::printf("0-dim double write: %d wrong\n", bad_product);
  std::printf("single_task spec constant count: %d wrong\n", bad_first);
  // CHECK-NEXT: 0-dim read_write, three kernels: 0 wrong
  // CHECK-NEXT: single_task running sum: 0 wrong
  // CHECK-NEXT: single_task max into 0-dim: 0 wrong
  // CHECK-NEXT: 0-dim read in parallel_for: 0 wrong
  // CHECK-NEXT: 0-dim double write: 0 wrong
  // CHECK-NEXT: single_task spec constant count: 0 wrong
  return bad_counter + bad_prefix + bad_max + bad_bcast + bad_product + bad_first;
}
