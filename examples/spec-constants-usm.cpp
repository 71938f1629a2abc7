// SYCL 2020 specialization constants over USM, built with sycl-clang++ and run on Intel's SYCL
// runtime (OpenCL CPU device). A polynomial y = a*x*x + b*x + c whose coefficients are spec
// constants: first with their defaults, then with values set at run time through the handler,
// then through a kernel bundle. Every result is checked against a host computation; the exit
// status says whether all matched.
#include <sycl/sycl.hpp>

#include <cstdio>

namespace {
// Internal linkage: the symbolic ID carries the TU's unique prefix.
constexpr sycl::specialization_id<int> coeff_a{2};
} // namespace
constexpr sycl::specialization_id<int> coeff_b{3};

struct Offset {
  float value;
  int scale;
};
constexpr sycl::specialization_id<Offset> coeff_c{Offset{0.5f, 10}};

class Polynomial;
class PolynomialFromBundle;

constexpr int N = 8;

struct Coefficients {
  int a, b;
  Offset c;
};

static bool run_and_check(sycl::queue &q, float *out, const Coefficients &k, bool set_through_handler) {
  q.submit([&](sycl::handler &h) {
     if (set_through_handler) {
       h.set_specialization_constant<coeff_a>(k.a);
       h.set_specialization_constant<coeff_b>(k.b);
       h.set_specialization_constant<coeff_c>(k.c);
     }
     h.parallel_for<Polynomial>(sycl::range<1>(N), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       float x = static_cast<float>(i[0]);
       int a = kh.get_specialization_constant<coeff_a>();
       int b = kh.get_specialization_constant<coeff_b>();
       Offset c = kh.get_specialization_constant<coeff_c>();
       out[i] = a * x * x + b * x + c.value * c.scale;
     });
   }).wait();
  bool ok = true;
  std::printf("a=%d b=%d c=%g*%d:", k.a, k.b, k.c.value, k.c.scale);
  for (int i = 0; i < N; ++i) {
    float x = static_cast<float>(i);
    float expected = k.a * x * x + k.b * x + k.c.value * k.c.scale;
    std::printf(" %g", out[i]);
    ok = ok && out[i] == expected;
  }
  std::printf("%s\n", ok ? "" : "  <-- MISMATCH");
  return ok;
}

int main() {
  sycl::queue q{sycl::default_selector_v};
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  float *out = sycl::malloc_shared<float>(N, q);
  bool ok = true;

  std::printf("defaults:       ");
  ok &= run_and_check(q, out, Coefficients{2, 3, Offset{0.5f, 10}}, false);
  std::printf("set in handler: ");
  ok &= run_and_check(q, out, Coefficients{-1, 7, Offset{0.25f, 4}}, true);

  // The same through a kernel bundle built with the values set.
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  ok &= input.has_specialization_constant<coeff_a>() && input.has_specialization_constant<coeff_c>();
  input.set_specialization_constant<coeff_a>(5);
  input.set_specialization_constant<coeff_b>(0);
  input.set_specialization_constant<coeff_c>(Offset{1.5f, 2});
  auto executable = sycl::build(input);
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(executable);
     h.parallel_for<PolynomialFromBundle>(sycl::range<1>(N), [=](sycl::id<1> i, sycl::kernel_handler kh) {
       float x = static_cast<float>(i[0]);
       Offset c = kh.get_specialization_constant<coeff_c>();
       out[i] = kh.get_specialization_constant<coeff_a>() * x * x +
                kh.get_specialization_constant<coeff_b>() * x + c.value * c.scale;
     });
   }).wait();
  bool bundle_ok = true;
  std::printf("kernel bundle:   a=5 b=0 c=1.5*2:");
  for (int i = 0; i < N; ++i) {
    std::printf(" %g", out[i]);
    bundle_ok = bundle_ok && out[i] == 5.0f * i * i + 3.0f;
  }
  std::printf("%s\n", bundle_ok ? "" : "  <-- MISMATCH");
  ok &= bundle_ok;

  sycl::free(out, q);
  std::printf("%s\n", ok ? "all results match the host computation" : "FAILED");
  return ok ? 0 : 1;
}
