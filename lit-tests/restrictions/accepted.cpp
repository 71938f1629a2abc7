// What the kernel-restriction checks must accept (DPC++ does): SYCL_EXTERNAL functions defined
// elsewhere, functions defined after the kernel, function templates, the C++ and SYCL math
// functions, placement new, const and constexpr globals, device_global, a global read by a
// capture initialiser (host code), variadic templates, non-virtual members, static const
// locals, a struct with a constructor, code not reached by any kernel, and sycl::atomic_ref.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error:
// RUN: test -e out.o
#include <sycl/sycl.hpp>
#include <cmath>
#include <new>

SYCL_EXTERNAL int external_scale(int x);
constexpr int factor = 3;
const float offsets[2] = {0.5f, 1.5f};
int host_counter = 4;
namespace syclex = sycl::ext::oneapi::experimental;
syclex::device_global<int> calls;

int later(int x);
template <typename T> T twice(T v) { return v + v; }
template <typename... Ts> int count(Ts...) { return sizeof...(Ts); }

struct Accumulator {
  int total = 0;
  Accumulator(int start) : total(start) {}
  void add(int v) { total += v; }
};

// Not reached by a kernel: anything goes.
int host_only() {
  static int n;
  try {
    throw n;
  } catch (int) {
    return *new int(1);
  }
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  q.submit([&](sycl::handler &h) {
    h.single_task<class Accepted>([=, start = host_counter] {
      static const int limit = 7;
      alignas(Accumulator) unsigned char slot[sizeof(Accumulator)];
      Accumulator *acc = new (slot) Accumulator(start);
      acc->add(external_scale(2) + later(3) + twice(4) + count(1, 2, 3));
      acc->add(int(std::sqrt(16.0f) + sycl::sqrt(9.0f) + offsets[1]) * factor + limit);
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> a(out[1]);
      a.fetch_add(1);
      calls = calls + 1;
      out[0] = acc->total;
    });
  });
  return host_only();
}

int later(int x) { return x * factor; }
