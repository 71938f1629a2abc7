// Spec ids named only in template contexts, set through the handler at run time and read in
// kernels: static members and member variable templates of class templates (class-type,
// builtin, non-type and nested-template arguments, from int and double instantiations), a plain class's member variable template,
// a namespace-scope variable template, a class template in an anonymous namespace, all from a
// kernel in a function template; spec ids passed as `auto &` through another function template
// and as a `const specialization_id<int> &` functor parameter; and spec ids only device code
// instantiates (a functor template's operator(), a generic lambda kernel), read with their
// defaults.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

struct Tag {};
template <typename T> struct Box {};
struct Five {
  static constexpr int value = 5;
};
template <typename T> struct holder {
  static constexpr sycl::specialization_id<int> sc{sizeof(T)};
  template <int N> static constexpr sycl::specialization_id<int> vt{N};
};
template <int N, typename T> struct Pair {
  static constexpr sycl::specialization_id<T> sc{T(N)};
};
struct Plain {
  template <typename T> static constexpr sycl::specialization_id<T> m{T(2)};
};
template <typename T> constexpr sycl::specialization_id<T> scaled{T(3)};
namespace {
template <int N> struct Hidden {
  static constexpr sycl::specialization_id<short> sc{short(N)};
};
} // namespace

// Kernel in a function template: every spec id depends on T.
template <typename T> void dependent(sycl::queue &q, double *out) {
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<holder<T>::sc>(11);
     h.set_specialization_constant<holder<Box<T>>::template vt<3>>(12);
     h.set_specialization_constant<holder<holder<T>>::sc>(13);
     h.set_specialization_constant<Pair<4, T>::sc>(T(14));
     h.set_specialization_constant<Plain::m<T>>(T(15));
     h.set_specialization_constant<scaled<T>>(T(16));
     h.set_specialization_constant<Hidden<sizeof(T)>::sc>(short(17));
     h.single_task([=](sycl::kernel_handler kh) {
       out[0] = kh.get_specialization_constant<holder<T>::sc>();
       out[1] = kh.get_specialization_constant<holder<Box<T>>::template vt<3>>();
       out[2] = kh.get_specialization_constant<holder<holder<T>>::sc>();
       out[3] = kh.get_specialization_constant<Pair<4, T>::sc>();
       out[4] = kh.get_specialization_constant<Plain::m<T>>();
       out[5] = kh.get_specialization_constant<scaled<T>>();
       out[6] = kh.get_specialization_constant<Hidden<sizeof(T)>::sc>();
     });
   }).wait();
}

// A spec id as an `auto &` template argument, from a function template's instantiation.
template <auto &S> void by_reference(sycl::queue &q, double *out, int value) {
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<S>(value);
     h.single_task([=](sycl::kernel_handler kh) { out[7] = kh.get_specialization_constant<S>(); });
   }).wait();
}
template <typename T> void through(sycl::queue &q, double *out) {
  by_reference<holder<T>::template vt<T::value>>(q, out, 21);
}

// Functor templates: their operator() exists only in device code.
template <const sycl::specialization_id<int> &S> struct ByConstRef {
  double *out;
  void operator()(sycl::kernel_handler kh) const { out[8] = kh.get_specialization_constant<S>(); }
};
template <typename T> struct Functor {
  double *out;
  void operator()(sycl::kernel_handler kh) const {
    out[9] = kh.get_specialization_constant<holder<T>::template vt<6>>();
    out[10] = kh.get_specialization_constant<holder<Box<T>>::sc>();
  }
};

int main() {
  sycl::queue q;
  double *out = sycl::malloc_shared<double>(12, q);
  int bad = 0;
  auto expect = [&](const char *what, int index, double want) {
    if (out[index] != want) {
      std::printf("%s: got %g, want %g\n", what, out[index], want);
      ++bad;
    }
  };
  const char *names[] = {"holder<T>::sc", "holder<Box<T>>::vt<3>", "holder<holder<T>>::sc",
                         "Pair<4, T>::sc", "Plain::m<T>", "scaled<T>", "Hidden<sizeof(T)>::sc"};
  dependent<int>(q, out);
  for (int i = 0; i < 7; ++i)
    expect(names[i], i, 11 + i);
  dependent<double>(q, out);
  for (int i = 0; i < 7; ++i)
    expect(names[i], i, 11 + i);
  through<Five>(q, out);
  expect("auto & through a template", 7, 21);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<holder<float>::vt<9>>(22);
     h.single_task(ByConstRef<holder<float>::vt<9>>{out});
   }).wait();
  expect("const specialization_id<int> &", 8, 22);
  q.submit([&](sycl::handler &h) { h.single_task(Functor<Tag>{out}); }).wait();
  expect("functor template, member variable template", 9, 6);
  expect("functor template, holder<Box<Tag>>::sc", 10, sizeof(Box<Tag>));
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(1), [=](auto i, sycl::kernel_handler kh) {
       out[11] = kh.get_specialization_constant<holder<decltype(i)>::sc>();
     });
   }).wait();
  expect("generic lambda", 11, sizeof(sycl::item<1>));
  sycl::free(out, q);
  std::printf("%d wrong\n", bad);
  return bad;
}
// CHECK: 0 wrong
