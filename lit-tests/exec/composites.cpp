// Composite spec constants: a struct of mixed types, a nested struct with an array, an array
// wrapper; defaults, then values set through the handler.
// REQUIRES: sycl-runtime
// Native only: emulation takes composites of at most 8 bytes (driver/emulated-large-composite.cpp).
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

struct Mixed {
  char tag;
  double scale;
  int count;
};
struct Inner {
  short a;
  float v[3];
};
struct Nested {
  Inner inner;
  long long total;
  bool enabled;
};
struct Lanes {
  int lane[4];
};

constexpr sycl::specialization_id<Mixed> mixed{Mixed{'m', 0.5, 3}};
constexpr sycl::specialization_id<Nested> nested{Nested{Inner{7, {1.f, 2.f, 3.f}}, 1ll << 40, true}};
constexpr sycl::specialization_id<Lanes> lanes{Lanes{{10, 20, 30, 40}}};

struct Out {
  Mixed m;
  Nested n;
  Lanes l;
};

class Composite;

static void print(const char *what, const Out &o) {
  std::printf("%s: %c %g %d | %d %g %g %g %lld %d | %d %d %d %d\n", what, o.m.tag, o.m.scale,
              o.m.count, o.n.inner.a, o.n.inner.v[0], o.n.inner.v[1], o.n.inner.v[2], o.n.total,
              o.n.enabled, o.l.lane[0], o.l.lane[1], o.l.lane[2], o.l.lane[3]);
}

int main() {
  sycl::queue q;
  Out *out = sycl::malloc_shared<Out>(1, q);
  for (int round = 0; round < 2; ++round) {
    q.submit([&](sycl::handler &h) {
       if (round == 1) {
         h.set_specialization_constant<mixed>(Mixed{'x', -4.0, 99});
         h.set_specialization_constant<nested>(Nested{Inner{-1, {0.5f, 0.25f, 0.125f}}, -3, false});
         h.set_specialization_constant<lanes>(Lanes{{-1, -2, -3, -4}});
       }
       h.single_task<Composite>([=](sycl::kernel_handler kh) {
         out->m = kh.get_specialization_constant<mixed>();
         out->n = kh.get_specialization_constant<nested>();
         out->l = kh.get_specialization_constant<lanes>();
       });
     }).wait();
    print(round == 0 ? "defaults" : "set", *out);
  }
  sycl::free(out, q);
}
// CHECK: defaults: m 0.5 3 | 7 1 2 3 1099511627776 1 | 10 20 30 40
// CHECK: set: x -4 99 | -1 0.5 0.25 0.125 -3 0 | -1 -2 -3 -4
