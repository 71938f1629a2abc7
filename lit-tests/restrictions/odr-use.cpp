// The variable restrictions follow C++'s odr-use rule: only a variable the kernel reads or
// writes at run time counts. Naming a variable as a template argument (a spec id through a
// constexpr reference member, as a conformance suite's spec-constant tests do), in the operand
// of sizeof, alignof or noexcept, in a declared type (decltype), in the discarded branch of an
// if constexpr, or through a reference bound at compile time to a const object is not a use;
// the program builds and runs with the right numbers. The same names used at run time, the
// taken branch of an if constexpr, and a constexpr reference to a non-const global are still
// refused, each at its use.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o accepted 2>&1 | FileCheck --allow-empty --implicit-check-not=error: %s
// RUN: ./accepted | FileCheck --check-prefix=OUT %s
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DREFUSED -c %s -o refused.o 2>&1 | FileCheck --check-prefix=REFUSED --implicit-check-not=error: %s
// RUN: test ! -e refused.o
// OUT: accepted: 9 8 1 0 5 7
// REFUSED: odr-use.cpp:[[# @LINE + 44]]:{{[0-9]+}}: error: SYCL kernel cannot use a non-const global variable: 'plain_global'
// REFUSED: odr-use.cpp:[[# @LINE + 45]]:{{[0-9]+}}: error: SYCL kernel cannot use a non-const static data variable: 'holder::counter'
// REFUSED: odr-use.cpp:[[# @LINE + 46]]:{{[0-9]+}}: error: SYCL kernel cannot use a non-const global variable: 'mutable_ref'
#include <sycl/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id<int> base_id{5};
template <typename T> struct holder {
  static constexpr auto &sc = base_id;
  static int counter;
};
template <typename T> int holder<T>::counter = 0;
static int plain_global = 3;
struct big {
  int a[4];
};
static big table{};
static const int limit = 7;
static constexpr const int &limit_ref = limit;
static constexpr int &mutable_ref = plain_global;

template <typename T> constexpr bool is_wide() { return sizeof(T) == 8; }

int main() {
  sycl::queue q;
  int r[6] = {};
  {
    sycl::buffer<int> b(r, 6);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h);
      h.set_specialization_constant<base_id>(9);
      h.single_task([=](sycl::kernel_handler kh) {
        a[0] = kh.get_specialization_constant<holder<int>::sc>();
        a[1] = sizeof(plain_global) + alignof(decltype(plain_global));
        a[2] = noexcept(plain_global + 1) ? 1 : 0;
        decltype(table) local{};
        a[3] = local.a[0];
        if constexpr (is_wide<int>()) {
          a[3] = holder<int>::counter;
        } else {
          a[4] = kh.get_specialization_constant<base_id>() - 4;
        }
        a[5] = limit_ref;
#ifdef REFUSED
        a[0] = plain_global;
        if constexpr (!is_wide<int>()) {
          a[1] = holder<int>::counter;
        }
        a[2] = mutable_ref;
#endif
      });
    });
  }
  std::printf("accepted: %d %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4], r[5]);
  return r[0] == 9 && r[1] == 8 && r[2] == 1 && r[3] == 0 && r[4] == 5 && r[5] == 7 ? 0 : 1;
}
