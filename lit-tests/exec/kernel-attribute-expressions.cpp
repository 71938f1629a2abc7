// Kernel attribute arguments are any integral constant expression, evaluated as clang would:
// constexpr variables, arithmetic on them, sizeof, static members, macros inside expressions,
// template parameters of the kernel's own template and of the templates around it (a lambda
// in a lambda in a function template), type parameters (sizeof(T)), a constexpr aspect. The
// values reach the runtime: a matching launch runs, another local size throws errc::nd_range,
// compile_work_group_size reports them. And for every size the device cannot run, the launch
// throws errc::kernel_not_supported in the SYCL category: work-groups too large in any of three
// dimensions and as a product, sub-group sizes the device lacks; sizes it has run.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK: constexpr variable: ran 8, other size nd_range
// CHECK-NEXT: expressions: 8 8 8 8 16
// CHECK-NEXT: templates: 4 8 8 16 8 8
// CHECK-NEXT: constexpr aspect: ran, gpu refused
// CHECK-NEXT: sub-group 1: kernel_not_supported
// CHECK-NEXT: sub-group 2: kernel_not_supported
// CHECK-NEXT: sub-group 3: kernel_not_supported
// CHECK-NEXT: sub-group 4: ran
// CHECK-NEXT: sub-group 8: ran
// CHECK-NEXT: sub-group 16: ran
// CHECK-NEXT: sub-group 32: ran
// CHECK-NEXT: sub-group 128: kernel_not_supported
// CHECK-NEXT: work-group 8192,1,1: ran
// CHECK-NEXT: work-group 1,1,8192: ran
// CHECK-NEXT: work-group 64,64,2: ran
// CHECK-NEXT: work-group 8193,1,1: kernel_not_supported
// CHECK-NEXT: work-group 1,1,8193: kernel_not_supported
// CHECK-NEXT: work-group 128,128,1: kernel_not_supported
// CHECK-NEXT: work-group 1,2,8192: kernel_not_supported
// CHECK-NEXT: range launch, work-group 16384: kernel_not_supported
// CHECK-NEXT: single_task, work-group 16384: kernel_not_supported
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr int kSize = 4;
constexpr size_t kTwice = kSize * 2;
namespace config {
struct Shape {
  static constexpr int rows = 2;
};
} // namespace config
constexpr sycl::aspect kCpu = sycl::aspect::cpu;
constexpr sycl::aspect kGpu = sycl::aspect::gpu;
#define TIMES_TWO(n) ((n) * 2)

template <typename F> const char *outcome(F launch) {
  try {
    launch();
    return "ran";
  } catch (const sycl::exception &e) {
    if (&e.category() != &sycl::sycl_category())
      return "wrong category";
    if (e.code() == sycl::errc::kernel_not_supported)
      return "kernel_not_supported";
    if (e.code() == sycl::errc::nd_range)
      return "nd_range";
    return e.what();
  }
}

template <int N> class InTemplate;
template <int N> void in_template(sycl::queue &q, int *out) {
  q.parallel_for<InTemplate<N>>(sycl::nd_range<1>(N * 4, N * 2), [=](sycl::nd_item<1> it)
                                    [[sycl::reqd_work_group_size(N * 2)]] { out[0] = N; }).wait();
}
template <typename T> class SizedBy;
template <typename T> void sized_by(sycl::queue &q, int *out) {
  q.parallel_for<SizedBy<T>>(sycl::nd_range<1>(64, sizeof(T) * 2), [=](sycl::nd_item<1> it)
                                 [[sycl::reqd_work_group_size(sizeof(T) * 2)]] { out[0] = 1; }).wait();
}
template <int S> class Nested;
template <int S> const char *nested_sub_group(sycl::queue &q, int *out) {
  return outcome([&] {
    q.parallel_for<Nested<S>>(sycl::nd_range<1>(S * 8, S), [=](sycl::nd_item<1>)
                                  [[sycl::reqd_sub_group_size(S)]] { out[0] = S; }).wait();
  });
}
template <int X, int Y, int Z> class Group;
template <int X, int Y, int Z> const char *group(sycl::queue &q) {
  return outcome([&] {
    q.parallel_for<Group<X, Y, Z>>(sycl::nd_range<3>({X, Y, Z}, {X, Y, Z}), [=](sycl::nd_item<3>)
                                       [[sycl::reqd_work_group_size(X, Y, Z)]] {}).wait();
  });
}
template <int M> struct Scaled {
  int *out;
  [[sycl::reqd_work_group_size(M * kSize)]] void operator()(sycl::nd_item<1>) const { out[0] = M; }
};
struct Offset {
  int *out;
  [[sycl::reqd_work_group_size(kSize + 4)]] void operator()(sycl::nd_item<1>) const { out[0] = 1; }
};

class Constexpr; class OtherSize; class Arithmetic; class Static; class Macro; class Aspect; class GpuAspect;
class RangeTooLarge; class TaskTooLarge;

int main() {
  sycl::queue q{sycl::cpu_selector_v};
  sycl::device dev = q.get_device();
  int *out = sycl::malloc_shared<int>(64, q);
  auto size_of = [&](sycl::kernel_id id) {
    auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {dev}, {id});
    auto s = bundle.get_kernel(id).get_info<sycl::info::kernel_device_specific::compile_work_group_size>(dev);
    return s[0] * s[1] * s[2];
  };
  auto sub_group_of = [&](sycl::kernel_id id) {
    auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {dev}, {id});
    return size_t(bundle.get_kernel(id).get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(dev));
  };

  q.parallel_for<Constexpr>(sycl::nd_range<1>(32, 8), [=](sycl::nd_item<1> it)
                                [[sycl::reqd_work_group_size(kTwice)]] { out[0] = int(it.get_local_range(0)); }).wait();
  const char *other = outcome([&] {
    q.parallel_for<OtherSize>(sycl::nd_range<1>(32, 4), [=](sycl::nd_item<1> it)
                                  [[sycl::reqd_work_group_size(kTwice)]] { out[0] = 0; }).wait();
  });
  std::printf("constexpr variable: ran %d, other size %s\n", out[0], other);

  q.parallel_for<Arithmetic>(sycl::nd_range<1>(32, 8), [=](sycl::nd_item<1>)
                                 [[sycl::reqd_work_group_size(kSize * 2)]] {}).wait();
  q.parallel_for<Static>(sycl::nd_range<2>({8, 8}, {2, 4}), [=](sycl::nd_item<2>)
                             [[sycl::reqd_work_group_size(config::Shape::rows, sizeof(int))]] {}).wait();
  q.parallel_for<Macro>(sycl::nd_range<1>(32, 8), [=](sycl::nd_item<1>)
                            [[sycl::reqd_work_group_size(TIMES_TWO(kSize))]] [[sycl::reqd_sub_group_size(kSize * 4)]] {}).wait();
  q.parallel_for(sycl::nd_range<1>(16, 8), Offset{out}).wait();
  q.parallel_for(sycl::nd_range<1>(16, 16), Scaled<4>{out}).wait();
  std::printf("expressions: %zu %zu %zu %zu %zu\n", size_of(sycl::get_kernel_id<Arithmetic>()),
              size_of(sycl::get_kernel_id<Static>()), size_of(sycl::get_kernel_id<Macro>()),
              size_of(sycl::get_kernel_id<Offset>()), size_of(sycl::get_kernel_id<Scaled<4>>()));

  in_template<2>(q, out);
  in_template<4>(q, out);
  sized_by<int>(q, out);
  sized_by<double>(q, out);
  nested_sub_group<8>(q, out);
  std::printf("templates: %zu %zu %zu %zu %zu %d\n", size_of(sycl::get_kernel_id<InTemplate<2>>()),
              size_of(sycl::get_kernel_id<InTemplate<4>>()), size_of(sycl::get_kernel_id<SizedBy<int>>()),
              size_of(sycl::get_kernel_id<SizedBy<double>>()), sub_group_of(sycl::get_kernel_id<Nested<8>>()), out[0]);

  q.single_task<Aspect>([=]() [[sycl::device_has(kCpu)]] { out[1] = 1; }).wait();
  const char *gpu = outcome([&] { q.single_task<GpuAspect>([=]() [[sycl::device_has(kGpu)]] {}).wait(); });
  std::printf("constexpr aspect: %s, gpu %s\n", out[1] == 1 ? "ran" : "did not run",
              gpu == std::string("kernel_not_supported") ? "refused" : gpu);

  std::printf("sub-group 1: %s\n", nested_sub_group<1>(q, out));
  std::printf("sub-group 2: %s\n", nested_sub_group<2>(q, out));
  std::printf("sub-group 3: %s\n", nested_sub_group<3>(q, out));
  std::printf("sub-group 4: %s\n", nested_sub_group<4>(q, out));
  std::printf("sub-group 8: %s\n", nested_sub_group<8>(q, out));
  std::printf("sub-group 16: %s\n", nested_sub_group<16>(q, out));
  std::printf("sub-group 32: %s\n", nested_sub_group<32>(q, out));
  std::printf("sub-group 128: %s\n", nested_sub_group<128>(q, out));
  std::printf("work-group 8192,1,1: %s\n", group<8192, 1, 1>(q));
  std::printf("work-group 1,1,8192: %s\n", group<1, 1, 8192>(q));
  std::printf("work-group 64,64,2: %s\n", group<64, 64, 2>(q));
  std::printf("work-group 8193,1,1: %s\n", group<8193, 1, 1>(q));
  std::printf("work-group 1,1,8193: %s\n", group<1, 1, 8193>(q));
  std::printf("work-group 128,128,1: %s\n", group<128, 128, 1>(q));
  std::printf("work-group 1,2,8192: %s\n", group<1, 2, 8192>(q));
  std::printf("range launch, work-group 16384: %s\n", outcome([&] {
    q.parallel_for<RangeTooLarge>(sycl::range<1>(16384), [=](sycl::item<1>) [[sycl::reqd_work_group_size(16384)]] {}).wait();
  }));
  std::printf("single_task, work-group 16384: %s\n", outcome([&] {
    q.single_task<TaskTooLarge>([=]() [[sycl::reqd_work_group_size(16384)]] {}).wait();
  }));
  sycl::free(out, q);
}
