// Kernels launched from function templates and from members of class templates capture
// accessors of the instantiation's types: the front end finds the launches in the
// instantiated bodies, so each instantiation gets its own decomposed arguments.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

template <typename T> void scale(sycl::queue &q, std::vector<T> &data, T factor) {
  sycl::buffer<T> b(data.data(), sycl::range<1>(data.size()));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(b, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(data.size()), [=](sycl::id<1> i) { a[i] = a[i] * factor; });
  });
}

template <typename T, int Dims> struct Filler {
  T value;
  void run(sycl::queue &q, sycl::buffer<T, Dims> &b) {
    T v = value;
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h, sycl::write_only);
      h.parallel_for(b.get_range(), [=](sycl::item<Dims> it) { a[it] = v + static_cast<T>(it.get_linear_id()); });
    });
  }
};

int main() {
  sycl::queue q;
  std::vector<int> i32(10);
  std::vector<double> f64(10);
  for (int i = 0; i < 10; ++i) {
    i32[i] = i;
    f64[i] = i + 0.5;
  }
  scale(q, i32, 3);
  scale(q, f64, 0.5);
  std::vector<short> grid(12, 0);
  {
    sycl::buffer<short, 2> b(grid.data(), sycl::range<2>(3, 4));
    Filler<short, 2>{short(40)}.run(q, b);
  }
  int bad_i = 0, bad_d = 0, bad_g = 0;
  for (int i = 0; i < 10; ++i) {
    bad_i += i32[i] != 3 * i;
    bad_d += f64[i] != (i + 0.5) * 0.5;
  }
  for (int l = 0; l < 12; ++l)
    bad_g += grid[l] != 40 + l;
  std::printf("function template, int: %d wrong\nfunction template, double: %d wrong\n"
              "class template member: %d wrong\n",
              bad_i, bad_d, bad_g);
  // CHECK: function template, int: 0 wrong
  // CHECK-NEXT: function template, double: 0 wrong
  // CHECK-NEXT: class template member: 0 wrong
  return bad_i + bad_d + bad_g;
}
