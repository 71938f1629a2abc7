// One kernel calling each family of the device library, for the NVPTX device compile of
// device-library.test: math, integers, relational and geometric built-ins, atomics of several
// scopes and orders, work-group and sub-group collectives, shuffles, a ballot, barriers.
#include <sycl/sycl.hpp>

class library_kernel;

void run(sycl::queue &q, float *f, unsigned long *u, int *i) {
  q.parallel_for<library_kernel>(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> it) {
    size_t g = it.get_global_id(0);
    float x = f[g];
    int e;
    float m = sycl::frexp(x, sycl::private_ptr<int>(&e));
    f[g] = sycl::sin(x) + sycl::pow(x, 2.5f) + m + sycl::length(sycl::float3(x, 1.0f, 2.0f));
    i[g] = sycl::add_sat(i[g], 7) + static_cast<int>(sycl::clz(u[g])) +
           static_cast<int>(sycl::mul_hi(u[g], u[g] + 1)) + sycl::isnan(x) + e;
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                     sycl::access::address_space::global_space>
        counter(i[0]);
    counter.fetch_add(1);
    sycl::atomic_ref<unsigned long, sycl::memory_order::acq_rel, sycl::memory_scope::system>
        word(u[0]);
    unsigned long expected = 0;
    word.compare_exchange_strong(expected, g);
    auto group = it.get_group();
    auto sub = it.get_sub_group();
    int sum = sycl::reduce_over_group(group, i[g], sycl::plus<int>());
    int scan = sycl::inclusive_scan_over_group(sub, i[g], sycl::plus<int>());
    float first = sycl::group_broadcast(group, x, 0);
    float next = sycl::shift_group_left(sub, x, 1);
    bool any = sycl::any_of_group(group, x > 0.5f);
    auto mask = sycl::ext::oneapi::group_ballot(sub, x > 0.0f);
    sycl::group_barrier(group);
    i[g] = sum + scan + any + static_cast<int>(mask.count());
    f[g] += first + next;
  });
}
