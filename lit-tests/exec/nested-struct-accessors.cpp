// Captured structs nesting accessors two levels deep: an outer struct holding scalars and an
// inner struct that holds a read accessor, a write accessor, a USM pointer and scalars; an
// array of two such outer structs captured in one kernel; and a named functor whose member is
// the outer struct, with a kernel_handler reading a spec constant (set and default). Each accessor must reach
// the device as its own decomposed arguments, with the scalars around it in place.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<short> extra{4};

using ReadAcc = sycl::accessor<int, 1, sycl::access_mode::read>;
using WriteAcc = sycl::accessor<int, 1, sycl::access_mode::write>;

struct Inner {
  char tag;
  ReadAcc in;
  double scale;
  WriteAcc out;
  long *usm;
  int add;
};

struct Outer {
  short before;
  Inner inner;
  float after;
};

struct NestedFunctor {
  Outer o;
  void operator()(sycl::id<1> i, sycl::kernel_handler kh) const {
    int v = o.inner.in[i] + kh.get_specialization_constant<extra>();
    o.inner.out[i] = v * o.before;
    o.inner.usm[i] = v + static_cast<long>(o.after);
  }
};

int main() {
  sycl::queue q;
  constexpr int n = 16;
  std::vector<int> in0(n), in1(n), out0(n, 0), out1(n, 0), out2(n, 0), out3(n, 0), out4(n, 0);
  for (int i = 0; i < n; ++i) {
    in0[i] = i + 1;
    in1[i] = 50 - 3 * i;
  }
  long *usm = sycl::malloc_shared<long>(5 * n, q);
  for (int i = 0; i < 5 * n; ++i)
    usm[i] = -1;
  {
    sycl::buffer<int> b_in0(in0.data(), sycl::range<1>(n)), b_in1(in1.data(), sycl::range<1>(n));
    sycl::buffer<int> b_out0(out0.data(), sycl::range<1>(n)), b_out1(out1.data(), sycl::range<1>(n));
    sycl::buffer<int> b_out2(out2.data(), sycl::range<1>(n)), b_out3(out3.data(), sycl::range<1>(n)),
        b_out4(out4.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      Outer o{3, Inner{'a', ReadAcc(b_in0, h), 0.5, WriteAcc(b_out0, h), usm, 7}, 2.5f};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        int v = static_cast<int>(o.inner.in[i] * o.inner.scale * 4) + o.inner.add;
        o.inner.out[i] = v + o.before + o.inner.tag;
        o.inner.usm[i] = v * static_cast<long>(o.after * 2);
      });
    });
    q.submit([&](sycl::handler &h) {
      Outer pair[2] = {Outer{-1, Inner{'b', ReadAcc(b_in1, h), 2.0, WriteAcc(b_out1, h), usm + n, 1}, 0.f},
                       Outer{2, Inner{'c', ReadAcc(b_in0, h), -1.0, WriteAcc(b_out2, h), usm + 2 * n, -5}, 1.f}};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        for (int k = 0; k < 2; ++k) {
          const Inner &in = pair[k].inner;
          int v = static_cast<int>(in.in[i] * in.scale) + in.add * pair[k].before;
          in.out[i] = v;
          in.usm[i] = v + in.tag + static_cast<long>(pair[k].after);
        }
      });
    });
    for (bool set : {false, true})
      q.submit([&](sycl::handler &h) {
        if (set)
          h.set_specialization_constant<extra>(short(-20));
        Outer o{short(set ? 5 : 1),
                Inner{'d', ReadAcc(b_in1, h), 1.0, WriteAcc(set ? b_out3 : b_out4, h), usm + (set ? 3 : 4) * n, 0},
                set ? 10.f : 0.f};
        h.parallel_for(sycl::range<1>(n), NestedFunctor{o});
      });
  }
  int bad_single = 0, bad_array = 0, bad_functor = 0;
  for (int i = 0; i < n; ++i) {
    int v = static_cast<int>(in0[i] * 0.5 * 4) + 7;
    bad_single += out0[i] != v + 3 + 'a' || usm[i] != v * 5L;
    int v1 = static_cast<int>(in1[i] * 2.0) + 1 * -1;
    int v2 = static_cast<int>(in0[i] * -1.0) + -5 * 2;
    bad_array += out1[i] != v1 || usm[n + i] != v1 + 'b' + 0;
    bad_array += out2[i] != v2 || usm[2 * n + i] != v2 + 'c' + 1;
    int w = in1[i] - 20, d = in1[i] + 4;
    bad_functor += out3[i] != w * 5 || usm[3 * n + i] != w + 10;
    bad_functor += out4[i] != d || usm[4 * n + i] != d;
  }
  std::printf("struct in struct: %d wrong\narray of nested structs: %d wrong\n"
              "functor holding nested struct: %d wrong\n",
              bad_single, bad_array, bad_functor);
  // CHECK: struct in struct: 0 wrong
  // CHECK-NEXT: array of nested structs: 0 wrong
  // CHECK-NEXT: functor holding nested struct: 0 wrong
  sycl::free(usm, q);
  return bad_single + bad_array + bad_functor;
}
