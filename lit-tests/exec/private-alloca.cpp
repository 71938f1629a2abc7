// sycl_ext_oneapi_private_alloca from C++ (issue 21 §4): private_alloca and
// aligned_private_alloca give private arrays whose lengths are spec constants, set by the
// handler (not the defaults), in a single_task and an nd_range kernel; two arrays live at once
// (overlap would spoil the sums), a struct element type, and a requested alignment.
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// Emulated spec constants: the lengths are still read natively (Intel's runtime sets them too).
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s -o %t.emu
// RUN: %t.emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/alloca.hpp>
#include <cstdint>
#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

constexpr sycl::specialization_id<int> squares_length{2};
constexpr sycl::specialization_id<std::size_t> pairs_length{1};
constexpr sycl::specialization_id<short> lane_length{3};

struct pair_t {
  int key;
  float weight;
};

int main() {
  sycl::queue q;
  long *out = sycl::malloc_shared<long>(8, q);
  int *lanes = sycl::malloc_shared<int>(16, q);
  constexpr int squares_n = 37, pairs_n = 23;
  constexpr short lane_n = 11;
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<squares_length>(squares_n);
     h.set_specialization_constant<pairs_length>(pairs_n);
     h.single_task([=](sycl::kernel_handler kh) {
       auto squares =
           syclex::private_alloca<long, squares_length, sycl::access::decorated::no>(kh);
       auto pairs = syclex::aligned_private_alloca<pair_t, 64, pairs_length,
                                                   sycl::access::decorated::yes>(kh);
       int n = kh.get_specialization_constant<squares_length>();
       std::size_t m = kh.get_specialization_constant<pairs_length>();
       for (int i = 0; i < n; ++i)
         squares[i] = long(i) * i;
       for (std::size_t i = 0; i < m; ++i)
         pairs[i] = pair_t{int(i) + 1, 0.5f * float(i)};
       long s = 0, k = 0;
       float w = 0;
       for (int i = 0; i < n; ++i)
         s += squares[i];
       for (std::size_t i = 0; i < m; ++i) {
         k += pairs[i].key;
         w += pairs[i].weight;
       }
       out[0] = s;
       out[1] = k;
       out[2] = long(w * 2);
       out[3] = long(reinterpret_cast<std::uintptr_t>(pairs.get_raw()) % 64);
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<lane_length>(lane_n);
     h.parallel_for(sycl::nd_range<1>{16, 4}, [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
       auto mine = syclex::private_alloca<int, lane_length, sycl::access::decorated::no>(kh);
       int id = int(it.get_global_id(0));
       short n = kh.get_specialization_constant<lane_length>();
       for (short i = 0; i < n; ++i)
         mine[i] = id * 100 + i;
       int s = 0;
       for (short i = 0; i < n; ++i)
         s += mine[i];
       lanes[id] = s;
     });
   }).wait();

  long want_squares = 0, want_keys = 0, want_weights = 0;
  for (long i = 0; i < squares_n; ++i)
    want_squares += i * i;
  for (long i = 0; i < pairs_n; ++i) {
    want_keys += i + 1;
    want_weights += i;
  }
  int bad = 0;
  bad += out[0] != want_squares;
  bad += out[1] != want_keys;
  bad += out[2] != want_weights;
  bad += out[3] != 0;
  for (int id = 0; id < 16; ++id)
    bad += lanes[id] != id * 100 * lane_n + lane_n * (lane_n - 1) / 2;
  std::printf("squares %ld keys %ld weights %ld misalignment %ld lane 5 %d\n", out[0], out[1],
              out[2], out[3], lanes[5]);
  std::printf("%s\n", bad ? "FAIL" : "PASS");
  sycl::free(out, q);
  sycl::free(lanes, q);
  return bad;
}
// CHECK: squares 16206 keys 276 weights 253 misalignment 0 lane 5 5555
// CHECK-NEXT: PASS
