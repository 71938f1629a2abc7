// SYCL 2020 group algorithms over work-groups and sub-groups, sub-group queries and shuffles,
// computed on the CPU device and every work-item's value checked against the host's. Before
// issue 21 the device compile failed in Intel's headers (use of undeclared identifier
// '__spirv_GroupIAdd', '__spirv_GroupAll', '__spirv_GroupNonUniformShuffle', ...).
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// At -O0 too (unoptimised device code has its calls inlined: before, Intel's CPU compiler did
// not finish building the joint_reduce kernel, > 4 minutes of CPU).
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 -Wno-deprecated-declarations %s -o %t/app-O0
// RUN: %t/app-O0 | FileCheck %s
// CHECK: work-group algorithms: 21 results per work-item checked
// CHECK: sub-group algorithms: 15 results per work-item checked
// CHECK: joint_reduce: 3 checked
// CHECK: sub_group_mask: 2 results per work-item checked
// CHECK: all values as computed on the host
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

constexpr int N = 256;  // work-items
constexpr int WG = 64;  // work-group size
constexpr int WG_RESULTS = 21;
constexpr int SG_RESULTS = 15;

static int failures = 0;

static void expect(const char *what, int item, long got, long want) {
  if (got != want && failures++ < 20)
    std::printf("MISMATCH %s at %d: got %ld, expected %ld\n", what, item, got, want);
}

// The value each work-item contributes.
static int value_of(int gid) { return (gid * 7919) % 97 - 40; }

// Host: op over the items [first, last) of `values`.
template <typename Op> static long fold(const std::vector<long> &values, int first, int last, long init, Op op) {
  long acc = init;
  for (int i = first; i < last; ++i)
    acc = op(acc, values[i]);
  return acc;
}

static void work_groups(sycl::queue &q) {
  long *out = sycl::malloc_shared<long>(N * WG_RESULTS, q);
  float *fout = sycl::malloc_shared<float>(N * 2, q);
  q.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     int gid = int(it.get_global_id(0));
     int lid = int(it.get_local_id(0));
     int x = (gid * 7919) % 97 - 40;
     unsigned u = unsigned(x + 40) * 2654435761u;
     long *o = out + gid * WG_RESULTS;
     o[0] = sycl::reduce_over_group(g, x, sycl::plus<int>());
     o[1] = sycl::reduce_over_group(g, x, sycl::minimum<int>());
     o[2] = sycl::reduce_over_group(g, x, sycl::maximum<int>());
     o[3] = sycl::reduce_over_group(g, x, 1000, sycl::plus<int>());
     o[4] = sycl::reduce_over_group(g, long(x) << 33, sycl::plus<long>()) >> 33;
     o[5] = sycl::reduce_over_group(g, u, sycl::bit_or<unsigned>());
     o[6] = sycl::reduce_over_group(g, u, sycl::bit_and<unsigned>());
     o[7] = sycl::reduce_over_group(g, u, sycl::bit_xor<unsigned>());
     o[8] = sycl::reduce_over_group(g, x > -35, sycl::logical_and<bool>());
     o[9] = sycl::reduce_over_group(g, x > 50, sycl::logical_or<bool>());
     o[10] = sycl::exclusive_scan_over_group(g, x, sycl::plus<int>());
     o[11] = sycl::inclusive_scan_over_group(g, x, sycl::plus<int>());
     o[12] = sycl::inclusive_scan_over_group(g, x, sycl::maximum<int>());
     o[13] = sycl::exclusive_scan_over_group(g, x, 5, sycl::minimum<int>());
     o[14] = sycl::inclusive_scan_over_group(g, x, sycl::plus<int>(), -7);
     o[15] = sycl::any_of_group(g, x == 55);
     o[16] = sycl::all_of_group(g, x < 57);
     o[17] = sycl::none_of_group(g, x == -41);
     o[18] = sycl::group_broadcast(g, x);
     o[19] = sycl::group_broadcast(g, x, 17);
     o[20] = sycl::inclusive_scan_over_group(g, x % 2 != 0, sycl::logical_or<bool>());
     fout[gid * 2] = sycl::reduce_over_group(g, float(x) * 0.5f, sycl::plus<float>());
     fout[gid * 2 + 1] = sycl::inclusive_scan_over_group(g, float(lid), sycl::maximum<float>());
   }).wait();

  std::vector<long> v(N);
  std::vector<long> bits(N);
  for (int i = 0; i < N; ++i) {
    v[i] = value_of(i);
    bits[i] = long(unsigned(v[i] + 40) * 2654435761u);
  }
  auto plus = std::plus<long>();
  auto lmin = [](long a, long b) { return std::min(a, b); };
  auto lmax = [](long a, long b) { return std::max(a, b); };
  for (int i = 0; i < N; ++i) {
    int first = i / WG * WG, last = first + WG;
    long *o = out + i * WG_RESULTS;
    expect("reduce plus", i, o[0], fold(v, first, last, 0, plus));
    expect("reduce minimum", i, o[1], fold(v, first, last, 1000, lmin));
    expect("reduce maximum", i, o[2], fold(v, first, last, -1000, lmax));
    expect("reduce plus init", i, o[3], fold(v, first, last, 1000, plus));
    expect("reduce plus long", i, o[4], fold(v, first, last, 0, plus));
    expect("reduce bit_or", i, o[5], fold(bits, first, last, 0, [](long a, long b) { return long(unsigned(a) | unsigned(b)); }));
    expect("reduce bit_and", i, o[6], fold(bits, first, last, long(~0u), [](long a, long b) { return long(unsigned(a) & unsigned(b)); }));
    expect("reduce bit_xor", i, o[7], fold(bits, first, last, 0, [](long a, long b) { return long(unsigned(a) ^ unsigned(b)); }));
    expect("reduce logical_and", i, o[8], fold(v, first, last, 1, [](long a, long b) { return long(a && b > -35); }));
    expect("reduce logical_or", i, o[9], fold(v, first, last, 0, [](long a, long b) { return long(a || b > 50); }));
    expect("exclusive scan plus", i, o[10], fold(v, first, i, 0, plus));
    expect("inclusive scan plus", i, o[11], fold(v, first, i + 1, 0, plus));
    expect("inclusive scan maximum", i, o[12], fold(v, first, i + 1, -1000, lmax));
    expect("exclusive scan minimum init", i, o[13], fold(v, first, i, 5, lmin));
    expect("inclusive scan plus init", i, o[14], fold(v, first, i + 1, -7, plus));
    expect("any_of_group", i, o[15], fold(v, first, last, 0, [](long a, long b) { return long(a || b == 55); }));
    expect("all_of_group", i, o[16], fold(v, first, last, 1, [](long a, long b) { return long(a && b < 57); }));
    expect("none_of_group", i, o[17], fold(v, first, last, 1, [](long a, long b) { return long(a && b != -41); }));
    expect("group_broadcast", i, o[18], v[first]);
    expect("group_broadcast 17", i, o[19], v[first + 17]);
    expect("inclusive scan logical_or", i, o[20], fold(v, first, i + 1, 0, [](long a, long b) { return long(a || b % 2 != 0); }));
    float fsum = 0.0f;
    for (int j = first; j < last; ++j)
      fsum += float(v[j]) * 0.5f;
    expect("reduce plus float (x2)", i, long(fout[i * 2] * 2.0f), long(fsum * 2.0f));
    expect("inclusive scan maximum float", i, long(fout[i * 2 + 1]), i - first);
  }
  std::printf("work-group algorithms: %d results per work-item checked\n", WG_RESULTS);
  sycl::free(out, q);
  sycl::free(fout, q);
}

static void sub_groups(sycl::queue &q) {
  long *out = sycl::malloc_shared<long>(N * SG_RESULTS, q);
  q.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
     sycl::sub_group sg = it.get_sub_group();
     int gid = int(it.get_global_id(0));
     int x = (gid * 7919) % 97 - 40;
     long *o = out + gid * SG_RESULTS;
     o[0] = sg.get_local_linear_id();
     o[1] = sg.get_local_linear_range();
     o[2] = sg.get_max_local_range()[0];
     o[3] = sg.get_group_linear_id();
     o[4] = sg.get_group_linear_range();
     o[5] = sycl::reduce_over_group(sg, x, sycl::plus<int>());
     o[6] = sycl::exclusive_scan_over_group(sg, x, sycl::plus<int>());
     o[7] = sycl::inclusive_scan_over_group(sg, x, sycl::minimum<int>());
     o[8] = sycl::group_broadcast(sg, x, 1);
     o[9] = sycl::select_from_group(sg, x, (sg.get_local_linear_id() + 3) % sg.get_local_linear_range());
     o[10] = sycl::shift_group_left(sg, x, 2);
     o[11] = sycl::shift_group_right(sg, x, 1);
     o[12] = sycl::permute_group_by_xor(sg, x, 1);
     o[13] = sycl::any_of_group(sg, x == 31) + 2 * sycl::all_of_group(sg, x > -41);
     o[14] = sycl::reduce_over_group(sg, double(x) * 0.25, sycl::maximum<double>()) * 4;
   }).wait();

  std::vector<long> v(N);
  for (int i = 0; i < N; ++i)
    v[i] = value_of(i);
  for (int i = 0; i < N; ++i) {
    long *o = out + i * SG_RESULTS;
    long local = o[0], size = o[1];
    // The sub-group's work-items are contiguous in the work-group, in local-id order.
    int first = int(i - local), last = int(first + size);
    expect("sub-group size within max", i, size <= o[2] && size > 0, 1);
    expect("sub-group id", i, o[3], (i % WG) / o[2]);
    expect("sub-group count", i, o[4], (WG + o[2] - 1) / o[2]);
    expect("sub-group reduce plus", i, o[5], fold(v, first, last, 0, std::plus<long>()));
    expect("sub-group exclusive scan", i, o[6], fold(v, first, i, 0, std::plus<long>()));
    expect("sub-group inclusive scan min", i, o[7], fold(v, first, i + 1, 1000, [](long a, long b) { return std::min(a, b); }));
    expect("sub-group broadcast", i, o[8], v[first + 1]);
    expect("select_from_group", i, o[9], v[first + (local + 3) % size]);
    if (local + 2 < size)
      expect("shift_group_left", i, o[10], v[i + 2]);
    if (local >= 1)
      expect("shift_group_right", i, o[11], v[i - 1]);
    expect("permute_group_by_xor", i, o[12], v[first + (local ^ 1)]);
    long any = 0, all = 1;
    for (int j = first; j < last; ++j) {
      any |= v[j] == 31;
      all &= v[j] > -41;
    }
    expect("sub-group any/all", i, o[13], any + 2 * all);
    expect("sub-group reduce max double", i, o[14], fold(v, first, last, -1000, [](long a, long b) { return std::max(a, b); }));
  }
  std::printf("sub-group algorithms: %d results per work-item checked\n", SG_RESULTS);
  sycl::free(out, q);
}

static void joint(sycl::queue &q) {
  constexpr int M = 300;
  int *data = sycl::malloc_shared<int>(M, q);
  long *out = sycl::malloc_shared<long>(3 * 2, q);
  for (int i = 0; i < M; ++i)
    data[i] = value_of(i * 3);
  q.parallel_for(sycl::nd_range<1>(2 * 32, 32), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     long *o = out + g.get_group_linear_id() * 3;
     int r0 = sycl::joint_reduce(g, data, data + M, sycl::plus<int>());
     int r1 = sycl::joint_reduce(g, data + 10, data + 250, sycl::maximum<int>());
     long r2 = sycl::joint_reduce(g, data, data + M, 100000L, sycl::plus<long>());
     if (g.leader()) {
       o[0] = r0;
       o[1] = r1;
       o[2] = r2;
     }
   }).wait();
  long sum = 0, max = -1000;
  for (int i = 0; i < M; ++i)
    sum += data[i];
  for (int i = 10; i < 250; ++i)
    max = std::max(max, long(data[i]));
  for (int g = 0; g < 2; ++g) {
    expect("joint_reduce plus", g, out[g * 3], sum);
    expect("joint_reduce maximum", g, out[g * 3 + 1], max);
    expect("joint_reduce plus init", g, out[g * 3 + 2], sum + 100000);
  }
  std::printf("joint_reduce: 3 checked\n");
  sycl::free(data, q);
  sycl::free(out, q);
}

// sub_group_mask from group_ballot (OpGroupNonUniformBallot, BallotBitCount): the count and
// each work-item's own bit, for a predicate true on every third work-item of a sub-group.
static void ballots(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(3 * N, q);
  q.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
     auto sg = it.get_sub_group();
     auto lid = sg.get_local_linear_id();
     auto mask = sycl::ext::oneapi::group_ballot(sg, lid % 3 == 0);
     int i = int(it.get_global_linear_id());
     out[3 * i] = int(mask.count());
     out[3 * i + 1] = mask[lid];
     out[3 * i + 2] = int(sg.get_local_linear_range());
   }).wait();
  for (int i = 0; i < N; ++i) {
    const int size = out[3 * i + 2];
    const int lid = (i % WG) % size; // sub-groups tile the work-group in order
    expect("ballot count", i, out[3 * i], (size + 2) / 3);
    expect("ballot own bit", i, out[3 * i + 1], lid % 3 == 0);
  }
  std::printf("sub_group_mask: 2 results per work-item checked\n");
  sycl::free(out, q);
}

int main() {
  sycl::queue q;
  work_groups(q);
  sub_groups(q);
  joint(q);
  ballots(q);
  if (failures) {
    std::printf("%d mismatches\n", failures);
    return 1;
  }
  std::printf("all values as computed on the host\n");
  return 0;
}
