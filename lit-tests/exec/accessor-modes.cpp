// Buffer accessors in every access mode reach the device as DPC++ passes them (memory object,
// access range, memory range, offset): read, write, read_write, write with no_init, a
// placeholder accessor, and host_accessor reads after the kernels.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr int n = 64;

int main() {
  sycl::queue q;
  std::vector<int> in(n), out(n, -1), acc_data(n), init(n, 5);
  for (int i = 0; i < n; ++i)
    in[i] = 3 * i + 1;
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> bout(out.data(), sycl::range<1>(n));
    sycl::buffer<int> bacc(acc_data.data(), sycl::range<1>(n));
    sycl::buffer<int> binit(init.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor r(bin, h, sycl::read_only);
      sycl::accessor w(bout, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { w[i] = r[i] * 2; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor rw(bacc, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { rw[i] = static_cast<int>(i[0]); });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor rw(bacc, h, sycl::read_write);
      sycl::accessor r(bin, h, sycl::read_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { rw[i] += r[i]; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor w(binit, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { w[i] = 7; });
    });
    sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device,
                   sycl::access::placeholder::true_t>
        placeholder(bacc);
    q.submit([&](sycl::handler &h) {
      h.require(placeholder);
      h.single_task([=] { placeholder[0] = 1000; });
    });
    sycl::host_accessor host(bout, sycl::read_only);
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += host[i] != 2 * in[i];
    std::printf("host_accessor: %d wrong\n", bad);
    // CHECK: host_accessor: 0 wrong
  }
  int bad_out = 0, bad_acc = 0, bad_init = 0;
  for (int i = 0; i < n; ++i) {
    bad_out += out[i] != 2 * in[i];
    bad_acc += acc_data[i] != (i == 0 ? 1000 : i + in[i]);
    bad_init += init[i] != 7;
  }
  std::printf("read/write: %d wrong\n", bad_out);
  std::printf("read_write twice and placeholder: %d wrong\n", bad_acc);
  std::printf("no_init: %d wrong\n", bad_init);
  // CHECK: read/write: 0 wrong
  // CHECK: read_write twice and placeholder: 0 wrong
  // CHECK: no_init: 0 wrong
  return bad_out + bad_acc + bad_init;
}
