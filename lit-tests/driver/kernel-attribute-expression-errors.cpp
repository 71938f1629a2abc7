// Kernel attribute arguments are integral constant expressions: what is none is refused at
// its place, never guessed. A variable that is not constexpr, a value that is not positive, a
// macro inside an expression that expands to several values (DPC++ would read several
// arguments: no comma operator may make one of them), a template parameter whose argument
// cannot be written (a pack), a device_has argument that is no aspect.
// REQUIRES: intel-sycl-headers
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.o
#include <sycl/sycl.hpp>

int runtime_value();
const int not_constexpr = runtime_value();
constexpr int kZero = 0;
constexpr int kNegative = -4;
#define TWO_SIZES 4, 2
class A; class B; class C; class D; class E; class F;

template <typename... Ts> void pack(sycl::queue &q) {
  q.parallel_for<F>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(sizeof...(Ts) * 4)]] {});
  // CHECK-DAG: kernel-attribute-expression-errors.cpp:[[@LINE-1]]:97: error: sycl-clang++ cannot evaluate 'sizeof ... ( Ts ) * 4': it depends on the template parameter 'Ts', whose argument it cannot write
}

int main() {
  sycl::queue q;
  q.parallel_for<A>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(not_constexpr * 2)]] {});
  // CHECK-DAG: kernel-attribute-expression-errors.cpp:[[@LINE-1]]:97: error: 'not_constexpr * 2' is not an integral constant expression
  q.parallel_for<B>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(kZero * 2)]] {});
  // CHECK-DAG: kernel-attribute-expression-errors.cpp:[[@LINE-1]]:97: error: the arguments of 'sycl::reqd_work_group_size' must be positive; 'kZero * 2' is 0
  q.parallel_for<C>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>) [[sycl::reqd_sub_group_size(kNegative + 0)]] {});
  // CHECK-DAG: kernel-attribute-expression-errors.cpp:[[@LINE-1]]:96: error: the arguments of 'sycl::reqd_sub_group_size' must be positive; 'kNegative + 0' is -4
  q.parallel_for<D>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(1 + TWO_SIZES)]] {});
  // CHECK-DAG: kernel-attribute-expression-errors.cpp:[[@LINE-1]]:97: error: '1 + TWO_SIZES' is not an integral constant expression
  q.single_task<E>([=]() [[sycl::device_has(not_constexpr + 1)]] {});
  // CHECK-DAG: kernel-attribute-expression-errors.cpp:[[@LINE-1]]:45: error: 'not_constexpr + 1' is not an integral constant expression
  pack<int, float>(q);
  q.wait();
}
