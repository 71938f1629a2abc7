// group::async_work_group_copy in both directions (global to local, local to global with a
// stride on the global side), for scalars, vectors and half, then group::wait_for, every value
// checked against the host. Before, the device compile
// failed in Intel's headers (use of undeclared identifier '__spirv_GroupAsyncCopy'); with the
// builtin only declared, Intel's CPU runtime could not find the program's async copy (its
// event was a pointer argument). Also built at -O0, with the first case's global side from an
// address_space_cast of a USM pointer: unoptimised, both crashed Intel's CPU compiler (a
// segmentation fault building the program) until unoptimised device code had its calls
// inlined.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -Wno-deprecated-declarations %s -o %t/app
// RUN: %t/app | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 -Wno-deprecated-declarations %s -o %t/app-O0
// RUN: %t/app-O0 | FileCheck %s
// CHECK: global to local int: 256 checked
// CHECK: local to global strided float: 768 checked
// CHECK: vectors int4: 128 checked
// CHECK: half: 256 checked
// CHECK: all values as computed on the host
#include <sycl/sycl.hpp>
#include <cstdio>

namespace {
constexpr size_t groups = 4, local = 64, count = groups * local;
int failures = 0;

template <typename T> void expect(const char *what, const T *got, const T *want, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += !(got[i] == want[i]);
  if (bad)
    std::printf("%s: %zu of %zu wrong\n", what, bad, n);
  else
    std::printf("%s: %zu checked\n", what, n);
  failures += bad != 0;
}

// Each group copies its slice into local memory and reads it reversed.
void global_to_local(sycl::queue &q) {
  int *in = sycl::malloc_shared<int>(count, q), *out = sycl::malloc_shared<int>(count, q);
  std::vector<int> want(count);
  for (size_t i = 0; i < count; ++i)
    in[i] = int(i * 7 + 1);
  for (size_t i = 0; i < count; ++i)
    want[i] = in[i / local * local + (local - 1 - i % local)];
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(local, h);
     h.parallel_for(sycl::nd_range<1>(count, local), [=](sycl::nd_item<1> it) {
       auto g = it.get_group();
       auto from = sycl::address_space_cast<sycl::access::address_space::global_space,
                                            sycl::access::decorated::yes>(in + g.get_group_id(0) * local);
       auto e = g.async_work_group_copy(tile.get_multi_ptr<sycl::access::decorated::yes>(), from, local);
       g.wait_for(e);
       out[it.get_global_id(0)] = tile[local - 1 - it.get_local_id(0)];
     });
   }).wait();
  expect("global to local int", out, want.data(), count);
  sycl::free(in, q);
  sycl::free(out, q);
}

// Each group fills local memory, then copies it out to every third element of the output.
void local_to_global_strided(sycl::queue &q) {
  constexpr size_t stride = 3;
  std::vector<float> out(count * stride, -1.0f), want(count * stride, -1.0f);
  for (size_t i = 0; i < count; ++i)
    want[(i / local) * local * stride + (i % local) * stride] = float(i) * 0.5f;
  {
    sycl::buffer<float> out_buf(out.data(), count * stride);
    q.submit([&](sycl::handler &h) {
      sycl::accessor to{out_buf, h, sycl::read_write};
      sycl::local_accessor<float, 1> tile(local, h);
      h.parallel_for(sycl::nd_range<1>(count, local), [=](sycl::nd_item<1> it) {
        auto g = it.get_group();
        tile[it.get_local_id(0)] = float(it.get_global_id(0)) * 0.5f;
        sycl::group_barrier(g);
        auto slice = to.get_multi_ptr<sycl::access::decorated::yes>() + g.get_group_id(0) * local * stride;
        auto e = g.async_work_group_copy(slice, tile.get_multi_ptr<sycl::access::decorated::yes>(), local, stride);
        g.wait_for(e);
      });
    });
  }
  expect("local to global strided float", out.data(), want.data(), count * stride);
}

// Vectors and half: copied in and straight back out, with the element doubled on the way.
template <typename T> void round_trip(sycl::queue &q, const char *what, size_t n) {
  std::vector<T> in(n), got(n), want(n);
  for (size_t i = 0; i < n; ++i) {
    in[i] = T(int(i % 50));
    want[i] = in[i] + in[i];
  }
  const size_t group = n / groups;
  {
    sycl::buffer<T> in_buf(in.data(), n), out_buf(got.data(), n);
    q.submit([&](sycl::handler &h) {
      sycl::accessor from{in_buf, h, sycl::read_only};
      sycl::accessor to{out_buf, h, sycl::write_only};
      sycl::local_accessor<T, 1> tile(group, h);
      h.parallel_for(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) {
        auto g = it.get_group();
        auto base = g.get_group_id(0) * group;
        auto local_tile = tile.template get_multi_ptr<sycl::access::decorated::yes>();
        g.wait_for(g.async_work_group_copy(
            local_tile, from.template get_multi_ptr<sycl::access::decorated::yes>() + base, group));
        tile[it.get_local_id(0)] = tile[it.get_local_id(0)] + tile[it.get_local_id(0)];
        sycl::group_barrier(g);
        g.wait_for(g.async_work_group_copy(
            to.template get_multi_ptr<sycl::access::decorated::yes>() + base, local_tile, group));
      });
    });
  }
  if constexpr (std::is_same_v<T, sycl::int4>) {
    std::vector<int> flat_got, flat_want;
    for (size_t i = 0; i < n; ++i)
      for (int c = 0; c < 4; ++c) {
        flat_got.push_back(got[i][c]);
        flat_want.push_back(want[i][c]);
      }
    size_t bad = 0;
    for (size_t i = 0; i < flat_got.size(); ++i)
      bad += flat_got[i] != flat_want[i];
    std::printf(bad ? "%s: %zu wrong\n" : "%s: %zu checked\n", what, bad ? bad : n);
    failures += bad != 0;
  } else {
    expect(what, got.data(), want.data(), n);
  }
}
} // namespace

int main() {
  sycl::queue q;
  global_to_local(q);
  local_to_global_strided(q);
  round_trip<sycl::int4>(q, "vectors int4", 128);
  round_trip<sycl::half>(q, "half", 256);
  if (failures == 0)
    std::printf("all values as computed on the host\n");
  return failures;
}
