// A spec constant struct of 24 bytes (an int array, a float, a double) steering kernels that go
// through accessors: a 3-D ranged accessor with an offset whose block origin comes from the
// spec constant's defaults, the same kernel with values set through the handler, and an
// nd_range kernel with a local accessor reading the struct.
// REQUIRES: sycl-runtime
// Native only: emulation takes composite spec constants of at most 8 bytes.
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

struct Tile {
  int lo[3];
  float weight;
  double bias;
};
static_assert(sizeof(Tile) == 24, "Tile must be larger than the emulation limit");

constexpr sycl::specialization_id<Tile> tile{Tile{{1, 2, 0}, 2.0f, 0.5}};

class Block;
class Groups;

constexpr size_t X = 4, Y = 5, Z = 6, BX = 2, BY = 3, BZ = 4;

static int run_block(sycl::queue &q, const Tile *set, const Tile &want) {
  std::vector<double> data(X * Y * Z, -1.0);
  {
    sycl::buffer<double, 3> b(data.data(), sycl::range<3>(X, Y, Z));
    q.submit([&](sycl::handler &h) {
      if (set)
        h.set_specialization_constant<tile>(*set);
      // The host needs the offset too: it is the value the kernel reads.
      const Tile &t = set ? *set : want;
      sycl::accessor a(b, h, sycl::range<3>(BX, BY, BZ),
                       sycl::id<3>(t.lo[0], t.lo[1], t.lo[2]), sycl::read_write);
      h.parallel_for<Block>(sycl::range<3>(BX, BY, BZ), [=](sycl::id<3> i, sycl::kernel_handler kh) {
        Tile k = kh.get_specialization_constant<tile>();
        size_t gx = i[0] + k.lo[0], gy = i[1] + k.lo[1], gz = i[2] + k.lo[2];
        a[i] = a[i] + static_cast<double>((gx * Y + gy) * Z + gz) * k.weight + k.bias +
               static_cast<double>(a.get_offset()[2]) * 1000.0;
      });
    });
  }
  int bad = 0;
  for (size_t x = 0; x < X; ++x)
    for (size_t y = 0; y < Y; ++y)
      for (size_t z = 0; z < Z; ++z) {
        bool in = x >= static_cast<size_t>(want.lo[0]) && x < want.lo[0] + BX &&
                  y >= static_cast<size_t>(want.lo[1]) && y < want.lo[1] + BY &&
                  z >= static_cast<size_t>(want.lo[2]) && z < want.lo[2] + BZ;
        double v = -1.0;
        if (in)
          v = v + static_cast<double>((x * Y + y) * Z + z) * want.weight + want.bias +
              static_cast<double>(want.lo[2]) * 1000.0;
        bad += data[(x * Y + y) * Z + z] != v;
      }
  return bad;
}

int main() {
  sycl::queue q;
  const Tile defaults{{1, 2, 0}, 2.0f, 0.5};
  const Tile set{{2, 0, 2}, -0.25f, 100.0};
  int bad_def = run_block(q, nullptr, defaults);
  int bad_set = run_block(q, &set, set);

  constexpr size_t n = 64, wg = 16;
  std::vector<float> in(n), out(n, 0);
  for (size_t i = 0; i < n; ++i)
    in[i] = static_cast<float>(i % 9);
  {
    sycl::buffer<float> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<float> bout(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<tile>(set);
      sycl::accessor r(bin, h, sycl::read_only);
      sycl::accessor w(bout, h, sycl::write_only);
      sycl::local_accessor<float, 1> scratch(sycl::range<1>(wg), h);
      h.parallel_for<Groups>(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
        Tile k = kh.get_specialization_constant<tile>();
        size_t l = it.get_local_id(0);
        scratch[l] = r[it.get_global_id()] * k.weight;
        sycl::group_barrier(it.get_group());
        w[it.get_global_id()] = scratch[(l + static_cast<size_t>(k.lo[2])) % wg] +
                                static_cast<float>(k.bias);
      });
    });
  }
  int bad_groups = 0;
  for (size_t i = 0; i < n; ++i) {
    size_t g = i / wg * wg, l = i % wg;
    bad_groups += out[i] != in[g + (l + 2) % wg] * -0.25f + 100.0f;
  }
  std::printf("3-D ranged accessor, default struct: %d wrong\n", bad_def);
  std::printf("3-D ranged accessor, set struct: %d wrong\n", bad_set);
  std::printf("local accessor, set struct: %d wrong\n", bad_groups);
  // CHECK: 3-D ranged accessor, default struct: 0 wrong
  // CHECK-NEXT: 3-D ranged accessor, set struct: 0 wrong
  // CHECK-NEXT: local accessor, set struct: 0 wrong
  return bad_def + bad_set + bad_groups;
}
