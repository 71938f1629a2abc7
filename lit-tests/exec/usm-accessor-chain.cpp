// USM pointers (shared and device) and buffer accessors in the same kernels, and a chain of
// kernels over the same buffers whose order the runtime derives from the accessors (USM
// dependencies through events); host_accessor reads and a host_accessor write between kernels.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> factor{2};

int main() {
  sycl::queue q;
  constexpr size_t n = 128;
  int *shared_in = sycl::malloc_shared<int>(n, q);
  int *dev = sycl::malloc_device<int>(n, q);
  long long *shared_out = sycl::malloc_shared<long long>(n, q);
  for (size_t i = 0; i < n; ++i)
    shared_in[i] = static_cast<int>(i % 17) - 8;
  std::vector<int> a(n, 0), b(n, 0);
  // Host model of every step.
  std::vector<int> ma(n), mb(n), mdev(n);
  std::vector<long long> mout(n);
  int bad_mid1 = 0, bad_mid2 = 0;
  {
    sycl::buffer<int> ba(a.data(), sycl::range<1>(n));
    sycl::buffer<int> bb(b.data(), sycl::range<1>(n));
    // 1: shared USM in, accessor out.
    q.submit([&](sycl::handler &h) {
      sycl::accessor wa(ba, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { wa[i] = shared_in[i] * 3 + 1; });
    });
    for (size_t i = 0; i < n; ++i)
      ma[i] = shared_in[i] * 3 + 1;
    // 2: accessor in, device USM and another accessor out; a spec constant.
    sycl::event e2 = q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<factor>(5);
      sycl::accessor ra(ba, h, sycl::read_only);
      sycl::accessor wb(bb, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        int f = kh.get_specialization_constant<factor>();
        dev[i] = ra[i] * f;
        wb[i] = ra[n - 1 - i[0]] - static_cast<int>(i[0]);
      });
    });
    for (size_t i = 0; i < n; ++i) {
      mdev[i] = ma[i] * 5;
      mb[i] = ma[n - 1 - i] - static_cast<int>(i);
    }
    // Read both buffers on the host between kernels.
    {
      sycl::host_accessor ha(ba, sycl::read_only);
      sycl::host_accessor hb(bb, sycl::read_only);
      for (size_t i = 0; i < n; ++i)
        bad_mid1 += ha[i] != ma[i] || hb[i] != mb[i];
    }
    // 3: device USM (after e2) and both buffers read_write, shared USM out.
    q.submit([&](sycl::handler &h) {
      h.depends_on(e2);
      sycl::accessor rwa(ba, h, sycl::read_write);
      sycl::accessor rwb(bb, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        int t = rwa[i];
        rwa[i] = rwb[i] + dev[i];
        rwb[i] = t - dev[i];
        shared_out[i] = static_cast<long long>(rwa[i]) * rwb[i];
      });
    });
    for (size_t i = 0; i < n; ++i) {
      int t = ma[i];
      ma[i] = mb[i] + mdev[i];
      mb[i] = t - mdev[i];
      mout[i] = static_cast<long long>(ma[i]) * mb[i];
    }
    // Change b on the host between kernels.
    {
      sycl::host_accessor hb(bb, sycl::read_write);
      for (size_t i = 0; i < n; i += 3)
        hb[i] = -hb[i];
    }
    for (size_t i = 0; i < n; i += 3)
      mb[i] = -mb[i];
    {
      sycl::host_accessor ha(ba, sycl::read_only);
      for (size_t i = 0; i < n; ++i)
        bad_mid2 += ha[i] != ma[i];
    }
    // 4 and 5: two kernels on the same buffers with no host wait between them.
    q.submit([&](sycl::handler &h) {
      sycl::accessor rb(bb, h, sycl::read_only);
      sycl::accessor rwa(ba, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { rwa[i] += rb[i]; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor ra(ba, h, sycl::read_only);
      sycl::accessor wb(bb, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { wb[i] = ra[i] * 2 + shared_in[i]; });
    });
    for (size_t i = 0; i < n; ++i) {
      ma[i] += mb[i];
      mb[i] = ma[i] * 2 + shared_in[i];
    }
  }
  q.wait();
  std::vector<int> dev_host(n);
  q.memcpy(dev_host.data(), dev, n * sizeof(int)).wait();
  int bad_a = 0, bad_b = 0, bad_dev = 0, bad_out = 0;
  for (size_t i = 0; i < n; ++i) {
    bad_a += a[i] != ma[i];
    bad_b += b[i] != mb[i];
    bad_dev += dev_host[i] != mdev[i];
    bad_out += shared_out[i] != mout[i];
  }
  std::printf("host_accessor after two kernels: %d wrong\n", bad_mid1);
  std::printf("host_accessor after USM and accessor kernel: %d wrong\n", bad_mid2);
  std::printf("device USM written next to accessors: %d wrong\n", bad_dev);
  std::printf("shared USM written from accessors: %d wrong\n", bad_out);
  std::printf("buffer a at the end: %d wrong\n", bad_a);
  std::printf("buffer b at the end: %d wrong\n", bad_b);
  // CHECK: host_accessor after two kernels: 0 wrong
  // CHECK-NEXT: host_accessor after USM and accessor kernel: 0 wrong
  // CHECK-NEXT: device USM written next to accessors: 0 wrong
  // CHECK-NEXT: shared USM written from accessors: 0 wrong
  // CHECK-NEXT: buffer a at the end: 0 wrong
  // CHECK-NEXT: buffer b at the end: 0 wrong
  sycl::free(shared_in, q);
  sycl::free(dev, q);
  sycl::free(shared_out, q);
  return bad_mid1 + bad_mid2 + bad_dev + bad_out + bad_a + bad_b;
}
