// @file arguments are expanded before classification, as clang does.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: echo '-fsycl -std=c++17 -c' > args.rsp
// RUN: %sycl-clangxx @args.rsp %s -o out.o
// RUN: llvm-objdump --offloading out.o | FileCheck %s
// RUN: not %sycl-clangxx @missing.rsp %s 2>&1 | FileCheck --check-prefix=MISSING %s
// CHECK: producer sycl
// MISSING: sycl-clang++: error: cannot read response file 'missing.rsp'
//
// What a response file holds can be longer than a command line may be (one 140 KB -D value;
// 2.2 MB of flags, over Linux's ARG_MAX): the children get it through response files too,
// and the program runs with the values.
// RUN: %python %S/Inputs/long-response-files.py
// RUN: %sycl-clangxx -fsycl -std=c++17 -DLONG_ARGUMENTS @big.rsp @many.rsp %s -o long
// RUN: ./long | FileCheck --check-prefix=LONG %s
// LONG: 140000 2199 ok
#include <sycl/sycl.hpp>
#ifdef LONG_ARGUMENTS
#include <cstdio>

int main() {
  sycl::queue q;
  int r[2] = {0, 0};
  {
    sycl::buffer<int> b(r, 2);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h);
      h.single_task([=] {
        a[0] = int(sizeof(BIG)) - 1;
        a[1] = FLAG2199;
      });
    });
  }
  std::printf("%d %d %s\n", r[0], r[1], r[0] == 140000 && r[1] == 2199 ? "ok" : "wrong");
  return r[0] == 140000 && r[1] == 2199 ? 0 : 1;
}
#endif
