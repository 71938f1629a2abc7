// SYCL 2020's device, platform, context, queue, kernel and event queries answered by the
// runtime's adapter: every query returns, and the answers agree with each other (sizes and
// limits ordered as the specification requires, aspects matching their queries, profiling
// timestamps in order). The same checks hold on the OpenCL CPU device and, through our CUDA
// adapter, on an NVIDIA GPU (scripts/gpu-check runs this program there; issue 31).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t
// RUN: %t | FileCheck %s
// CHECK: aspects: {{[0-9]+}} asked
// CHECK-NEXT: all device queries consistent
#include <sycl/sycl.hpp>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {
int failures = 0;

void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

// A query that throws is a failure with its name, not an abort.
void query(const char *what, const std::function<void()> &body) {
  try {
    body();
  } catch (const sycl::exception &e) {
    std::printf("FAILED: %s threw: %s\n", what, e.what());
    ++failures;
  }
}
} // namespace

int main() {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  const sycl::device d = q.get_device();
  namespace di = sycl::info::device;

  query("device limits", [&] {
    const auto type = d.get_info<di::device_type>();
    expect(type == sycl::info::device_type::cpu || type == sycl::info::device_type::gpu ||
               type == sycl::info::device_type::accelerator,
           "device_type");
    expect(d.get_info<di::vendor_id>() != 0, "vendor_id");
    expect(d.get_info<di::max_compute_units>() > 0, "max_compute_units");
    expect(d.get_info<di::max_work_item_dimensions>() >= 3, "max_work_item_dimensions");
    const auto items = d.get_info<di::max_work_item_sizes<3>>();
    const auto wg = d.get_info<di::max_work_group_size>();
    expect(wg > 0 && items[0] > 0 && items[1] > 0 && items[2] > 0, "max_work_item_sizes");
    expect(d.get_info<di::max_work_item_sizes<1>>()[0] == items[2], "max_work_item_sizes<1>");
    expect(d.get_info<di::max_num_sub_groups>() > 0, "max_num_sub_groups");
    const auto sg = d.get_info<di::sub_group_sizes>();
    expect(!sg.empty() && sg[0] > 0 && sg[0] <= wg, "sub_group_sizes");
    (void)d.get_info<di::max_clock_frequency>(); // 0 on the CPU device of a virtual machine
    expect(d.get_info<di::address_bits>() == 64, "address_bits");
    const auto global = d.get_info<di::global_mem_size>();
    const auto alloc = d.get_info<di::max_mem_alloc_size>();
    expect(alloc > 0 && alloc <= global, "max_mem_alloc_size <= global_mem_size");
    expect(d.get_info<di::local_mem_size>() >= 16 * 1024, "local_mem_size");
    expect(d.get_info<di::local_mem_type>() != sycl::info::local_mem_type::none, "local_mem_type");
    expect(d.get_info<di::max_parameter_size>() >= 1024, "max_parameter_size");
    expect(d.get_info<di::mem_base_addr_align>() >= 8, "mem_base_addr_align");
    expect(d.get_info<di::global_mem_cache_line_size>() > 0 ||
               d.get_info<di::global_mem_cache_type>() == sycl::info::global_mem_cache_type::none,
           "global_mem_cache_line_size");
    (void)d.get_info<di::global_mem_cache_size>();
    expect(d.get_info<di::profiling_timer_resolution>() > 0, "profiling_timer_resolution");
    expect(d.get_info<di::is_available>(), "is_available");
    expect(d.get_info<di::printf_buffer_size>() > 0, "printf_buffer_size");
    (void)d.get_info<di::error_correction_support>();
    (void)d.get_info<di::partition_max_sub_devices>();
    (void)d.get_info<di::partition_properties>();
    (void)d.get_info<di::partition_affinity_domains>();
    (void)d.get_info<di::image_support>();
    (void)d.get_info<di::built_in_kernel_ids>();
  });

  query("vector widths", [&] {
    for (auto w : {d.get_info<di::preferred_vector_width_char>(), d.get_info<di::preferred_vector_width_short>(),
                   d.get_info<di::preferred_vector_width_int>(), d.get_info<di::preferred_vector_width_long>(),
                   d.get_info<di::preferred_vector_width_float>(), d.get_info<di::native_vector_width_char>(),
                   d.get_info<di::native_vector_width_int>(), d.get_info<di::native_vector_width_float>()})
      expect(w >= 1, "vector width");
    (void)d.get_info<di::preferred_vector_width_double>();
    (void)d.get_info<di::preferred_vector_width_half>();
  });

  query("names", [&] {
    expect(!d.get_info<di::name>().empty(), "name");
    expect(!d.get_info<di::vendor>().empty(), "vendor");
    expect(!d.get_info<di::driver_version>().empty(), "driver_version");
    expect(!d.get_info<di::version>().empty(), "version");
    (void)d.get_info<di::backend_version>();
    const sycl::platform p = d.get_platform();
    expect(!p.get_info<sycl::info::platform::name>().empty(), "platform name");
    expect(!p.get_info<sycl::info::platform::vendor>().empty(), "platform vendor");
    expect(!p.get_info<sycl::info::platform::version>().empty(), "platform version");
    (void)p.get_info<sycl::info::platform::profile>();
    bool found = false;
    for (const auto &pd : p.get_devices())
      found = found || pd == d;
    expect(found, "the platform lists the queue's device");
  });

  query("floating point and atomics", [&] {
    const auto single = d.get_info<di::single_fp_config>();
    expect(!single.empty(), "single_fp_config");
    expect(d.has(sycl::aspect::fp64) == !d.get_info<di::double_fp_config>().empty(), "fp64 aspect = double_fp_config");
    expect(d.has(sycl::aspect::fp16) == !d.get_info<di::half_fp_config>().empty(), "fp16 aspect = half_fp_config");
    const auto orders = d.get_info<di::atomic_memory_order_capabilities>();
    bool relaxed = false;
    for (auto o : orders)
      relaxed = relaxed || o == sycl::memory_order::relaxed;
    expect(relaxed, "atomic orders include relaxed");
    const auto scopes = d.get_info<di::atomic_memory_scope_capabilities>();
    bool work_group = false;
    for (auto s : scopes)
      work_group = work_group || s == sycl::memory_scope::work_group;
    expect(work_group, "atomic scopes include work_group");
    expect(!d.get_info<di::atomic_fence_order_capabilities>().empty(), "fence orders");
    expect(!d.get_info<di::atomic_fence_scope_capabilities>().empty(), "fence scopes");
  });

  int asked = 0;
  query("aspects", [&] {
#define __SYCL_ASPECT(ASPECT, ID)                                                                  \
  (void)d.has(sycl::aspect::ASPECT);                                                               \
  ++asked;
#define __SYCL_ASPECT_DEPRECATED(ASPECT, ID, MESSAGE)
#define __SYCL_ASPECT_DEPRECATED_ALIAS(ASPECT, ID, MESSAGE)
#include <sycl/info/aspects.def>
#undef __SYCL_ASPECT
#undef __SYCL_ASPECT_DEPRECATED
#undef __SYCL_ASPECT_DEPRECATED_ALIAS
    expect(d.has(sycl::aspect::gpu) == (d.get_info<di::device_type>() == sycl::info::device_type::gpu), "gpu aspect");
    expect(d.has(sycl::aspect::cpu) == (d.get_info<di::device_type>() == sycl::info::device_type::cpu), "cpu aspect");
    expect(d.has(sycl::aspect::usm_device_allocations), "usm_device_allocations");
    expect(d.has(sycl::aspect::queue_profiling), "queue_profiling");
    const auto listed = d.get_info<di::aspects>();
    for (auto a : listed)
      expect(d.has(a), "a listed aspect is had");
  });
  std::printf("aspects: %d asked\n", asked);

  query("context and queue", [&] {
    const sycl::context c = q.get_context();
    const auto devices = c.get_info<sycl::info::context::devices>();
    bool found = false;
    for (const auto &cd : devices)
      found = found || cd == d;
    expect(found, "the context lists the queue's device");
    expect(c.get_info<sycl::info::context::platform>() == d.get_platform(), "context platform");
    expect(q.get_info<sycl::info::queue::device>() == d, "queue device");
    expect(q.get_info<sycl::info::queue::context>() == c, "queue context");
  });

  query("kernel and event", [&] {
    int *out = sycl::malloc_shared<int>(64, q);
    sycl::event e = q.parallel_for<class Fill>(sycl::range<1>(64), [=](sycl::id<1> i) { out[i] = static_cast<int>(i[0]) * 3; });
    e.wait();
    int wrong = 0;
    for (int i = 0; i < 64; ++i)
      wrong += out[i] != i * 3;
    expect(wrong == 0, "the kernel's results");
    sycl::free(out, q);
    const auto submit = e.get_profiling_info<sycl::info::event_profiling::command_submit>();
    const auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
    const auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
    expect(submit <= start && start <= end, "profiling submit <= start <= end");
    expect(e.get_info<sycl::info::event::command_execution_status>() == sycl::info::event_command_status::complete,
           "event complete");
    auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
    const sycl::kernel k = bundle.get_kernel(sycl::get_kernel_id<class Fill>());
    namespace kd = sycl::info::kernel_device_specific;
    const auto kwg = k.get_info<kd::work_group_size>(d);
    expect(kwg > 0 && kwg <= d.get_info<di::max_work_group_size>(), "kernel work_group_size");
    expect(k.get_info<kd::preferred_work_group_size_multiple>(d) > 0, "preferred_work_group_size_multiple");
    (void)k.get_info<kd::private_mem_size>(d);
    expect(k.get_info<kd::max_sub_group_size>(d) > 0, "kernel max_sub_group_size");
    expect(k.get_info<kd::max_num_sub_groups>(d) > 0, "kernel max_num_sub_groups");
    (void)k.get_info<kd::compile_work_group_size>(d);
  });

  if (failures == 0)
    std::printf("all device queries consistent\n");
  return failures != 0;
}
