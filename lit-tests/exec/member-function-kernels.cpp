// Kernels with accessors launched from member functions: an ordinary class and a class
// template (a Pipeline holding its buffers as members), a const member function, a member
// kernel capturing a copy of a member scalar, and a member function whose kernel takes a
// kernel_handler and reads a spec constant (set on one run, the default on the other).
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr sycl::specialization_id<int> shift{11};

class Pipeline {
public:
  Pipeline(sycl::queue &q, std::vector<int> &in, std::vector<int> &out)
      : q_(q), in_(in.data(), sycl::range<1>(in.size())), out_(out.data(), sycl::range<1>(out.size())),
        n_(in.size()) {}

  void square() {
    q_.submit([&](sycl::handler &h) {
      sycl::accessor a(in_, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n_), [=](sycl::id<1> i) { a[i] = a[i] * a[i]; });
    });
  }

  void add_shift(bool set) {
    int mult = mult_;
    q_.submit([&](sycl::handler &h) {
      if (set)
        h.set_specialization_constant<shift>(-4);
      sycl::accessor src(in_, h, sycl::read_only);
      sycl::accessor dst(out_, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n_), [=](sycl::id<1> i, sycl::kernel_handler kh) {
        dst[i] = src[i] * mult + kh.get_specialization_constant<shift>();
      });
    });
  }

  int checksum() const {
    int result = 0;
    {
      sycl::buffer<int> bres(&result, sycl::range<1>(1));
      q_.submit([&](sycl::handler &h) {
        sycl::accessor src(out_, h, sycl::read_only);
        sycl::accessor res(bres, h, sycl::write_only);
        size_t n = n_;
        h.single_task([=] {
          int s = 0;
          for (size_t k = 0; k < n; ++k)
            s += src[k];
          res[0] = s;
        });
      });
    }
    return result;
  }

private:
  sycl::queue &q_;
  mutable sycl::buffer<int> in_, out_;
  size_t n_;
  int mult_ = 2;
};

template <typename T, int Dims> class TPipeline {
public:
  TPipeline(sycl::queue &q, T *data, sycl::range<Dims> r) : q_(q), buf_(data, r) {}

  void fill_linear(T base) {
    q_.submit([&](sycl::handler &h) {
      sycl::accessor a(buf_, h, sycl::write_only, sycl::no_init);
      h.parallel_for(buf_.get_range(), [=](sycl::item<Dims> it) {
        a[it] = base + static_cast<T>(it.get_linear_id());
      });
    });
  }

  void scale_with_spec(T factor, bool set) {
    q_.submit([&](sycl::handler &h) {
      if (set)
        h.set_specialization_constant<shift>(3);
      sycl::accessor a(buf_, h, sycl::read_write);
      h.parallel_for(buf_.get_range(), [=](sycl::item<Dims> it, sycl::kernel_handler kh) {
        a[it] = a[it] * factor + static_cast<T>(kh.get_specialization_constant<shift>());
      });
    });
  }

private:
  sycl::queue &q_;
  sycl::buffer<T, Dims> buf_;
};

int main() {
  sycl::queue q;
  constexpr int n = 20;
  std::vector<int> in(n), out_default(n, 0), out_set(n, 0);
  int sum_default = 0, sum_set = 0;
  for (int i = 0; i < n; ++i)
    in[i] = i - 5;
  std::vector<int> in2 = in;
  {
    Pipeline p(q, in, out_default);
    p.square();
    p.add_shift(false);
    sum_default = p.checksum();
  }
  {
    Pipeline p(q, in2, out_set);
    p.square();
    p.add_shift(true);
    sum_set = p.checksum();
  }
  std::vector<double> grid(3 * 4, 0.0);
  std::vector<short> line(10, 0);
  {
    TPipeline<double, 2> tp(q, grid.data(), sycl::range<2>(3, 4));
    tp.fill_linear(0.5);
    tp.scale_with_spec(2.0, false);
    TPipeline<short, 1> ts(q, line.data(), sycl::range<1>(10));
    ts.fill_linear(short(-3));
    ts.scale_with_spec(short(4), true);
  }
  int bad_default = 0, bad_set = 0, bad_grid = 0, bad_line = 0;
  int exp_default = 0, exp_set = 0;
  for (int i = 0; i < n; ++i) {
    int sq = (i - 5) * (i - 5);
    bad_default += in[i] != sq || out_default[i] != sq * 2 + 11;
    bad_set += in2[i] != sq || out_set[i] != sq * 2 - 4;
    exp_default += sq * 2 + 11;
    exp_set += sq * 2 - 4;
  }
  bad_default += sum_default != exp_default;
  bad_set += sum_set != exp_set;
  for (int l = 0; l < 12; ++l)
    bad_grid += grid[l] != (0.5 + l) * 2.0 + 11;
  for (int l = 0; l < 10; ++l)
    bad_line += line[l] != (-3 + l) * 4 + 3;
  std::printf("class members, default spec constant: %d wrong\n", bad_default);
  std::printf("class members, set spec constant: %d wrong\n", bad_set);
  std::printf("class template <double, 2>: %d wrong\n", bad_grid);
  std::printf("class template <short, 1>: %d wrong\n", bad_line);
  // CHECK: class members, default spec constant: 0 wrong
  // CHECK-NEXT: class members, set spec constant: 0 wrong
  // CHECK-NEXT: class template <double, 2>: 0 wrong
  // CHECK-NEXT: class template <short, 1>: 0 wrong
  return bad_default + bad_set + bad_grid + bad_line;
}
