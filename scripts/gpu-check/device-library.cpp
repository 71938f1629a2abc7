// Device-library check on a CUDA GPU (issue 30; no SYCL runtime involved): one kernel, built by
// scripts/gpu-check/build for nvptx64 with the device prelude, writes what each family of the
// library computes; host.c launches it through the CUDA driver API and checks every value.
#include <sycl/sycl.hpp>

class library_check;

// Slots per work-item in `mem` (64-bit each), then two counters after all work-items.
constexpr int SLOTS = 12;

void run(sycl::queue &q, unsigned long *mem) {
  q.parallel_for<library_check>(sycl::nd_range<1>(256, 64), [mem](sycl::nd_item<1> it) {
    unsigned long g = it.get_global_id(0);
    auto group = it.get_group();
    auto sub = it.get_sub_group();
    unsigned long *out = mem + g * SLOTS;
    float x = 0.01f * float(g);
    out[0] = sycl::bit_cast<unsigned int>(sycl::sin(x));
    out[1] = sycl::reduce_over_group(group, g, sycl::plus<unsigned long>());
    out[2] = sycl::inclusive_scan_over_group(sub, 1u, sycl::plus<unsigned int>());
    out[3] = sycl::exclusive_scan_over_group(group, 2u, sycl::plus<unsigned int>());
    out[4] = sycl::group_broadcast(group, g, 3);
    out[5] = sycl::shift_group_left(sub, g, 1);
    out[6] = sycl::any_of_group(group, g % 64 == 5) + 2 * sycl::all_of_group(group, g < 1000);
    out[7] = sycl::ext::oneapi::group_ballot(sub, g % 2 == 0).count();
    out[8] = sycl::bit_cast<unsigned int>(sycl::reduce_over_group(sub, 1.5f, sycl::plus<float>()));
    out[9] = sycl::popcount(g) + 100 * sycl::clz(static_cast<unsigned int>(g + 1));
    out[10] = static_cast<unsigned int>(sycl::add_sat(2147483647 - int(g), 5));
    out[11] = sycl::max(sycl::mul_hi(g << 40, g << 30), 7ul);
    sycl::atomic_ref<unsigned long, sycl::memory_order::relaxed, sycl::memory_scope::work_group>
        per_group(mem[256 * SLOTS]);
    per_group.fetch_add(1);
    sycl::atomic_ref<unsigned long, sycl::memory_order::acq_rel, sycl::memory_scope::device>
        sum(mem[256 * SLOTS + 1]);
    sum.fetch_add(g);
  });
}
