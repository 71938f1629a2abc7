// Kernel restriction (SYCL 2020 §5.10.1): device code may call a function this TU does not
// define only if it is declared SYCL_EXTERNAL (defined in another TU of the program). Calling
// any other undefined function is a compile-time error at the call, as in DPC++ ("SYCL kernel
// cannot call an undefined function without SYCL_EXTERNAL attribute"), with a note at its
// declaration. Functions defined later in the TU, SYCL_EXTERNAL declarations and the
// functions of the C++ and SYCL headers are accepted. Before the check this was an error at the
// device link, naming no source location (lit-tests/driver/undefined-device-function.cpp keeps
// that check for SYCL_EXTERNAL functions no object defines). Upstream's [[clang::sycl_external]],
// which SYCL_EXTERNAL stands for in the device compile, is SYCL_EXTERNAL written out. The
// file's `-E` output compiled back gives the same errors at the same places (its line markers
// name the source), no more: its host view keeps SYCL_EXTERNAL as [[clang::sycl_external]].
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -E %s -o preprocessed.ii
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c preprocessed.ii -o out.o 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e out.o
#include <sycl/sycl.hpp>
#include <cmath>

namespace lib {
int scale(int x);
SYCL_EXTERNAL int offset(int x);
[[clang::sycl_external]] int spelled_out(int x);
} // namespace lib
int later(int x);

struct Worker {
  int *out;
  void operator()(sycl::id<1> i) const {
    out[i] = lib::scale(int(i[0])) + lib::offset(1) + later(2) + int(std::sqrt(4.0f)) + lib::spelled_out(3);
    // CHECK: undefined-functions.cpp:[[@LINE-1]]:14: error: SYCL kernel cannot call an undefined function without SYCL_EXTERNAL attribute: 'lib::scale'
    // CHECK-NEXT: undefined-functions.cpp:[[@LINE-11]]:5: note: 'lib::scale' declared here
    // CHECK-NEXT: undefined-functions.cpp:[[@LINE+9]]:36: note: in SYCL kernel 'Worker' launched here
  }
};

int later(int x) { return x + 1; }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>{4}, Worker{out}); });
  return 0;
}
