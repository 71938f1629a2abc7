// Host-only code of the kind test frameworks and libraries have: static data members of class
// templates with non-trivial destructors (one initialised dynamically, one constantly), used
// by virtual functions of a class whose key function is in this TU. clang-22's device compile
// emits the vtable, the virtual function and the members' constructors, and puts a member's
// addrspace(1) address into @llvm.global_ctors' generic `ptr` field: its bitcode cannot be read
// back (first RUN lines, plain clang-22 without SYCL headers). The program builds and runs: a
// device image runs no constructors, and the host-only code is no kernel's.
// RUN: %clangxx -fsycl -fsycl-device-only --offload-targets=spir64 -DSHAPE_ONLY -c %s -o %t.shape.bc
// RUN: not llvm-dis-22 %t.shape.bc -o /dev/null 2>&1 | FileCheck --check-prefix=SHAPE %s
// SHAPE: Incorrect type in struct initializer
// REQUIRES: sycl-runtime
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O0 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
// CHECK: kernel 42, host 7 5
#ifndef SHAPE_ONLY
#include <sycl/sycl.hpp>
#include <cstdio>
#endif

struct Counter {
  Counter() : value(7) {} // not constexpr: dynamic initialisation
  ~Counter() { value = -1; }
  int value;
};
struct Name {
  constexpr Name() : length(5) {}
  ~Name() { length = 0; } // non-trivial destructor, constant initialisation
  int length;
};
template <class T> struct Registry {
  static Counter counter;
  static Name name;
};
template <class T> Counter Registry<T>::counter;
template <class T> Name Registry<T>::name;

struct Test {
  virtual ~Test() {}
  virtual int run() const = 0;
};
struct RegistryTest : Test {
  int run() const override; // key function, defined below
};
int RegistryTest::run() const { return Registry<int>::counter.value + Registry<long>::name.length * 0; }
struct NameTest : Test {
  int run() const override;
};
int NameTest::run() const { return Registry<char>::name.length; }

#ifndef SHAPE_ONLY
class Answer;
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task<Answer>([=] { *out = 6 * 7; }).wait();
  RegistryTest registry_test;
  NameTest name_test;
  const Test *tests[] = {&registry_test, &name_test};
  std::printf("kernel %d, host %d %d\n", *out, tests[0]->run(), tests[1]->run());
  int ok = *out == 42 && tests[0]->run() == 7 && tests[1]->run() == 5;
  sycl::free(out, q);
  return ok ? 0 : 1;
}
#endif
