// `sycl-clang++ -fsycl -E` output compiled back (what distcc and ccache's preprocessor mode
// compile) gives the object its source gives, for a kernel calling SYCL_EXTERNAL functions
// defined in the same TU and in another one (Inputs/sycl-external-lib.cpp, also preprocessed):
// the host view spells SYCL_EXTERNAL [[clang::sycl_external]] (Intel's headers define it empty
// for the host), which the analysis of the preprocessed file reads, so its kernel-restriction
// check accepts the calls as the analysis of the source does. Each object compiled back under
// its source's name is byte-identical to the source's; the program linked from the objects of
// the .ii files computes the source's numbers.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/main.cpp && cp %S/Inputs/sycl-external.h %S/Inputs/sycl-external-lib.cpp %t
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c main.cpp -o main.o
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c sycl-external-lib.cpp -o lib.o
// RUN: cd %t && %sycl-clangxx -fsycl main.o lib.o -o app
// RUN: %t/app | FileCheck %s
// CHECK: device: 16 110 300 37
// CHECK-NEXT: host: 13
//
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -E main.cpp -o main.ii
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -E sycl-external-lib.cpp -o lib.ii
// RUN: FileCheck --check-prefix=VIEWS %s < %t/main.ii
// VIEWS: #ifndef __SYCL_DEVICE_ONLY__
// VIEWS: {{^}}{{\[\[}}clang::sycl_external]] int triple_plus_one(int x);
// VIEWS: {{^}}{{\[\[}}clang::sycl_external]] int square_plus(int x, int y) { return x * x + y; }
// VIEWS: {{^}}#else{{$}}
// VIEWS: {{^}}{{\[\[}}clang::sycl_external]] int triple_plus_one(int x);
// VIEWS: {{^}}{{\[\[}}clang::sycl_external]] int square_plus(int x, int y) { return x * x + y; }
// VIEWS: {{^}}#endif{{$}}
//
// Compiled back under the sources' names (the names are in the objects): the same objects.
// RUN: cd %t && mv main.cpp main.orig && cp main.ii main.cpp
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c main.cpp -o main-back.o
// RUN: cd %t && mv sycl-external-lib.cpp lib.orig && cp lib.ii sycl-external-lib.cpp
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c sycl-external-lib.cpp -o lib-back.o
// RUN: cd %t && mv main.orig main.cpp && mv lib.orig sycl-external-lib.cpp
// RUN: cmp %t/main.o %t/main-back.o
// RUN: cmp %t/lib.o %t/lib-back.o
//
// Under their .ii names (ccache with run_second_cpp = false), linked and run.
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c main.ii -o main-ii.o
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c lib.ii -o lib-ii.o
// RUN: cd %t && %sycl-clangxx -fsycl main-ii.o lib-ii.o -o app-ii
// RUN: %t/app-ii | FileCheck %s
#include "sycl-external.h"
#include <cstdio>

// Defined in this TU, after the kernel that calls it.
SYCL_EXTERNAL int square_plus(int x, int y);

class PreprocessedKernel;

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<external_bias>(100);
     h.single_task<PreprocessedKernel>([=](sycl::kernel_handler kh) {
       out[0] = triple_plus_one(5);
       out[1] = biased(kh, 10);
       out[2] = scaled(kh.get_specialization_constant<external_bias>(), 3);
       out[3] = square_plus(6, 1);
     });
   }).wait();
  std::printf("device: %d %d %d %d\n", out[0], out[1], out[2], out[3]);
  std::printf("host: %d\n", square_plus(3, 4));
  sycl::free(out, q);
}

SYCL_EXTERNAL int square_plus(int x, int y) { return x * x + y; }
