// Launches the front end cannot follow into their instantiations, so only the device compile's
// reading of each kernel object describes them right: a class template's operator()(handler&)
// as the command group; a command-group functor template handed through a function template; a
// kernel in a function template referenced only by address (a table of test functions, as test
// frameworks register them); a generic lambda in a class template's member function template;
// a kernel nested in a member function template of a class template called from a function
// template. Each kernel captures accessors (and scalars, a local accessor, a USM pointer) and
// every result is checked against the host's computation.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -O0 -std=c++17 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr size_t N = 32;

// A command group as a class template's call operator.
template <class T> struct AxpyGroup {
  sycl::buffer<T> *x, *y;
  T a;
  void operator()(sycl::handler &h) const {
    sycl::accessor xs(*x, h, sycl::read_only);
    sycl::accessor ys(*y, h, sycl::read_write);
    T scale = a;
    h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { ys[i] = scale * xs[i] + ys[i]; });
  }
};

// A command-group functor template handed through a function template.
template <class T, int Shift> struct ShiftGroup {
  sycl::buffer<T> *data;
  void operator()(sycl::handler &h) const {
    sycl::accessor d(*data, h);
    sycl::local_accessor<T, 1> tile(sycl::range<1>(8), h);
    h.parallel_for(sycl::nd_range<1>(N, 8), [=](sycl::nd_item<1> it) {
      size_t l = it.get_local_id(0);
      tile[l] = d[it.get_global_id()];
      sycl::group_barrier(it.get_group());
      d[it.get_global_id()] = tile[7 - l] + Shift;
    });
  }
};
template <class Group> void submit_group(sycl::queue &q, Group g) { q.submit(g); }

// Kernels in function templates that are only referenced by address.
template <int K> void scale_test(sycl::queue &q, sycl::buffer<int> &b, int *usm) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h);
    h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { a[i] = a[i] * K + usm[i]; });
  });
}
using TestFunction = void (*)(sycl::queue &, sycl::buffer<int> &, int *);
static const TestFunction test_table[] = {&scale_test<2>, &scale_test<3>};

// A generic lambda in a member function template of a class template, and a kernel one
// template deeper (called from a function template).
template <class T> struct Runner {
  sycl::queue &q;
  template <int Bias> void add_index(sycl::buffer<T> &b) {
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(N), [=](auto i) { a[i] += T(i[0]) + T(Bias); });
    });
  }
};
template <class T> void nested(sycl::queue &q, sycl::buffer<T> &b) {
  Runner<T> r{q};
  r.template add_index<5>(b);
}

static int report(const char *what, int bad) {
  std::printf("%s: %s\n", what, bad ? "FAIL" : "ok");
  return bad;
}

int main() {
  sycl::queue q;
  int bad = 0;
  {
    std::vector<float> x(N), y(N), want(N);
    for (size_t i = 0; i < N; ++i) {
      x[i] = float(i);
      y[i] = 1.0f + float(i % 3);
      want[i] = 2.5f * x[i] + y[i];
    }
    {
      sycl::buffer<float> bx(x.data(), sycl::range<1>(N)), by(y.data(), sycl::range<1>(N));
      q.submit(AxpyGroup<float>{&bx, &by, 2.5f});
    }
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += y[i] != want[i];
    bad += report("class template command group", wrong);
  }
  {
    std::vector<int> d(N), want(N);
    for (size_t i = 0; i < N; ++i)
      d[i] = int(i * 7);
    for (size_t i = 0; i < N; ++i)
      want[i] = d[(i / 8) * 8 + 7 - i % 8] + 4;
    {
      sycl::buffer<int> b(d.data(), sycl::range<1>(N));
      submit_group(q, ShiftGroup<int, 4>{&b});
    }
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += d[i] != want[i];
    bad += report("functor template through a function template", wrong);
  }
  {
    std::vector<int> v(N), want(N);
    int *usm = sycl::malloc_shared<int>(N, q);
    for (size_t i = 0; i < N; ++i) {
      v[i] = int(i) + 1;
      usm[i] = int(i % 5);
      want[i] = (v[i] * 2 + usm[i]) * 3 + usm[i];
    }
    {
      sycl::buffer<int> b(v.data(), sycl::range<1>(N));
      for (TestFunction test : test_table)
        test(q, b, usm);
    }
    sycl::free(usm, q);
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += v[i] != want[i];
    bad += report("function templates referenced by address", wrong);
  }
  {
    std::vector<double> v(N, 0.5), want(N);
    for (size_t i = 0; i < N; ++i)
      want[i] = 0.5 + double(i) + 5.0;
    {
      sycl::buffer<double> b(v.data(), sycl::range<1>(N));
      nested(q, b);
    }
    int wrong = 0;
    for (size_t i = 0; i < N; ++i)
      wrong += v[i] != want[i];
    bad += report("generic lambda in nested templates", wrong);
  }
  return bad;
}
// CHECK: class template command group: ok
// CHECK: functor template through a function template: ok
// CHECK: function templates referenced by address: ok
// CHECK: generic lambda in nested templates: ok
