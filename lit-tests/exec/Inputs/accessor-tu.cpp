// Second TU of separate-accessors.cpp and split-accessors.cpp: kernels with buffer accessors
// (read_only with read_write over a range, a 2-D ranged accessor with an offset reading an
// anonymous-namespace spec id through a kernel_handler, a local accessor with a barrier, a
// single_task functor with a write accessor).
#include <sycl/sycl.hpp>
#include <vector>

namespace {
constexpr sycl::specialization_id<int> bump{30};
}
class OtherSaxpy;
class OtherWindow;
class OtherReverse;

void other_saxpy(sycl::queue &q, const std::vector<float> &x, std::vector<float> &y, float a) {
  sycl::buffer<float> bx(x.data(), sycl::range<1>(x.size()));
  sycl::buffer<float> by(y.data(), sycl::range<1>(y.size()));
  q.submit([&](sycl::handler &h) {
    sycl::accessor rx(bx, h, sycl::read_only);
    sycl::accessor ry(by, h, sycl::read_write);
    h.parallel_for<OtherSaxpy>(sycl::range<1>(x.size()), [=](sycl::id<1> i) { ry[i] = a * rx[i] + ry[i]; });
  });
}

// Adds 'bump' (the spec constant) to rows [1, rows-1) and columns [2, cols) of the grid.
void other_window(sycl::queue &q, std::vector<int> &grid, size_t rows, size_t cols, bool set) {
  sycl::buffer<int, 2> b(grid.data(), sycl::range<2>(rows, cols));
  q.submit([&](sycl::handler &h) {
    if (set)
      h.set_specialization_constant<bump>(-300);
    sycl::accessor a(b, h, sycl::range<2>(rows - 2, cols - 2), sycl::id<2>(1, 2), sycl::read_write);
    h.parallel_for<OtherWindow>(sycl::range<2>(rows - 2, cols - 2), [=](sycl::id<2> i, sycl::kernel_handler kh) {
      a[i] += kh.get_specialization_constant<bump>();
    });
  });
}

// Reverses each group of 'wg' elements through a local accessor.
void other_reverse(sycl::queue &q, const std::vector<int> &in, std::vector<int> &out, size_t wg) {
  sycl::buffer<int> bin(in.data(), sycl::range<1>(in.size()));
  sycl::buffer<int> bout(out.data(), sycl::range<1>(out.size()));
  q.submit([&](sycl::handler &h) {
    sycl::accessor src(bin, h, sycl::read_only);
    sycl::accessor dst(bout, h, sycl::write_only);
    sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
    h.parallel_for<OtherReverse>(sycl::nd_range<1>(in.size(), wg), [=](sycl::nd_item<1> it) {
      size_t l = it.get_local_id(0);
      tile[l] = src[it.get_global_id()];
      sycl::group_barrier(it.get_group());
      dst[it.get_global_id()] = tile[wg - 1 - l];
    });
  });
}

struct Countdown {
  sycl::accessor<int, 1, sycl::access_mode::write> out;
  int start;
  void operator()() const {
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = start - static_cast<int>(i);
  }
};

void other_countdown(sycl::queue &q, std::vector<int> &out, int start) {
  sycl::buffer<int> b(out.data(), sycl::range<1>(out.size()));
  q.submit([&](sycl::handler &h) {
    h.single_task(Countdown{sycl::accessor<int, 1, sycl::access_mode::write>(b, h), start});
  });
}
