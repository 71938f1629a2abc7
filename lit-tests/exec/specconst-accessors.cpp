// Spec constants of several scalar types (int, float, double, short, bool, unsigned long long)
// read in a parallel_for that writes through buffer accessors: the defaults, values set through
// the handler, and values set on a kernel_bundle<input> that is built and used by the handler.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> c_int{-17};
constexpr sycl::specialization_id<float> c_float{0.75f};
constexpr sycl::specialization_id<double> c_double{-1.0 / 3.0};
constexpr sycl::specialization_id<short> c_short{-1234};
constexpr sycl::specialization_id<bool> c_bool{true};
constexpr sycl::specialization_id<unsigned long long> c_ull{1ull << 40};

struct Consts {
  int i;
  float f;
  double d;
  short s;
  bool b;
  unsigned long long u;
};

class Fill;
constexpr size_t n = 40;

// Writes one element per work-item into each of four buffers; returns the number of wrong
// elements compared with what the host computes from `c`.
static int run(sycl::queue &q, const Consts &c, int round,
               sycl::kernel_bundle<sycl::bundle_state::executable> *exe) {
  std::vector<int> vi(n, 0);
  std::vector<float> vf(n, 0);
  std::vector<double> vd(n, 0);
  std::vector<unsigned long long> vu(n, 0);
  {
    sycl::buffer<int> bi(vi.data(), sycl::range<1>(n));
    sycl::buffer<float> bf(vf.data(), sycl::range<1>(n));
    sycl::buffer<double> bd(vd.data(), sycl::range<1>(n));
    sycl::buffer<unsigned long long> bu(vu.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      if (exe)
        h.use_kernel_bundle(*exe);
      if (round == 1) {
        h.set_specialization_constant<c_int>(c.i);
        h.set_specialization_constant<c_float>(c.f);
        h.set_specialization_constant<c_double>(c.d);
        h.set_specialization_constant<c_short>(c.s);
        h.set_specialization_constant<c_bool>(c.b);
        h.set_specialization_constant<c_ull>(c.u);
      }
      sycl::accessor ai(bi, h, sycl::write_only, sycl::no_init);
      sycl::accessor af(bf, h, sycl::write_only);
      sycl::accessor ad(bd, h, sycl::read_write);
      sycl::accessor au(bu, h, sycl::write_only);
      h.parallel_for<Fill>(sycl::range<1>(n), [=](sycl::id<1> id, sycl::kernel_handler kh) {
        int k = static_cast<int>(id[0]);
        int si = kh.get_specialization_constant<c_int>();
        short ss = kh.get_specialization_constant<c_short>();
        bool sb = kh.get_specialization_constant<c_bool>();
        ai[id] = k * si + ss + (sb ? 1000000 : -1000000);
        af[id] = static_cast<float>(k) * kh.get_specialization_constant<c_float>();
        ad[id] = static_cast<double>(k) * kh.get_specialization_constant<c_double>();
        au[id] = kh.get_specialization_constant<c_ull>() + static_cast<unsigned long long>(k);
      });
    });
  }
  int bad = 0;
  for (size_t id = 0; id < n; ++id) {
    int k = static_cast<int>(id);
    bad += vi[id] != k * c.i + c.s + (c.b ? 1000000 : -1000000);
    bad += vf[id] != static_cast<float>(k) * c.f;
    bad += vd[id] != static_cast<double>(k) * c.d;
    bad += vu[id] != c.u + static_cast<unsigned long long>(k);
  }
  return bad;
}

int main() {
  sycl::queue q;
  const Consts defaults{-17, 0.75f, -1.0 / 3.0, -1234, true, 1ull << 40};
  const Consts by_handler{99, -2.5f, 1e10, 32000, false, 18000000000000000000ull};
  const Consts by_bundle{-5, 1.0f / 3.0f, 0.1, -7, true, 3ull};

  int bad_default = run(q, defaults, 0, nullptr);
  int bad_handler = run(q, by_handler, 1, nullptr);

  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  input.set_specialization_constant<c_int>(by_bundle.i);
  input.set_specialization_constant<c_float>(by_bundle.f);
  input.set_specialization_constant<c_double>(by_bundle.d);
  input.set_specialization_constant<c_short>(by_bundle.s);
  input.set_specialization_constant<c_bool>(by_bundle.b);
  input.set_specialization_constant<c_ull>(by_bundle.u);
  auto exe = sycl::build(input);
  int bad_bundle = run(q, by_bundle, 2, &exe);
  // A bundle left at its defaults behaves like no bundle.
  auto plain = sycl::build(sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context()));
  int bad_plain_bundle = run(q, defaults, 2, &plain);

  std::printf("defaults: %d wrong\n", bad_default);
  std::printf("set through handler: %d wrong\n", bad_handler);
  std::printf("set on kernel_bundle: %d wrong\n", bad_bundle);
  std::printf("kernel_bundle at defaults: %d wrong\n", bad_plain_bundle);
  // CHECK: defaults: 0 wrong
  // CHECK-NEXT: set through handler: 0 wrong
  // CHECK-NEXT: set on kernel_bundle: 0 wrong
  // CHECK-NEXT: kernel_bundle at defaults: 0 wrong
  return bad_default + bad_handler + bad_bundle + bad_plain_bundle;
}
