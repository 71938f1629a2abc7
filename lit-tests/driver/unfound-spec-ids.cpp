// A spec id no footer can name is refused with a location, the variable named as written: a
// function-local static spec id (SYCL allows spec ids at namespace and class scope only; DPC++
// leaves them out of the footer) read in a kernel, in a function and in a function template,
// or only set on the host (which would otherwise fail to link), at its declaration; a class
// template's member instantiated only in device code with a closure type, at the kernel's
// launch, demangled. No output is written.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DLOCAL -c %s -o local.o 2>&1 | FileCheck --check-prefix=LOCAL %s
// RUN: test ! -e local.o
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DLOCAL_IN_TEMPLATE -c %s -o template.o 2>&1 | FileCheck --check-prefix=TEMPLATE %s
// RUN: test ! -e template.o
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DHOST_ONLY %s -o host-only 2>&1 | FileCheck --check-prefix=HOST %s
// RUN: test ! -e host-only
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DCLOSURE -c %s -o closure.o 2>&1 | FileCheck --check-prefix=CLOSURE %s
// RUN: test ! -e closure.o
#include <sycl/sycl.hpp>

#ifdef LOCAL
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  // LOCAL: unfound-spec-ids.cpp:[[@LINE+1]]:49: error: 'local_id' is a function-local static specialization_id, which SYCL does not allow (declare spec ids at namespace or class scope)
  static constexpr sycl::specialization_id<int> local_id{5};
  q.single_task([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<local_id>(); });
  q.wait();
}
#endif

#ifdef LOCAL_IN_TEMPLATE
template <typename T> void run(sycl::queue &q, T *out) {
  // TEMPLATE: unfound-spec-ids.cpp:[[@LINE+1]]:47: error: 'in_template' is a function-local static specialization_id, which SYCL does not allow (declare spec ids at namespace or class scope)
  static constexpr sycl::specialization_id<T> in_template{T(5)};
  q.single_task([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<in_template>(); });
}
int main() {
  sycl::queue q;
  run(q, sycl::malloc_shared<int>(1, q));
  q.wait();
}
#endif

#ifdef HOST_ONLY
int main() {
  sycl::queue q;
  // HOST: unfound-spec-ids.cpp:[[@LINE+1]]:49: error: 'only_host' is a function-local static specialization_id, which SYCL does not allow (declare spec ids at namespace or class scope)
  static constexpr sycl::specialization_id<int> only_host{5};
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<only_host>(3);
    h.single_task([=] {});
  });
  q.wait();
}
#endif

#ifdef CLOSURE
template <typename T> struct holder {
  static constexpr sycl::specialization_id<int> sc{1};
};
template <typename T> struct Reader {
  int *out;
  void operator()(sycl::kernel_handler kh) const { *out = kh.get_specialization_constant<holder<T>::sc>(); }
};
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  auto tag = [] {};
  // CLOSURE: unfound-spec-ids.cpp:[[@LINE+1]]:36: error: the kernel launched here reads spec constant 'holder<main::{lambda()#1}>::sc', which sycl-clang++ did not find in the host code (it cannot be named from the end of the translation unit)
  q.submit([&](sycl::handler &h) { h.single_task(Reader<decltype(tag)>{out}); });
  q.wait();
}
#endif
