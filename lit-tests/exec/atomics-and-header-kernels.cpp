// sycl::atomic_ref in the global, local and generic address spaces, with every memory order and
// scope the CPU device offers, and the kernels Intel's headers launch for handler::fill,
// queue::fill and handler::copy between accessors: every value checked against the host.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK: global atomics: 13 checked
// CHECK: local atomics: 4 checked per work-group
// CHECK: fill and copy: 6 checked
// CHECK: all values as computed on the host
#include <sycl/sycl.hpp>
#include <cstdio>

static int failures = 0;

template <typename T> static void expect(const char *what, T got, T want) {
  if (got != want) {
    std::printf("MISMATCH %s: got %lld, expected %lld\n", what, (long long)got, (long long)want);
    ++failures;
  }
}

using sycl::memory_order;
using sycl::memory_scope;
template <typename T, memory_order O = memory_order::relaxed, memory_scope S = memory_scope::device>
using global_ref = sycl::atomic_ref<T, O, S, sycl::access::address_space::global_space>;

struct Counters {
  int add, sub, min, max, cas_winners, exchanged;
  unsigned and_, or_, xor_;
  long long wide;
  float fadd;
  double dadd, dmax;
};

constexpr int N = 512;

static void global_atomics(sycl::queue &q) {
  Counters *c = sycl::malloc_shared<Counters>(1, q);
  *c = Counters{0, 1000000, 1 << 30, -(1 << 30), 0, -1, ~0u, 0u, 0u, 0, 0.0f, 0.0, -1.0};
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = int(id[0]);
     global_ref<int>(c->add).fetch_add(i);
     global_ref<int, memory_order::acq_rel>(c->sub).fetch_sub(2);
     global_ref<int, memory_order::seq_cst>(c->min).fetch_min(i - 100);
     global_ref<int, memory_order::relaxed, memory_scope::system>(c->max).fetch_max(i * 3);
     global_ref<unsigned>(c->and_).fetch_and(~(1u << (i % 32)) | (i >= 32 ? ~0u : 0u));
     global_ref<unsigned, memory_order::relaxed, memory_scope::work_group>(c->or_) |= 1u << (i % 17);
     global_ref<unsigned>(c->xor_) ^= unsigned(i);
     global_ref<long long>(c->wide) += (1LL << 33) + i;
     global_ref<float>(c->fadd) += 0.5f;
     global_ref<double, memory_order::acq_rel>(c->dadd).fetch_add(0.25);
     global_ref<double>(c->dmax).fetch_max(double(i) / 4);
     int expected = 0;
     // Exactly one work-item swaps 0 for 1.
     sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device> cas(c->cas_winners);
     if (cas.compare_exchange_strong(expected, 1, memory_order::acq_rel))
       global_ref<int>(c->exchanged).exchange(i);
   }).wait();
  long long wide = 0;
  unsigned x = 0;
  for (int i = 0; i < N; ++i) {
    wide += (1LL << 33) + i;
    x ^= unsigned(i);
  }
  expect("fetch_add", c->add, N * (N - 1) / 2);
  expect("fetch_sub", c->sub, 1000000 - 2 * N);
  expect("fetch_min", c->min, -100);
  expect("fetch_max", c->max, (N - 1) * 3);
  expect("fetch_and", c->and_, 0u);
  expect("fetch_or", c->or_, (1u << 17) - 1);
  expect("fetch_xor", c->xor_, x);
  expect("64-bit add", c->wide, wide);
  expect("float add (x2)", (long long)(c->fadd * 2), (long long)N);
  expect("double add (x4)", (long long)(c->dadd * 4), (long long)N);
  expect("double max (x4)", (long long)(c->dmax * 4), (long long)(N - 1));
  expect("compare_exchange winners", c->cas_winners, 1);
  expect("exchange by the winner", c->exchanged >= 0 && c->exchanged < N, true);
  std::printf("global atomics: 13 checked\n");
  sycl::free(c, q);
}

static void local_atomics(sycl::queue &q) {
  constexpr int WG = 64, GROUPS = 4;
  long *out = sycl::malloc_shared<long>(GROUPS * 4, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> sums(3, h);
     sycl::local_accessor<float, 1> fsum(1, h);
     h.parallel_for(sycl::nd_range<1>(WG * GROUPS, WG), [=](sycl::nd_item<1> it) {
       int lid = int(it.get_local_id(0));
       if (lid == 0) {
         sums[0] = 0;
         sums[1] = 1 << 20;
         sums[2] = 0;
         fsum[0] = 0.0f;
       }
       sycl::group_barrier(it.get_group());
       using local_int = sycl::atomic_ref<int, memory_order::relaxed, memory_scope::work_group,
                                          sycl::access::address_space::local_space>;
       local_int(sums[0]).fetch_add(lid + 1);
       local_int(sums[1]).fetch_min(lid + int(it.get_group(0)));
       // A generic-space reference to local memory.
       sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::work_group> generic(sums[2]);
       generic.fetch_max(lid * 2);
       sycl::atomic_ref<float, memory_order::relaxed, memory_scope::work_group,
                        sycl::access::address_space::local_space>(fsum[0]) += 1.5f;
       sycl::group_barrier(it.get_group());
       if (lid == 0) {
         long *o = out + it.get_group(0) * 4;
         o[0] = sums[0];
         o[1] = sums[1];
         o[2] = sums[2];
         o[3] = long(fsum[0] * 2);
       }
     });
   }).wait();
  for (int g = 0; g < GROUPS; ++g) {
    expect("local fetch_add", out[g * 4], long(WG * (WG + 1) / 2));
    expect("local fetch_min", out[g * 4 + 1], long(g));
    expect("generic fetch_max", out[g * 4 + 2], long((WG - 1) * 2));
    expect("local float add (x2)", out[g * 4 + 3], long(WG * 3));
  }
  std::printf("local atomics: 4 checked per work-group\n");
  sycl::free(out, q);
}

static void fill_and_copy(sycl::queue &q) {
  constexpr int M = 100;
  int *usm = sycl::malloc_shared<int>(M, q);
  q.fill(usm, 42, M).wait();
  int host[M], copied[M];
  for (int i = 0; i < M; ++i)
    host[i] = i * i;
  {
    sycl::buffer<int, 1> a{host, M};
    sycl::buffer<int, 1> b{M};
    sycl::buffer<double, 2> d{sycl::range<2>(4, 8)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor out{d, h, sycl::write_only};
      h.fill(out, 2.5);
    });
    // accessor -> accessor, then accessor -> pointer.
    q.submit([&](sycl::handler &h) {
      sycl::accessor src{a, h, sycl::read_only};
      sycl::accessor dst{b, h, sycl::write_only};
      h.copy(src, dst);
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor src{b, h, sycl::read_only};
      h.copy(src, copied);
    });
    // pointer -> accessor: USM's 42s into the first half of a.
    q.submit([&](sycl::handler &h) {
      sycl::accessor dst{a, h, sycl::range<1>(M / 2), sycl::write_only};
      h.copy(usm, dst);
    });
    sycl::host_accessor filled{d, sycl::read_only};
    double total = 0;
    for (int r = 0; r < 4; ++r)
      for (int col = 0; col < 8; ++col)
        total += filled[r][col];
    expect("handler::fill 2D (sum)", (long)total, 80L);
  }
  q.wait();
  long usm_sum = 0, copy_sum = 0, copy_want = 0, first_half = 0, second_half = 0, half_want = 0;
  for (int i = 0; i < M; ++i) {
    usm_sum += usm[i];
    copy_sum += copied[i];
    copy_want += i * i;
    (i < M / 2 ? first_half : second_half) += host[i];
    if (i >= M / 2)
      half_want += i * i;
  }
  expect("queue::fill", usm_sum, 42L * M);
  expect("handler::copy accessor->accessor->pointer", copy_sum, copy_want);
  expect("handler::copy pointer->accessor", first_half, 42L * (M / 2));
  expect("untouched half", second_half, half_want);
  int *dst = sycl::malloc_shared<int>(M, q);
  q.copy(usm, dst, M).wait();
  long dst_sum = 0;
  for (int i = 0; i < M; ++i)
    dst_sum += dst[i];
  expect("queue::copy", dst_sum, 42L * M);
  std::printf("fill and copy: 6 checked\n");
  sycl::free(usm, q);
  sycl::free(dst, q);
}

int main() {
  sycl::queue q;
  global_atomics(q);
  local_atomics(q);
  fill_and_copy(q);
  if (failures) {
    std::printf("%d mismatches\n", failures);
    return 1;
  }
  std::printf("all values as computed on the host\n");
  return 0;
}
