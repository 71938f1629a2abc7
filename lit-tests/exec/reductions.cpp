// sycl::reduction over range and nd_range, every strategy Intel's headers pick on the CPU
// device and every one a program can force: the kernels the headers launch on the user's
// behalf (several per reduction) are described, wrapped and run, and each result is checked
// against the host's. Built before issue 21 it failed in the device compile
// (sycl/detail/spirv.hpp: use of undeclared identifier '__spirv_GroupIAdd').
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK: range plus<int> usm: 499500
// CHECK: range bit_or buffer: 1023
// CHECK: range identityless: 997
// CHECK: range 2D minimum<float>: -17.5
// CHECK: range two reductions: 5050 100
// CHECK: range initialize_to_identity: 4950
// CHECK: nd_range plus<int>: 130816
// CHECK: nd_range bit_xor: 0
// CHECK: nd_range plus<double>: 1280
// CHECK: nd_range multiplies<long>: 3628800
// CHECK: nd_range maximum buffer: 511
// CHECK: nd_range three reductions: 32640 255 0
// CHECK: forced strategies: 8 checked
// CHECK: all 23 checks passed
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstdlib>

static int failures = 0;
static int checks = 0;

template <typename T> static void check(const char *what, T got, T expected) {
  ++checks;
  if (got != expected) {
    std::printf("MISMATCH %s: got %lld, expected %lld\n", what, (long long)got,
                (long long)expected);
    ++failures;
  }
}

// No identity the headers know: the reduction runs the identityless strategies.
struct AbsMax {
  int operator()(int a, int b) const { return std::abs(a) > std::abs(b) ? a : b; }
};

namespace strat = sycl::detail::reduction;
template <strat::strategy S> class Forced;

// One nd_range reduction forced to strategy S (sum of 0..n-1, on top of an initial 7).
template <strat::strategy S> static void forced(sycl::queue &q, int *out) {
  *out = 7;
  q.submit([&](sycl::handler &h) {
     sycl::detail::reduction_parallel_for<Forced<S>, S>(
         h, sycl::nd_range<1>(256, 32), sycl::ext::oneapi::experimental::empty_properties_t{},
         sycl::reduction(out, sycl::plus<int>()),
         [=](sycl::nd_item<1> it, auto &sum) { sum += int(it.get_global_id(0)); });
   }).wait();
  check("forced strategy", *out, 7 + 255 * 256 / 2);
}

static void ranges(sycl::queue &q) {
  int *isum = sycl::malloc_shared<int>(1, q);
  *isum = 0;
  q.parallel_for(sycl::range<1>(1000), sycl::reduction(isum, sycl::plus<int>()),
                 [=](sycl::id<1> i, auto &s) { s += int(i[0]); })
      .wait();
  std::printf("range plus<int> usm: %d\n", *isum);
  check("range plus", *isum, 499500);

  unsigned bits_host = 0;
  {
    sycl::buffer<unsigned, 1> bits{&bits_host, 1};
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::range<1>(10), sycl::reduction(bits, h, sycl::bit_or<unsigned>()),
                     [=](sycl::id<1> i, auto &b) { b |= 1u << i[0]; });
    });
  }
  std::printf("range bit_or buffer: %u\n", bits_host);
  check("range bit_or", bits_host, 1023u);

  int *values = sycl::malloc_shared<int>(100, q);
  int *absmax = sycl::malloc_shared<int>(1, q);
  for (int i = 0; i < 100; ++i)
    values[i] = (i * 37) % 101 - 50;
  values[42] = 997;
  values[77] = -996;
  *absmax = 3;
  q.parallel_for(sycl::range<1>(100), sycl::reduction(absmax, AbsMax{}),
                 [=](sycl::id<1> i, auto &m) { m.combine(values[i]); })
      .wait();
  std::printf("range identityless: %d\n", *absmax);
  check("range identityless", *absmax, 997);

  float *fmin = sycl::malloc_shared<float>(1, q);
  *fmin = 100.0f;
  q.parallel_for(sycl::range<2>(8, 16), sycl::reduction(fmin, sycl::minimum<float>()),
                 [=](sycl::item<2> it, auto &m) {
                   m.combine(float(it[0] * 16 + it[1]) * 0.5f - 17.5f - float(it[0] == 0));
                 })
      .wait();
  // Item (0, 0) contributes -17.5 - 1.
  std::printf("range 2D minimum<float>: %.1f\n", *fmin + 1.0f);
  check("range 2D minimum", *fmin, -18.5f);

  int *sum = sycl::malloc_shared<int>(1, q);
  int *max = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  *max = -1;
  q.parallel_for(sycl::range<1>(101), sycl::reduction(sum, sycl::plus<int>()),
                 sycl::reduction(max, sycl::maximum<int>()),
                 [=](sycl::id<1> i, auto &s, auto &m) {
                   s += int(i[0]);
                   m.combine(int(i[0]));
                 })
      .wait();
  std::printf("range two reductions: %d %d\n", *sum, *max);
  check("range two reductions (sum)", *sum, 5050);
  check("range two reductions (max)", *max, 100);

  *sum = 123456;
  q.parallel_for(sycl::range<1>(100),
                 sycl::reduction(sum, sycl::plus<int>(),
                                 sycl::property::reduction::initialize_to_identity()),
                 [=](sycl::id<1> i, auto &s) { s += int(i[0]); })
      .wait();
  std::printf("range initialize_to_identity: %d\n", *sum);
  check("range initialize_to_identity", *sum, 4950);
  sycl::free(isum, q);
  sycl::free(values, q);
  sycl::free(absmax, q);
  sycl::free(fmin, q);
  sycl::free(sum, q);
  sycl::free(max, q);
}

static void nd_ranges(sycl::queue &q) {
  int *isum = sycl::malloc_shared<int>(1, q);
  *isum = 0;
  q.parallel_for(sycl::nd_range<1>(512, 64), sycl::reduction(isum, sycl::plus<int>()),
                 [=](sycl::nd_item<1> it, auto &s) { s += int(it.get_global_linear_id()); })
      .wait();
  std::printf("nd_range plus<int>: %d\n", *isum);
  check("nd_range plus", *isum, 511 * 512 / 2);

  // Every value twice: the exclusive or of all of them is 0.
  unsigned *x = sycl::malloc_shared<unsigned>(1, q);
  *x = 0;
  q.parallel_for(sycl::nd_range<1>(256, 32), sycl::reduction(x, sycl::bit_xor<unsigned>()),
                 [=](sycl::nd_item<1> it, auto &r) { r ^= unsigned(it.get_global_id(0) / 2) * 2654435761u; })
      .wait();
  std::printf("nd_range bit_xor: %u\n", *x);
  check("nd_range bit_xor", *x, 0u);

  double *d = sycl::malloc_shared<double>(1, q);
  *d = 0.0;
  q.parallel_for(sycl::nd_range<2>({16, 32}, {4, 8}), sycl::reduction(d, sycl::plus<double>()),
                 [=](sycl::nd_item<2> it, auto &s) { s += 2.5; })
      .wait();
  std::printf("nd_range plus<double>: %.0f\n", *d);
  check("nd_range plus<double>", *d, 1280.0);

  long *product = sycl::malloc_shared<long>(1, q);
  *product = 1;
  q.parallel_for(sycl::nd_range<1>(16, 4), sycl::reduction(product, sycl::multiplies<long>()),
                 [=](sycl::nd_item<1> it, auto &p) {
                   long i = long(it.get_global_id(0));
                   p *= i < 10 ? i + 1 : 1;
                 })
      .wait();
  std::printf("nd_range multiplies<long>: %ld\n", *product);
  check("nd_range multiplies", *product, 3628800L);

  int host_max = -5;
  {
    sycl::buffer<int, 1> out{&host_max, 1};
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::nd_range<1>(512, 128), sycl::reduction(out, h, sycl::maximum<int>()),
                     [=](sycl::nd_item<1> it, auto &m) { m.combine(int(it.get_global_id(0))); });
    });
  }
  std::printf("nd_range maximum buffer: %d\n", host_max);
  check("nd_range maximum buffer", host_max, 511);

  int *s = sycl::malloc_shared<int>(1, q);
  int *m = sycl::malloc_shared<int>(1, q);
  int *a = sycl::malloc_shared<int>(1, q);
  *s = 0;
  *m = 0;
  *a = 5;
  q.parallel_for(sycl::nd_range<1>(256, 16), sycl::reduction(s, sycl::plus<int>()),
                 sycl::reduction(m, sycl::maximum<int>()), sycl::reduction(a, AbsMax{}),
                 [=](sycl::nd_item<1> it, auto &sum, auto &max, auto &abs) {
                   int i = int(it.get_global_id(0));
                   sum += i;
                   max.combine(i);
                   abs.combine(i % 2 ? 0 : -1 + 1);
                 })
      .wait();
  std::printf("nd_range three reductions: %d %d %d\n", *s, *m, *a - 5);
  check("three reductions (sum)", *s, 32640);
  check("three reductions (max)", *m, 255);
  check("three reductions (identityless)", *a, 5);

  int *f = sycl::malloc_shared<int>(1, q);
  forced<strat::strategy::group_reduce_and_last_wg_detection>(q, f);
  forced<strat::strategy::local_atomic_and_atomic_cross_wg>(q, f);
  forced<strat::strategy::range_basic>(q, f);
  forced<strat::strategy::group_reduce_and_atomic_cross_wg>(q, f);
  forced<strat::strategy::local_mem_tree_and_atomic_cross_wg>(q, f);
  forced<strat::strategy::group_reduce_and_multiple_kernels>(q, f);
  forced<strat::strategy::basic>(q, f);
  forced<strat::strategy::multi>(q, f);
  std::printf("forced strategies: 8 checked\n");
  for (void *p : {(void *)isum, (void *)x, (void *)d, (void *)product, (void *)s, (void *)m,
                  (void *)a, (void *)f})
    sycl::free(p, q);
}

int main() {
  sycl::queue q;
  ranges(q);
  nd_ranges(q);
  if (failures) {
    std::printf("%d of %d checks failed\n", failures, checks);
    return 1;
  }
  std::printf("all %d checks passed\n", checks);
  return 0;
}
