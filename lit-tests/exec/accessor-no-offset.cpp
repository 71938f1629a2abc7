// Accessors carrying sycl::ext::oneapi::accessor_property_list with no_offset (and no_alias):
// whole 1-D and 2-D buffers, an access range shorter than the buffer (no offset), a named
// functor holding a no_offset accessor type spelled out, and a no_offset accessor in the same
// kernel as an ordinary ranged accessor with an offset on another buffer.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// The same with emulated spec constants (the runtime's buffer):
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

namespace oneapi = sycl::ext::oneapi;

using NoOffsetList = oneapi::accessor_property_list<oneapi::property::no_offset::instance<>>;
using NoOffsetRW = sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device,
                                  sycl::access::placeholder::false_t, NoOffsetList>;

constexpr sycl::specialization_id<int> add{4};

struct Square {
  NoOffsetRW data;
  void operator()(sycl::id<1> i, sycl::kernel_handler kh) const {
    data[i] = data[i] * data[i] + kh.get_specialization_constant<add>();
  }
};

int main() {
  sycl::queue q;
  constexpr size_t n = 48, R = 5, C = 7;
  std::vector<int> in(n), out(n, 0), part(n, -1), sq(n), grid(R * C, 0), mixed(n, 0);
  for (size_t i = 0; i < n; ++i) {
    in[i] = static_cast<int>(i * 3) - 20;
    sq[i] = static_cast<int>(i) - 10;
  }
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> bout(out.data(), sycl::range<1>(n));
    sycl::buffer<int> bpart(part.data(), sycl::range<1>(n));
    sycl::buffer<int> bsq(sq.data(), sycl::range<1>(n));
    sycl::buffer<int, 2> bgrid(grid.data(), sycl::range<2>(R, C));
    sycl::buffer<int> bmixed(mixed.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor r(bin, h, sycl::read_only, oneapi::accessor_property_list{oneapi::no_offset});
      sycl::accessor w(bout, h, sycl::write_only,
                       oneapi::accessor_property_list{oneapi::no_offset, oneapi::no_alias});
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { w[i] = r[i] * 2 + 1; });
    });
    q.submit([&](sycl::handler &h) {
      // The first 20 elements only, from element 0.
      sycl::accessor w(bpart, h, sycl::range<1>(20), sycl::write_only,
                       oneapi::accessor_property_list{oneapi::no_offset});
      h.parallel_for(sycl::range<1>(20), [=](sycl::id<1> i) {
        w[i] = static_cast<int>(i[0] + w.get_range()[0]);
      });
    });
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<add>(-1);
      h.parallel_for(sycl::range<1>(n), Square{NoOffsetRW(bsq, h, NoOffsetList{oneapi::no_offset})});
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(bgrid, h, sycl::write_only, oneapi::accessor_property_list{oneapi::no_offset});
      h.parallel_for(sycl::range<2>(R, C), [=](sycl::item<2> it) {
        g[it] = static_cast<int>(it[0] * 10 + it[1]) + static_cast<int>(g.get_range()[1]);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor r(bin, h, sycl::read_only, oneapi::accessor_property_list{oneapi::no_offset});
      // Elements 16..31 of bmixed, indexed from 0.
      sycl::accessor w(bmixed, h, sycl::range<1>(16), sycl::id<1>(16), sycl::write_only);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { w[i] = r[i] - 1000; });
    });
  }
  int bad_whole = 0, bad_part = 0, bad_functor = 0, bad_grid = 0, bad_mixed = 0;
  for (size_t i = 0; i < n; ++i) {
    bad_whole += out[i] != in[i] * 2 + 1;
    bad_part += part[i] != (i < 20 ? static_cast<int>(i) + 20 : -1);
    int s = static_cast<int>(i) - 10;
    bad_functor += sq[i] != s * s - 1;
    bad_mixed += mixed[i] != (i >= 16 && i < 32 ? in[i - 16] - 1000 : 0);
  }
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c)
      bad_grid += grid[r * C + c] != static_cast<int>(r * 10 + c + C);
  std::printf("no_offset, no_alias whole buffer: %d wrong\n", bad_whole);
  std::printf("no_offset short range: %d wrong\n", bad_part);
  std::printf("no_offset accessor in functor: %d wrong\n", bad_functor);
  std::printf("no_offset 2-D: %d wrong\n", bad_grid);
  std::printf("no_offset next to offset accessor: %d wrong\n", bad_mixed);
  // CHECK: no_offset, no_alias whole buffer: 0 wrong
  // CHECK-NEXT: no_offset short range: 0 wrong
  // CHECK-NEXT: no_offset accessor in functor: 0 wrong
  // CHECK-NEXT: no_offset 2-D: 0 wrong
  // CHECK-NEXT: no_offset next to offset accessor: 0 wrong
  return bad_whole + bad_part + bad_functor + bad_grid + bad_mixed;
}
