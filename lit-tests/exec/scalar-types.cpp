// Every scalar type as a spec constant: defaults, then values set through the handler.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<bool> s_bool{true};
constexpr sycl::specialization_id<char> s_char{'a'};
constexpr sycl::specialization_id<signed char> s_schar{-5};
constexpr sycl::specialization_id<unsigned char> s_uchar{200};
constexpr sycl::specialization_id<short> s_short{-300};
constexpr sycl::specialization_id<unsigned short> s_ushort{60000};
constexpr sycl::specialization_id<int> s_int{-70000};
constexpr sycl::specialization_id<unsigned> s_uint{4000000000u};
constexpr sycl::specialization_id<long> s_long{-5000000000l};
constexpr sycl::specialization_id<unsigned long> s_ulong{10000000000ul};
constexpr sycl::specialization_id<long long> s_llong{-6000000000ll};
constexpr sycl::specialization_id<unsigned long long> s_ullong{18000000000000000000ull};
constexpr sycl::specialization_id<float> s_float{1.5f};
constexpr sycl::specialization_id<double> s_double{2.25};

struct Values {
  bool b; char c; signed char sc; unsigned char uc; short s; unsigned short us; int i;
  unsigned u; long l; unsigned long ul; long long ll; unsigned long long ull; float f; double d;
};

class ReadAll;

static void print(const char *what, const Values &v) {
  std::printf("%s: %d %c %d %u %d %u %d %u %ld %lu %lld %llu %g %g\n", what, v.b, v.c, v.sc, v.uc,
              v.s, v.us, v.i, v.u, v.l, v.ul, v.ll, v.ull, v.f, v.d);
}

int main() {
  sycl::queue q;
  Values *out = sycl::malloc_shared<Values>(1, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1) {
         h.set_specialization_constant<s_bool>(false);
         h.set_specialization_constant<s_char>('z');
         h.set_specialization_constant<s_schar>(-100);
         h.set_specialization_constant<s_uchar>(7);
         h.set_specialization_constant<s_short>(12345);
         h.set_specialization_constant<s_ushort>(1);
         h.set_specialization_constant<s_int>(42);
         h.set_specialization_constant<s_uint>(3u);
         h.set_specialization_constant<s_long>(-1l);
         h.set_specialization_constant<s_ulong>(123456789012ul);
         h.set_specialization_constant<s_llong>(9000000000ll);
         h.set_specialization_constant<s_ullong>(5ull);
         h.set_specialization_constant<s_float>(-0.125f);
         h.set_specialization_constant<s_double>(1e100);
       }
       h.single_task<ReadAll>([=](sycl::kernel_handler kh) {
         out->b = kh.get_specialization_constant<s_bool>();
         out->c = kh.get_specialization_constant<s_char>();
         out->sc = kh.get_specialization_constant<s_schar>();
         out->uc = kh.get_specialization_constant<s_uchar>();
         out->s = kh.get_specialization_constant<s_short>();
         out->us = kh.get_specialization_constant<s_ushort>();
         out->i = kh.get_specialization_constant<s_int>();
         out->u = kh.get_specialization_constant<s_uint>();
         out->l = kh.get_specialization_constant<s_long>();
         out->ul = kh.get_specialization_constant<s_ulong>();
         out->ll = kh.get_specialization_constant<s_llong>();
         out->ull = kh.get_specialization_constant<s_ullong>();
         out->f = kh.get_specialization_constant<s_float>();
         out->d = kh.get_specialization_constant<s_double>();
       });
     }).wait();
    print(round == 0 ? "defaults" : "set", *out);
  }
  sycl::free(out, q);
}
// CHECK: defaults: 1 a -5 200 -300 60000 -70000 4000000000 -5000000000 10000000000 -6000000000 18000000000000000000 1.5 2.25
// CHECK: set: 0 z -100 7 12345 1 42 3 -1 123456789012 9000000000 5 -0.125 1e+100
