// Buffers of SYCL vector types read and written through accessors: sycl::float4 with swizzles
// (simple swizzles under SYCL_SIMPLE_SWIZZLES and swizzle<...>: reversal, broadcast,
// assignment to a swizzle), sycl::int2 with element access and a swizzle, a user struct
// holding a sycl::float3 next to scalars (its alignment padding included) updated in place,
// and a 2-D buffer of sycl::int2 written element by element through the accessor.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#define SYCL_SIMPLE_SWIZZLES
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

struct Particle {
  int id;
  sycl::float3 pos;
  float mass;
};

int main() {
  sycl::queue q;
  constexpr int n = 16;
  std::vector<sycl::float4> f4(n), f4out(n);
  std::vector<sycl::int2> i2(n), i2out(n);
  std::vector<Particle> parts(n);
  for (int i = 0; i < n; ++i) {
    f4[i] = sycl::float4(i, i + 0.5f, -i, 2.f * i);
    i2[i] = sycl::int2(i, 100 - i);
    parts[i].id = i;
    parts[i].pos = sycl::float3(i, 2.f * i, 3.f * i);
    parts[i].mass = 1.f + i;
  }
  constexpr int rows = 3, cols = 4;
  std::vector<sycl::int2> grid(rows * cols, sycl::int2(0, 0));
  {
    sycl::buffer<sycl::float4> bf4(f4.data(), sycl::range<1>(n)), bf4out(f4out.data(), sycl::range<1>(n));
    sycl::buffer<sycl::int2> bi2(i2.data(), sycl::range<1>(n)), bi2out(i2out.data(), sycl::range<1>(n));
    sycl::buffer<Particle> bparts(parts.data(), sycl::range<1>(n));
    sycl::buffer<sycl::int2, 2> bgrid(grid.data(), sycl::range<2>(rows, cols));
    q.submit([&](sycl::handler &h) {
      sycl::accessor in(bf4, h, sycl::read_only);
      sycl::accessor out(bf4out, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        sycl::float4 v = in[i];
        sycl::float4 r = v.swizzle<3, 2, 1, 0>();
        r.xy() = v.zz();
        out[i] = r + v.xxxx() * 2.f;
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor in(bi2, h, sycl::read_only);
      sycl::accessor out(bi2out, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        sycl::int2 v = in[i];
        out[i] = sycl::int2(v.y() - v.x(), v.x() * v.y()) + v.swizzle<1, 0>();
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor p(bparts, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        Particle &part = p[i];
        part.pos = part.pos * part.mass + sycl::float3(part.id, 0.f, 1.f);
        part.pos.z() -= part.pos.x();
        part.mass = part.pos.y();
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(bgrid, h, sycl::read_write);
      h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::id<2> id) {
        g[id].x() = static_cast<int>(id[0]);
        g[id].y() = static_cast<int>(id[1]) * 10;
        g[id] = g[id].yx();
      });
    });
  }
  int bad_f4 = 0, bad_i2 = 0, bad_parts = 0, bad_grid = 0;
  for (int i = 0; i < n; ++i) {
    float x = i, y = i + 0.5f, z = -i;
    float e[4] = {z + 2.f * x, z + 2.f * x, y + 2.f * x, x + 2.f * x};
    for (int k = 0; k < 4; ++k)
      bad_f4 += f4out[i][k] != e[k];
    int a = i, b = 100 - i;
    bad_i2 += i2out[i].x() != (b - a) + b || i2out[i].y() != a * b + a;
    float m = 1.f + i;
    float px = i * m + i, py = 2.f * i * m, pz = 3.f * i * m + 1.f - px;
    bad_parts += parts[i].id != i || parts[i].pos.x() != px || parts[i].pos.y() != py ||
                 parts[i].pos.z() != pz || parts[i].mass != py;
  }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      bad_grid += grid[r * cols + c].x() != c * 10 || grid[r * cols + c].y() != r;
  std::printf("float4 swizzles: %d wrong\nint2 swizzles: %d wrong\nstruct with float3: %d wrong\n"
              "2-D int2: %d wrong\n",
              bad_f4, bad_i2, bad_parts, bad_grid);
  // CHECK: float4 swizzles: 0 wrong
  // CHECK-NEXT: int2 swizzles: 0 wrong
  // CHECK-NEXT: struct with float3: 0 wrong
  // CHECK-NEXT: 2-D int2: 0 wrong
  return bad_f4 + bad_i2 + bad_parts + bad_grid;
}
