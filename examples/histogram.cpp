// A histogram whose bin count is a SYCL 2020 specialization constant, built with sycl-clang++ and
// run on Intel's SYCL runtime (OpenCL CPU device). One kernel reads the bin count from its
// kernel_handler and counts values into bins with atomic_ref; a second one summarises the bins
// with two sycl::reductions (the total, which must be the number of values, and the fullest
// bin). It runs with the default bin count and with one set at run time; every number is
// checked against a host computation, and the exit status says whether all matched.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> bin_count{8};
constexpr int max_bins = 64;
constexpr int n_values = 10000;

struct Summary {
  int total;
  int fullest;
};

// A value in [0, 1) from i, spread unevenly so that bins differ.
static float value_of(int i) {
  unsigned h = unsigned(i) * 2654435761u;
  float u = float(h >> 8) / float(1u << 24);
  return u * u;
}

static bool run(sycl::queue &q, const float *values, int *bins, int requested_bins) {
  q.fill(bins, 0, max_bins).wait();
  q.submit([&](sycl::handler &h) {
     if (requested_bins > 0)
       h.set_specialization_constant<bin_count>(requested_bins);
     h.parallel_for(sycl::range<1>(n_values), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       int count = kh.get_specialization_constant<bin_count>();
       int bin = sycl::min(int(values[i] * float(count)), count - 1);
       sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(bins[bin]) += 1;
     });
   }).wait();

  Summary *summary = sycl::malloc_shared<Summary>(1, q);
  *summary = Summary{0, 0};
  q.parallel_for(sycl::range<1>(max_bins), sycl::reduction(&summary->total, sycl::plus<int>()),
                 sycl::reduction(&summary->fullest, sycl::maximum<int>()),
                 [=](sycl::id<1> b, auto &total, auto &fullest) {
                   total += bins[b];
                   fullest.combine(bins[b]);
                 })
      .wait();

  int count = requested_bins > 0 ? requested_bins : 8;
  std::vector<int> expected(max_bins, 0);
  for (int i = 0; i < n_values; ++i)
    ++expected[std::min(int(value_of(i) * float(count)), count - 1)];
  int fullest = 0;
  bool ok = summary->total == n_values;
  std::printf("%2d bins:", count);
  for (int b = 0; b < count; ++b) {
    std::printf(" %d", bins[b]);
    ok = ok && bins[b] == expected[b];
    fullest = std::max(fullest, expected[b]);
  }
  ok = ok && summary->fullest == fullest;
  std::printf("\n         total %d, fullest bin %d%s\n", summary->total, summary->fullest,
              ok ? "" : "  MISMATCH");
  sycl::free(summary, q);
  return ok;
}

int main() {
  sycl::queue q;
  float *values = sycl::malloc_shared<float>(n_values, q);
  int *bins = sycl::malloc_shared<int>(max_bins, q);
  for (int i = 0; i < n_values; ++i)
    values[i] = value_of(i);
  bool ok = run(q, values, bins, 0);
  ok = run(q, values, bins, 12) && ok;
  sycl::free(values, q);
  sycl::free(bins, q);
  std::printf(ok ? "all results match the host computation\n" : "MISMATCH\n");
  return ok ? 0 : 1;
}
