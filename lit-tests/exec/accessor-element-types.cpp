// Accessors over element types other than int and the ways a kernel can reach their memory:
// char, bool and double buffers, a buffer of structs, an accessor of const int (converted from
// a read_write accessor), atomic_ref on accessor elements, get_multi_ptr, and begin()/end()
// iteration of a ranged (offset) accessor.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

struct Particle {
  float x;
  short id;
  char kind;
  double mass;
};

constexpr sycl::specialization_id<char> kind_shift{1};

int main() {
  sycl::queue q;
  constexpr size_t n = 40;
  std::vector<char> chars(n);
  bool flags[n];
  std::vector<double> dbl(n, 0);
  std::vector<Particle> parts(n);
  std::vector<int> cin(n), cout_(n, 0), hist(8, 0), viaptr(n, 0), iter(n, 0);
  for (size_t i = 0; i < n; ++i) {
    chars[i] = static_cast<char>('A' + i % 26);
    flags[i] = i % 3 == 0;
    parts[i] = Particle{0.5f * static_cast<float>(i), static_cast<short>(i * 100), static_cast<char>('a' + i % 5), 1.0 + i};
    cin[i] = static_cast<int>(i * i % 29);
    iter[i] = static_cast<int>(i);
  }
  {
    sycl::buffer<char> bchars(chars.data(), sycl::range<1>(n));
    sycl::buffer<bool> bflags(flags, sycl::range<1>(n));
    sycl::buffer<double> bdbl(dbl.data(), sycl::range<1>(n));
    sycl::buffer<Particle> bparts(parts.data(), sycl::range<1>(n));
    sycl::buffer<int> bcin(cin.data(), sycl::range<1>(n));
    sycl::buffer<int> bcout(cout_.data(), sycl::range<1>(n));
    sycl::buffer<int> bhist(hist.data(), sycl::range<1>(8));
    sycl::buffer<int> bptr(viaptr.data(), sycl::range<1>(n));
    sycl::buffer<int> biter(iter.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<kind_shift>(2);
      sycl::accessor c(bchars, h, sycl::read_write);
      sycl::accessor f(bflags, h, sycl::read_write);
      sycl::accessor d(bdbl, h, sycl::write_only);
      sycl::accessor p(bparts, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        c[i] = static_cast<char>(c[i] + 1);
        f[i] = !f[i];
        Particle pt = p[i];
        d[i] = pt.mass * pt.x;
        pt.x += 1.0f;
        pt.id = static_cast<short>(-pt.id);
        pt.kind = static_cast<char>(pt.kind + kh.get_specialization_constant<kind_shift>());
        pt.mass *= 2;
        p[i] = pt;
      });
    });
    q.submit([&](sycl::handler &h) {
      // Converted from a read_write accessor of int, as SYCL 2020 allows.
      sycl::accessor<const int, 1, sycl::access_mode::read> src =
          sycl::accessor<int, 1, sycl::access_mode::read_write>(bcin, h);
      sycl::accessor dst(bcout, h, sycl::write_only);
      sycl::accessor hs(bhist, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        dst[i] = src[i] + src[(i[0] + 1) % n];
        sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> bin(hs[src[i] % 8]);
        bin.fetch_add(1);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor w(bptr, h, sycl::write_only);
      sycl::accessor r(bcin, h, sycl::read_only);
      h.single_task([=] {
        auto out = w.get_multi_ptr<sycl::access::decorated::no>();
        auto in = r.get_multi_ptr<sycl::access::decorated::no>();
        for (size_t i = 0; i < n; ++i)
          out[i] = in[n - 1 - i] * 2;
      });
    });
    q.submit([&](sycl::handler &h) {
      // Elements 10..29: begin() points at element 10.
      sycl::accessor a(biter, h, sycl::range<1>(20), sycl::id<1>(10), sycl::read_write);
      h.single_task([=] {
        int k = 0;
        for (auto it = a.begin(); it != a.end(); ++it)
          *it = *it * 100 + k++;
      });
    });
  }
  int bad_char = 0, bad_bool = 0, bad_double = 0, bad_struct = 0, bad_const = 0, bad_hist = 0,
      bad_ptr = 0, bad_iter = 0;
  int want_hist[8] = {0};
  for (size_t i = 0; i < n; ++i) {
    bad_char += chars[i] != static_cast<char>('A' + i % 26 + 1);
    bad_bool += flags[i] != (i % 3 != 0);
    float x0 = 0.5f * static_cast<float>(i);
    bad_double += dbl[i] != (1.0 + i) * x0;
    const Particle &p = parts[i];
    bad_struct += p.x != x0 + 1.0f || p.id != static_cast<short>(-static_cast<short>(i * 100)) ||
                  p.kind != static_cast<char>('a' + i % 5 + 2) || p.mass != 2 * (1.0 + i);
    bad_const += cout_[i] != cin[i] + cin[(i + 1) % n];
    want_hist[cin[i] % 8]++;
    bad_ptr += viaptr[i] != cin[n - 1 - i] * 2;
    int wi = static_cast<int>(i);
    bad_iter += iter[i] != (i >= 10 && i < 30 ? wi * 100 + wi - 10 : wi);
  }
  for (int k = 0; k < 8; ++k)
    bad_hist += hist[k] != want_hist[k];
  std::printf("char: %d wrong\nbool: %d wrong\ndouble: %d wrong\nstruct: %d wrong\n", bad_char,
              bad_bool, bad_double, bad_struct);
  std::printf("const int: %d wrong\natomic_ref: %d wrong\nget_multi_ptr: %d wrong\niterators: %d wrong\n",
              bad_const, bad_hist, bad_ptr, bad_iter);
  // CHECK: char: 0 wrong
  // CHECK-NEXT: bool: 0 wrong
  // CHECK-NEXT: double: 0 wrong
  // CHECK-NEXT: struct: 0 wrong
  // CHECK-NEXT: const int: 0 wrong
  // CHECK-NEXT: atomic_ref: 0 wrong
  // CHECK-NEXT: get_multi_ptr: 0 wrong
  // CHECK-NEXT: iterators: 0 wrong
  return bad_char + bad_bool + bad_double + bad_struct + bad_const + bad_hist + bad_ptr + bad_iter;
}
