// What a launch with new spec-constant values costs, for scripts/bench-specconst --gpu: one
// small kernel whose scale and offset are specialization constants set through the handler.
// With native spec constants on an NVIDIA GPU every new value set is a specialisation (the
// CUDA adapter folds the values into the kernel's bitcode and generates PTX); a value set seen
// before comes from the adapter's cache. An emulated build passes the values in a buffer.
//
//   specconst-jit-sycl launches SETS ROUNDS   SETS value sets once each, timed one by one
//                                             (submit + wait, host clock), then ROUNDS more
//                                             passes over the same sets
//   specconst-jit-sycl values COUNT           COUNT value sets in turn, each launched once
//
// Every launch's output is checked on the host (outside the timed span). Prints
//   launches: `first F ms, median new A ms (max B) over N launches, median seen C ms (max D)
//              over M launches, W wrong`  (new: the value sets after the first; seen: the rounds)
//   values:   `median launch A ms (max B) over COUNT value sets, W wrong`
// The device is the CPU unless SPECCONST_BENCH_DEVICE=gpu.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

constexpr size_t kItems = 4096;
constexpr int kSteps = 8;

// Defaults that no value set uses: a launch that kept them would compute wrong numbers.
constexpr sycl::specialization_id<float> scale_id{0.0f};
constexpr sycl::specialization_id<int> offset_id{-1};

class Affine;

struct ValueSet {
  float scale;
  int offset;
};

// Value set `k`: distinct for every k the program uses (scales step by 1/1024, exact in float).
static ValueSet value_set(int k) { return {1.0f + static_cast<float>(k) / 1024.0f, k}; }

static float input_value(size_t i) { return static_cast<float>(i % 13) * 0.125f; }

// A few dependent steps, so that the values reach a loop the specialiser can fold.
template <typename Scale, typename Offset>
static float affine(float x, Scale scale, Offset offset) {
  for (int s = 0; s < kSteps; ++s)
    x = x * scale + static_cast<float>(offset);
  return x;
}

struct Bench {
  sycl::queue q;
  float *in;
  float *out;
  std::vector<float> host_out = std::vector<float>(kItems);

  explicit Bench(sycl::queue queue) : q(queue) {
    std::vector<float> host_in(kItems);
    for (size_t i = 0; i < kItems; ++i)
      host_in[i] = input_value(i);
    in = sycl::malloc_device<float>(kItems, q);
    out = sycl::malloc_device<float>(kItems, q);
    q.memcpy(in, host_in.data(), kItems * sizeof(float)).wait();
  }
  ~Bench() {
    sycl::free(in, q);
    sycl::free(out, q);
  }
  Bench(const Bench &) = delete;
  Bench &operator=(const Bench &) = delete;

  // Milliseconds from submit to the end of wait.
  double launch(const ValueSet &v) {
    float *in_ = in, *out_ = out;
    const auto start = std::chrono::steady_clock::now();
    q.submit([&](sycl::handler &h) {
       h.set_specialization_constant<scale_id>(v.scale);
       h.set_specialization_constant<offset_id>(v.offset);
       h.parallel_for<Affine>(sycl::range<1>{kItems}, [=](sycl::id<1> i, sycl::kernel_handler kh) {
         out_[i] = affine(in_[i], kh.get_specialization_constant<scale_id>(),
                          kh.get_specialization_constant<offset_id>());
       });
     }).wait();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  }

  // Output elements that differ from the host's computation for `v`.
  size_t wrong(const ValueSet &v) {
    q.memcpy(host_out.data(), out, kItems * sizeof(float)).wait();
    size_t bad = 0;
    for (size_t i = 0; i < kItems; ++i) {
      const float e = affine(input_value(i), v.scale, v.offset);
      if (!(std::abs(host_out[i] - e) <= 1e-4f * (1.0f + std::abs(e))))
        ++bad;
    }
    return bad;
  }
};

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

static double maximum(const std::vector<double> &v) {
  return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end());
}

int main(int argc, char **argv) {
  const bool launches = argc == 4 && std::strcmp(argv[1], "launches") == 0;
  const bool values = argc == 3 && std::strcmp(argv[1], "values") == 0;
  if (!launches && !values) {
    std::fprintf(stderr, "usage: specconst-jit-sycl launches SETS ROUNDS | values COUNT\n");
    return 2;
  }
  const int sets = std::atoi(argv[2]);
  const int rounds = launches ? std::atoi(argv[3]) : 0;
  if (sets < 2 || rounds < 0) {
    std::fprintf(stderr, "specconst-jit-sycl: at least 2 value sets, rounds >= 0\n");
    return 2;
  }
  const char *device = std::getenv("SPECCONST_BENCH_DEVICE");
  const bool gpu = device && std::strcmp(device, "gpu") == 0;
  Bench bench(gpu ? sycl::queue{sycl::gpu_selector_v} : sycl::queue{sycl::cpu_selector_v});

  size_t wrong = 0;
  std::vector<double> fresh, seen;
  for (int k = 0; k < sets; ++k) {
    fresh.push_back(bench.launch(value_set(k)));
    wrong += bench.wrong(value_set(k));
  }
  if (values) {
    std::printf("median launch %.4f ms (max %.4f) over %d value sets, %zu wrong\n", median(fresh),
                maximum(fresh), sets, wrong);
    return wrong == 0 ? 0 : 1;
  }
  for (int r = 0; r < rounds; ++r)
    for (int k = 0; k < sets; ++k) {
      seen.push_back(bench.launch(value_set(k)));
      wrong += bench.wrong(value_set(k));
    }
  const double first = fresh.front();
  fresh.erase(fresh.begin());
  std::printf("first %.4f ms, median new %.4f ms (max %.4f) over %zu launches, median seen %.4f ms "
              "(max %.4f) over %zu launches, %zu wrong\n",
              first, median(fresh), maximum(fresh), fresh.size(), median(seen), maximum(seen),
              seen.size(), wrong);
  return wrong == 0 ? 0 : 1;
}
