// DPC++'s driver flags that change a running program (issue 20 §1), on one program:
// * -fsanitize=address builds in one command (never reaching the device compile) and the
//   program runs under AddressSanitizer with no environment: LeakSanitizer stays quiet about
//   the OpenCL loader's and Intel's CPU runtime's own allocations, and still reports the
//   program's leaks;
// * -fsycl-link: the device link alone makes one object a plain host link takes (clang++-22,
//   or sycl-clang++ without -fsycl); a -fsycl link given that object is refused (its images
//   would be registered twice);
// * -Xsycl-target-backend: the runtime builds the device code with the options (a bad one
//   makes the build, so the program, fail);
// * __SYCL_ID_QUERIES_FIT_IN_INT__ by default: Intel's host code refuses a range past INT_MAX.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -g -fsanitize=address %s -o asan
// RUN: ./asan | FileCheck --check-prefixes=CHECK,ASAN %s
// RUN: not ./asan leak 2>&1 | FileCheck --check-prefix=LEAK %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o app.o
// RUN: %sycl-clangxx -fsycl -fsycl-link app.o -o dev.o
// RUN: %clangxx app.o dev.o -L%runtime_lib -lsycl -Wl,-rpath,%runtime_lib -o split
// RUN: ./split | FileCheck %s
// RUN: %sycl-clangxx app.o dev.o -L%runtime_lib -lsycl -Wl,-rpath,%runtime_lib -o split-driver
// RUN: ./split-driver | FileCheck %s
// RUN: not %sycl-clangxx -fsycl app.o dev.o -o twice 2>&1 | FileCheck --check-prefix=TWICE %s
// RUN: %sycl-clangxx -fsycl app.o -Xsycl-target-backend=spir64 -cl-fast-relaxed-math -o relaxed
// RUN: ./relaxed | FileCheck %s
// RUN: %sycl-clangxx -fsycl app.o -Xsycl-target-backend -cl-no-such-option -o bad-option
// RUN: not ./bad-option 2>&1 | FileCheck --check-prefix=BAD-OPTION %s
//
// CHECK: scale: ok
// CHECK: range past INT_MAX refused
// ASAN: address sanitizer: on
// LEAK: ERROR: LeakSanitizer: detected memory leaks
// LEAK: Direct leak of 32 byte(s) in 1 object(s) allocated from:
// LEAK: in main {{.*}}dpcpp-flags.cpp
// LEAK: SUMMARY: AddressSanitizer: 32 byte(s) leaked in 1 allocation(s).
// TWICE: sycl-clang++: error: 'dev.o' already registers device images (it is the output of -fsycl-link); link it without -fsycl (clang++ … -lsycl), or give this link the objects it was made from instead
// BAD-OPTION: Unrecognized build options: -cl-no-such-option
#include <sycl/sycl.hpp>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

constexpr sycl::specialization_id<int> factor{3};
class Scale;
class Huge;

static int run(int argc, char **argv) {
  sycl::queue q;
  constexpr int n = 16;
  int *p = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<factor>(7);
     h.parallel_for<Scale>(sycl::range<1>(n), [=](sycl::item<1> i, sycl::kernel_handler kh) {
       p[i] = int(i.get_id(0)) * kh.get_specialization_constant<factor>() + 1;
     });
   }).wait();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += p[i] != i * 7 + 1;
  std::printf("scale: %s\n", wrong ? "WRONG" : "ok");
  sycl::free(p, q);
  try {
    q.submit([&](sycl::handler &h) {
      h.parallel_for<Huge>(sycl::range<1>(std::size_t(INT_MAX) + 1), [=](sycl::item<1>) {});
    });
    std::printf("range past INT_MAX accepted\n");
    return 1;
  } catch (const sycl::exception &) {
    std::printf("range past INT_MAX refused\n");
  }
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  std::printf("address sanitizer: on\n");
#endif
#endif
  if (argc > 1 && std::strcmp(argv[1], "leak") == 0) {
    char *lost = static_cast<char *>(std::malloc(32));
    std::memset(lost, 1, 32);
    lost = nullptr;
  }
  return wrong;
}

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const sycl::exception &e) {
    std::printf("error: %s\n", e.what());
    return 2;
  }
}
