// Host threads submitting at once: each thread its own queue (USM and buffers), and all of them
// one shared queue, with events crossing queues; the runtime calls its adapter from every
// thread (on an NVIDIA GPU our CUDA adapter, issue 31: scripts/gpu-check runs this there).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: own queues: 0 wrong
// CHECK-NEXT: shared queue: 0 wrong
// CHECK-NEXT: cross-queue events: 0 wrong
#include <sycl/sycl.hpp>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

int main() {
  constexpr int threads = 4, rounds = 20;
  constexpr size_t n = 1024;
  sycl::queue shared_queue;
  const sycl::device device = shared_queue.get_device();
  const sycl::context context = shared_queue.get_context();
  std::atomic<long> own_wrong{0}, shared_wrong{0}, cross_wrong{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      sycl::queue own(context, device);
      int *usm = sycl::malloc_device<int>(n, own);
      std::vector<int> host(n);
      for (int r = 0; r < rounds; ++r) {
        const int base = t * 1000 + r;
        own.parallel_for<class OwnFill>(sycl::range<1>(n), [=](sycl::id<1> i) {
             usm[i] = base + static_cast<int>(i[0]);
           }).wait();
        own.memcpy(host.data(), usm, n * sizeof(int)).wait();
        for (size_t i = 0; i < n; ++i)
          own_wrong += host[i] != base + static_cast<int>(i);
        {
          sycl::buffer<int> buf(host.data(), sycl::range<1>(n));
          shared_queue.submit([&](sycl::handler &h) {
            sycl::accessor a(buf, h, sycl::read_write);
            h.parallel_for<class SharedTwice>(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] *= 2; });
          });
        }
        for (size_t i = 0; i < n; ++i)
          shared_wrong += host[i] != 2 * (base + static_cast<int>(i));
        // A kernel on the own queue, then one on the shared queue that waits for it.
        sycl::event first = own.parallel_for<class CrossFirst>(sycl::range<1>(n), [=](sycl::id<1> i) {
          usm[i] = base;
        });
        sycl::event second = shared_queue.submit([&](sycl::handler &h) {
          h.depends_on(first);
          h.parallel_for<class CrossSecond>(sycl::range<1>(n), [=](sycl::id<1> i) { usm[i] += 1; });
        });
        second.wait();
        own.memcpy(host.data(), usm, n * sizeof(int)).wait();
        for (size_t i = 0; i < n; ++i)
          cross_wrong += host[i] != base + 1;
      }
      sycl::free(usm, own);
    });
  for (auto &w : workers)
    w.join();
  std::printf("own queues: %ld wrong\n", own_wrong.load());
  std::printf("shared queue: %ld wrong\n", shared_wrong.load());
  std::printf("cross-queue events: %ld wrong\n", cross_wrong.load());
  return own_wrong + shared_wrong + cross_wrong != 0;
}
