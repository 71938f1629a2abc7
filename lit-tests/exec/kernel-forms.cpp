// The kernel shapes of SYCL 2020 with a spec constant in each: single_task, parallel_for over a
// 1-D and a 2-D range, over an nd_range (with a work-group barrier), an unnamed lambda, and
// named functors with and without a kernel_handler.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<int> bias{100};

class Single;
class Range1;
class Range2;
class NdRange;

struct Functor {
  int *out;
  int scale;
  void operator()(sycl::id<1> i, sycl::kernel_handler kh) const {
    out[i] = scale * static_cast<int>(i[0]) + kh.get_specialization_constant<bias>();
  }
};
struct PlainFunctor {
  int *out;
  void operator()() const { out[0] = 77; }
};

static void show(const char *what, const int *v, int n) {
  std::printf("%s:", what);
  for (int i = 0; i < n; ++i)
    std::printf(" %d", v[i]);
  std::printf("\n");
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(16, q);
  auto with_bias = [&](int value, auto &&launch) {
    q.submit([&](sycl::handler &h) {
       h.set_specialization_constant<bias>(value);
       launch(h);
     }).wait();
  };
  with_bias(1, [&](sycl::handler &h) {
    h.single_task<Single>([=](sycl::kernel_handler kh) { out[0] = kh.get_specialization_constant<bias>(); });
  });
  show("single_task", out, 1);
  with_bias(2, [&](sycl::handler &h) {
    h.parallel_for<Range1>(sycl::range<1>(5), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      out[i] = static_cast<int>(i[0]) * kh.get_specialization_constant<bias>();
    });
  });
  show("range<1>", out, 5);
  with_bias(1000, [&](sycl::handler &h) {
    h.parallel_for<Range2>(sycl::range<2>(2, 3), [=](sycl::item<2> it, sycl::kernel_handler kh) {
      out[it.get_linear_id()] = kh.get_specialization_constant<bias>() + 10 * static_cast<int>(it[0]) + static_cast<int>(it[1]);
    });
  });
  show("range<2>", out, 6);
  with_bias(3, [&](sycl::handler &h) {
    h.parallel_for<NdRange>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
      int g = static_cast<int>(it.get_global_id(0));
      out[g] = g;
      sycl::group_barrier(it.get_group());
      out[g] = static_cast<int>(it.get_group(0)) * kh.get_specialization_constant<bias>() + static_cast<int>(it.get_local_id(0));
    });
  });
  show("nd_range", out, 8);
  with_bias(-1, [&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(3), [=](sycl::id<1> i, sycl::kernel_handler kh) {
      out[i] = kh.get_specialization_constant<bias>() - static_cast<int>(i[0]);
    });
  });
  show("unnamed lambda", out, 3);
  with_bias(50, [&](sycl::handler &h) { h.parallel_for(sycl::range<1>(3), Functor{out, 2}); });
  show("functor", out, 3);
  q.submit([&](sycl::handler &h) { h.single_task(PlainFunctor{out}); }).wait();
  show("plain functor", out, 1);
  sycl::free(out, q);
}
// CHECK: single_task: 1
// CHECK: range<1>: 0 2 4 6 8
// CHECK: range<2>: 1000 1001 1002 1010 1011 1012
// CHECK: nd_range: 0 1 2 3 3 4 5 6
// CHECK: unnamed lambda: -1 -2 -3
// CHECK: functor: 50 52 54
// CHECK: plain functor: 77
