// One source, many kernels, for scripts/bench-specconst (issue 35): per element type (int,
// long, float, double) and inner-loop count (1, 16, 64) the same loop
//     acc = acc * a + b   (LOOPS times)
// with a and b from three sources: specialization constants set through the handler, values
// the kernel captures at run time, and compile-time constants (one kernel per value set).
// Several value sets are set in turn. Each set has a = 1 or a = -1, so once the values are
// known the loop folds: always for integers, and for floats only where reassociation is
// allowed (-ffast-math): x + LOOPS * b, or x / -x + b. That is the fold the JIT compiler must
// do for a spec constant what clang does for a compile-time constant.
//
//   specconst-types-sycl N ROUNDS
//
// Every launch's output is checked against a host computation. Prints one line per row:
//   row TYPE LOOPS spec S ms runtime R ms constexpr C ms, W wrong
//   first TYPE LOOPS F ms
// S, R, C: the fastest kernel time (profiling events) over ROUNDS rounds and every value set,
// the three sources alternating launch by launch; a first round per value set (the JIT
// compiles) is not timed. The fastest, not the median: on a machine shared with other jobs a
// launch that lost a core to them measures the load, not the code. F: the median over the value
// sets of the spec-constant kernel's first launch with the set (host clock, submit to wait):
// what a set costs the first time the kernel runs with it, the JIT compile included where the
// set is new to the kernel's image (an image shared with a row run before may have it built).
// SPECCONST_BENCH_DEVICE=gpu picks a GPU.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

// Inputs repeat with this period, so the host check evaluates kPeriod loops, not N.
constexpr size_t kPeriod = 17;

template <typename T> struct ValueSet {
  T a, b;
};
// Float values are exact in binary, so the folded and the sequential sums agree exactly.
template <typename T> constexpr ValueSet<T> kSets[3] = {{1, 3}, {-1, 5}, {1, -2}};
template <> constexpr ValueSet<float> kSets<float>[3] = {{1.0f, 0.5f}, {-1.0f, 0.75f}, {1.0f, -0.25f}};
template <> constexpr ValueSet<double> kSets<double>[3] = {{1.0, 0.5}, {-1.0, 0.75}, {1.0, -0.25}};
constexpr int kSetCount = 3;

// Defaults no set uses: a run that kept them would compute wrong numbers.
template <typename T> constexpr sycl::specialization_id<T> a_id{T(3)};
template <typename T> constexpr sycl::specialization_id<T> b_id{T(7)};

template <typename T, int Loops> class WithSpecConst;
template <typename T, int Loops> class WithRuntime;
template <typename T, int Loops, int Set> class WithConstexpr;

template <typename T, int Loops> static T loop(T acc, T a, T b) {
  for (int k = 0; k < Loops; ++k)
    acc = acc * a + b;
  return acc;
}

template <typename T> static T input_value(size_t i) {
  if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(i % kPeriod) / T(16) - T(0.5);
  else
    return static_cast<T>(i % kPeriod) - T(8);
}

enum Source { kSpec, kRuntime, kConstexpr };

template <typename T, int Loops, int Set>
static sycl::event launch_constexpr(sycl::queue &q, size_t n, const T *in, T *out) {
  return q.parallel_for<WithConstexpr<T, Loops, Set>>(sycl::range<1>{n}, [=](sycl::id<1> i) {
    out[i] = loop<T, Loops>(in[i], kSets<T>[Set].a, kSets<T>[Set].b);
  });
}

template <typename T, int Loops>
static sycl::event launch(sycl::queue &q, Source source, int set, size_t n, const T *in, T *out) {
  const ValueSet<T> values = kSets<T>[set];
  switch (source) {
  case kSpec:
    return q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<a_id<T>>(values.a);
      h.set_specialization_constant<b_id<T>>(values.b);
      h.parallel_for<WithSpecConst<T, Loops>>(sycl::range<1>{n}, [=](sycl::id<1> i, sycl::kernel_handler kh) {
        out[i] = loop<T, Loops>(in[i], kh.get_specialization_constant<a_id<T>>(),
                                kh.get_specialization_constant<b_id<T>>());
      });
    });
  case kRuntime:
    return q.parallel_for<WithRuntime<T, Loops>>(sycl::range<1>{n}, [=](sycl::id<1> i) {
      out[i] = loop<T, Loops>(in[i], values.a, values.b);
    });
  case kConstexpr:
    break;
  }
  switch (set) {
  case 0:
    return launch_constexpr<T, Loops, 0>(q, n, in, out);
  case 1:
    return launch_constexpr<T, Loops, 1>(q, n, in, out);
  default:
    return launch_constexpr<T, Loops, 2>(q, n, in, out);
  }
}

static double fastest(const std::vector<double> &v) {
  return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
}

static const char *type_name(int) { return "int"; }
static const char *type_name(long) { return "long"; }
static const char *type_name(float) { return "float"; }
static const char *type_name(double) { return "double"; }

template <typename T, int Loops> static size_t row(sycl::queue &q, size_t n, int rounds) {
  std::vector<T> host_in(n), host_out(n);
  for (size_t i = 0; i < n; ++i)
    host_in[i] = input_value<T>(i);
  T *in = sycl::malloc_device<T>(n, q);
  T *out = sycl::malloc_device<T>(n, q);
  q.memcpy(in, host_in.data(), n * sizeof(T)).wait();
  std::vector<double> times[3], first_spec;
  size_t wrong = 0;
  for (int r = 0; r < rounds + 1; ++r) {
    for (int set = 0; set < kSetCount; ++set) {
      T expected[kPeriod];
      for (size_t k = 0; k < kPeriod; ++k)
        expected[k] = loop<T, Loops>(input_value<T>(k), kSets<T>[set].a, kSets<T>[set].b);
      for (int s = 0; s < 3; ++s) {
        // The three sources in turn, starting from a different one each round.
        const Source source = static_cast<Source>((s + r + set) % 3);
        q.fill(out, T(0), n).wait();
        const auto submitted = std::chrono::steady_clock::now();
        sycl::event e = launch<T, Loops>(q, source, set, n, in, out);
        e.wait();
        if (r == 0 && source == kSpec)
          first_spec.push_back(
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - submitted).count());
        if (r > 0) {
          const auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
          const auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
          times[source].push_back(static_cast<double>(end - start) * 1e-6);
        }
        q.memcpy(host_out.data(), out, n * sizeof(T)).wait();
        for (size_t i = 0; i < n; ++i) {
          const T want = expected[i % kPeriod];
          const bool ok = std::is_floating_point_v<T>
                              ? std::abs(static_cast<double>(host_out[i] - want)) <=
                                    1e-5 * (1.0 + std::abs(static_cast<double>(want)))
                              : host_out[i] == want;
          wrong += !ok;
        }
      }
    }
  }
  std::printf("row %s %d spec %.4f ms runtime %.4f ms constexpr %.4f ms, %zu wrong\n", type_name(T{}), Loops,
              fastest(times[kSpec]), fastest(times[kRuntime]), fastest(times[kConstexpr]), wrong);
  std::sort(first_spec.begin(), first_spec.end());
  std::printf("first %s %d %.4f ms\n", type_name(T{}), Loops, first_spec[first_spec.size() / 2]);
  std::fflush(stdout);
  sycl::free(in, q);
  sycl::free(out, q);
  return wrong;
}

template <typename T> static size_t rows(sycl::queue &q, size_t n, int rounds) {
  return row<T, 1>(q, n, rounds) + row<T, 16>(q, n, rounds) + row<T, 64>(q, n, rounds);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: specconst-types-sycl N ROUNDS\n");
    return 2;
  }
  const size_t n = std::strtoul(argv[1], nullptr, 10);
  const int rounds = std::atoi(argv[2]);
  if (n == 0 || rounds < 1) {
    std::fprintf(stderr, "specconst-types-sycl: N and ROUNDS must be positive\n");
    return 2;
  }
  const char *device = std::getenv("SPECCONST_BENCH_DEVICE");
  const bool gpu = device && std::strcmp(device, "gpu") == 0;
  sycl::queue q = gpu ? sycl::queue{sycl::gpu_selector_v, sycl::property::queue::enable_profiling{}}
                      : sycl::queue{sycl::cpu_selector_v, sycl::property::queue::enable_profiling{}};
  size_t wrong = rows<int>(q, n, rounds) + rows<long>(q, n, rounds) + rows<float>(q, n, rounds) +
                 rows<double>(q, n, rounds);
  return wrong == 0 ? 0 : 1;
}
