// Kernel arguments in base classes (SYCL 2020 4.12.4: members of bases are kernel arguments
// too): a functor whose accessor is in a base of a base, with a USM pointer in a second base
// and a local accessor of its own; a functor template over a base template holding two
// accessors; a lambda capturing a struct whose accessor is in the struct's base; a functor
// whose base holds only plain data. Every result is checked against the host's computation.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -O0 -std=c++17 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr size_t N = 32;

struct OutBase {
  sycl::accessor<int, 1, sycl::access_mode::write> out;
};
struct Middle : OutBase {
  int bias;
};
struct UsmBase {
  const int *in;
};
struct DeepFunctor : Middle, UsmBase {
  sycl::local_accessor<int, 1> tile;
  void operator()(sycl::nd_item<1> it) const {
    size_t g = it.get_global_id(0), l = it.get_local_id(0);
    tile[l] = in[g] + bias;
    sycl::group_barrier(it.get_group());
    out[g] = tile[7 - l] * 10;
  }
};

template <class T> struct PairBase {
  sycl::accessor<T, 1, sycl::access_mode::read> from;
  sycl::accessor<T, 1, sycl::access_mode::read_write> to;
};
template <class T> struct AddFunctor : PairBase<T> {
  T scale;
  void operator()(sycl::id<1> i) const { this->to[i] += this->from[i] * scale; }
};

struct Scalars {
  int add;
  int mul;
};
struct Holder : Scalars {
  sycl::accessor<int, 1> data;
};

struct PlainBase {
  long first;
  int second;
};
struct PlainFunctor : PlainBase {
  int *out;
  void operator()() const { out[0] = int(first) * 100 + second; }
};

static int report(const char *what, int bad) {
  std::printf("%s: %s\n", what, bad ? "FAIL" : "ok");
  return bad;
}

int main() {
  sycl::queue q;
  int bad = 0;
  {
    std::vector<int> out(N, -1), want(N);
    int *in = sycl::malloc_shared<int>(N, q);
    for (size_t i = 0; i < N; ++i)
      in[i] = int(i * 3);
    for (size_t i = 0; i < N; ++i)
      want[i] = (in[(i / 8) * 8 + 7 - i % 8] + 9) * 10;
    {
      sycl::buffer<int> b(out.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler &h) {
        DeepFunctor f;
        f.out = sycl::accessor<int, 1, sycl::access_mode::write>(b, h);
        f.bias = 9;
        f.in = in;
        f.tile = sycl::local_accessor<int, 1>(sycl::range<1>(8), h);
        h.parallel_for(sycl::nd_range<1>(N, 8), f);
      });
    }
    sycl::free(in, q);
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += out[i] != want[i];
    bad += report("base of a base, two bases, local accessor", wrong);
  }
  {
    std::vector<float> from(N), to(N), want(N);
    for (size_t i = 0; i < N; ++i) {
      from[i] = float(i);
      to[i] = 1.0f;
      want[i] = 1.0f + float(i) * 0.5f;
    }
    {
      sycl::buffer<float> bf(from.data(), sycl::range<1>(N)), bt(to.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler &h) {
        AddFunctor<float> f;
        f.from = sycl::accessor<float, 1, sycl::access_mode::read>(bf, h);
        f.to = sycl::accessor<float, 1, sycl::access_mode::read_write>(bt, h);
        f.scale = 0.5f;
        h.parallel_for(sycl::range<1>(N), f);
      });
    }
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += to[i] != want[i];
    bad += report("functor template over a base template", wrong);
  }
  {
    std::vector<int> v(N), want(N);
    for (size_t i = 0; i < N; ++i) {
      v[i] = int(i);
      want[i] = int(i) * 4 + 6;
    }
    {
      sycl::buffer<int> b(v.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler &h) {
        Holder holder;
        holder.add = 6;
        holder.mul = 4;
        holder.data = sycl::accessor<int, 1>(b, h);
        h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
          holder.data[i] = holder.data[i] * holder.mul + holder.add;
        });
      });
    }
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += v[i] != want[i];
    bad += report("captured struct with its accessor in a base", wrong);
  }
  {
    int *out = sycl::malloc_shared<int>(1, q);
    out[0] = 0;
    PlainFunctor f;
    f.first = 12;
    f.second = 34;
    f.out = out;
    q.single_task(f).wait();
    bad += report("plain data in a base", out[0] != 1234);
    sycl::free(out, q);
  }
  return bad;
}
// CHECK: base of a base, two bases, local accessor: ok
// CHECK: functor template over a base template: ok
// CHECK: captured struct with its accessor in a base: ok
// CHECK: plain data in a base: ok
