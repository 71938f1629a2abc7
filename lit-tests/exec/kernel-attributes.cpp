// SYCL 2020 kernel attributes reach the device image and the runtime: a required work-group
// size refuses other launches (errc::nd_range), device_has and reqd_sub_group_size make a
// kernel incompatible with a device that lacks the aspect or sub-group size, and kernels
// without requirements in the same source stay compatible.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t/app 2>&1 | FileCheck --check-prefix=BUILD --allow-empty %s
// RUN: %t/app | FileCheck %s
// No warning about the attributes: clang does not know them, sycl-clang++ does.
// BUILD-NOT: unknown attribute
// BUILD-NOT: error
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>

struct Tile {
  int *out;
  [[sycl::reqd_work_group_size(2, 4)]] void operator()(sycl::nd_item<2> it) const {
    out[it.get_global_linear_id()] = int(it.get_local_linear_id());
  }
};

// Two dimensions required, launched with one: the runtime reads the dimensions from the
// image's device requirements.
struct Line {
  int *out;
  [[sycl::reqd_work_group_size(2, 4)]] void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_linear_id()] = 1;
  }
};

// Sizes from template parameters: a functor template and a lambda in a function template.
template <int X, int Y> struct TileOf {
  int *out;
  [[sycl::reqd_work_group_size(X, Y)]] void operator()(sycl::nd_item<2> it) const {
    out[it.get_global_linear_id()] = X * Y;
  }
};
template <typename T, size_t S> class Rows;
template <typename T, size_t S> bool rows(sycl::queue &q, int *out, size_t local) {
  try {
    q.parallel_for<Rows<T, S>>(sycl::nd_range<1>(16, local), [=](sycl::nd_item<1> it)
                                   [[sycl::reqd_work_group_size(S)]] {
      out[it.get_global_linear_id()] = T(S);
    }).wait();
    return out[15] == int(S);
  } catch (const sycl::exception &e) {
    return false;
  }
}

// An aspect from a template parameter.
template <sycl::aspect A> struct NeedsAspect {
  int *out;
  [[sycl::device_has(A)]] void operator()() const { out[2] = int(A); }
};

class NeedsGpu;
class Hinted;
class Doubles;
class TooLarge;
class NeedsCpu;
class Plain;
class OddSubGroup;
class SubGroup8;

int main() {
  sycl::queue q{sycl::cpu_selector_v};
  sycl::device dev = q.get_device();
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    std::printf("%s: %s\n", what, ok ? "ok" : "FAILED");
    failures += !ok;
  };

  // reqd_work_group_size: the right local size runs; the transposed one is refused.
  int *out = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<2>({8, 8}, {2, 4}), Tile{out}).wait();
  bool values = true;
  for (int i = 0; i < 64; ++i) {
    int row = i / 8, col = i % 8;
    values &= out[i] == (row % 2) * 4 + col % 4;
  }
  check(values, "reqd_work_group_size launch");
  bool refused = false;
  try {
    q.parallel_for(sycl::nd_range<2>({8, 8}, {4, 2}), Tile{out}).wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::nd_range;
  }
  check(refused, "other work-group size throws errc::nd_range");
  refused = false;
  try {
    q.parallel_for(sycl::nd_range<1>(64, 8), Line{out}).wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::nd_range;
  }
  check(refused, "launch with other dimensions throws errc::nd_range");
  // More work-items than the device's maximum work-group size (8192 on the CPU device).
  if (false) {
    q.parallel_for<TooLarge>(sycl::nd_range<1>(16384, 16384), [=](sycl::nd_item<1>)
                                 [[sycl::reqd_work_group_size(16384)]] {});
  }
  check(dev.get_info<sycl::info::device::max_work_group_size>() < 16384 &&
            !sycl::is_compatible<TooLarge>(dev),
        "reqd_work_group_size above the device maximum incompatible");
  q.parallel_for(sycl::nd_range<2>({8, 8}, {4, 2}), TileOf<4, 2>{out}).wait();
  check(out[63] == 8, "reqd_work_group_size(X, Y) launch");
  refused = false;
  try {
    q.parallel_for(sycl::nd_range<2>({8, 8}, {2, 4}), TileOf<4, 2>{out}).wait();
  } catch (const sycl::exception &e) {
    refused = e.code() == sycl::errc::nd_range;
  }
  check(refused, "reqd_work_group_size(X, Y) other size throws");
  check(rows<int, 4>(q, out, 4) && !rows<int, 4>(q, out, 8) && rows<int, 8>(q, out, 8),
        "reqd_work_group_size(S) in a function template");
  // A hint is accepted and does not constrain the launch.
  q.parallel_for<Hinted>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> it)
                             [[sycl::work_group_size_hint(4)]] {
    out[it.get_global_linear_id()] = 3;
  }).wait();
  check(out[15] == 3, "work_group_size_hint kernel runs");
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  auto wg = bundle.get_kernel(sycl::get_kernel_id<Tile>())
                .get_info<sycl::info::kernel_device_specific::compile_work_group_size>(dev);
  // The runtime reports the OpenCL kernel's size, in OpenCL's dimension order.
  check(wg[0] * wg[1] * wg[2] == 8 && wg[2] == 1, "compile_work_group_size");

  // device_has: gpu is an aspect the CPU device lacks; cpu one it has.
  check(!dev.has(sycl::aspect::gpu) && dev.has(sycl::aspect::cpu), "device is a CPU");
  if (false) {
    q.single_task<NeedsGpu>([=]() [[sycl::device_has(sycl::aspect::gpu)]] {});
  }
  q.single_task<NeedsCpu>([=]() [[sycl::device_has(sycl::aspect::cpu)]] { out[0] = 42; }).wait();
  check(out[0] == 42, "device_has(cpu) kernel runs");
  q.single_task<Plain>([=]() { out[1] = 7; }).wait();
  check(out[1] == 7, "kernel without attributes runs");
  check(!sycl::is_compatible<NeedsGpu>(dev), "device_has(gpu) incompatible");
  check(sycl::is_compatible<NeedsCpu>(dev), "device_has(cpu) compatible");
  check(sycl::is_compatible<Plain>(dev), "plain kernel compatible");
  if (false) {
    q.submit([&](sycl::handler &h) { h.single_task(NeedsAspect<sycl::aspect::gpu>{out}); });
  }
  q.submit([&](sycl::handler &h) { h.single_task(NeedsAspect<sycl::aspect::cpu>{out}); }).wait();
  check(out[2] == int(sycl::aspect::cpu) &&
            sycl::is_compatible<NeedsAspect<sycl::aspect::cpu>>(dev) &&
            !sycl::is_compatible<NeedsAspect<sycl::aspect::gpu>>(dev),
        "device_has(A) from a template parameter");
  check(!sycl::has_kernel_bundle<sycl::bundle_state::executable>(
            q.get_context(), {dev}, {sycl::get_kernel_id<NeedsGpu>()}),
        "no bundle for device_has(gpu)");
  check(sycl::has_kernel_bundle<sycl::bundle_state::executable>(
            q.get_context(), {dev}, {sycl::get_kernel_id<NeedsCpu>()}),
        "bundle for device_has(cpu)");
  bool invalid = false;
  try {
    sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {dev},
                                                           {sycl::get_kernel_id<NeedsGpu>()});
  } catch (const sycl::exception &e) {
    invalid = e.code() == sycl::errc::invalid;
  }
  check(invalid, "get_kernel_bundle for device_has(gpu) throws errc::invalid");

  // Code using double needs fp64, which the device has: still compatible, and it runs.
  double *d = sycl::malloc_shared<double>(4, q);
  q.parallel_for<Doubles>(sycl::range<1>(4), [=](sycl::id<1> i) { d[i] = 0.5 * double(i[0]); })
      .wait();
  check(sycl::is_compatible<Doubles>(dev) && d[3] == 1.5, "fp64 kernel compatible and runs");
  sycl::free(d, q);

  // reqd_sub_group_size: 7 is no sub-group size of the device; 8 is, and is the size used.
  auto sizes = dev.get_info<sycl::info::device::sub_group_sizes>();
  bool has7 = std::find(sizes.begin(), sizes.end(), 7) != sizes.end();
  bool has8 = std::find(sizes.begin(), sizes.end(), 8) != sizes.end();
  check(!has7 && has8, "device sub-group sizes");
  if (false) {
    q.parallel_for<OddSubGroup>(sycl::nd_range<1>(7, 7),
                                [=](sycl::nd_item<1>) [[sycl::reqd_sub_group_size(7)]] {});
  }
  check(!sycl::is_compatible<OddSubGroup>(dev), "reqd_sub_group_size(7) incompatible");
  check(sycl::is_compatible<SubGroup8>(dev), "reqd_sub_group_size(8) compatible");
  q.parallel_for<SubGroup8>(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1> it)
                                [[sycl::reqd_sub_group_size(8)]] {
    out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
  }).wait();
  bool eight = true;
  for (int i = 0; i < 32; ++i)
    eight &= out[i] == 8;
  check(eight, "sub-group size 8 used");
  auto compiled = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
                      q.get_context(), {dev}, {sycl::get_kernel_id<SubGroup8>()})
                      .get_kernel(sycl::get_kernel_id<SubGroup8>())
                      .get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(dev);
  check(compiled == 8, "compile_sub_group_size");

  sycl::free(out, q);
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
// CHECK: reqd_work_group_size launch: ok
// CHECK: other work-group size throws errc::nd_range: ok
// CHECK: compile_work_group_size: ok
// CHECK-NOT: FAILED
// CHECK: failures: 0
