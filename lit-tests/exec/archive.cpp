// Device code inside a static archive member is found at link time. Objects and archives are
// told by their contents, not their names: an object named other.pic and an archive named
// other.archive keep their kernels (they were silently dropped, and the program failed).
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/other-tu.cpp -o %t/other.pic
// RUN: llvm-ar-22 rcs %t/libother.a %t/other.pic
// RUN: %sycl-clangxx -fsycl -std=c++17 %s -L%t -lother -o %t/app
// RUN: %t/app | FileCheck %s
// An archive found only where the linker looks by default (here LIBRARY_PATH, which clang turns
// into -L; also clang's and ld's own directories, /usr/local/lib among them) keeps its kernels:
// they were dropped, the host link found the archive, and the program failed at its launch.
// RUN: mkdir -p %t/libdir && cp %t/libother.a %t/libdir/libother2.a
// RUN: env LIBRARY_PATH=%t/libdir %sycl-clangxx -fsycl -std=c++17 %s -lother2 -o %t/app-library-path
// RUN: %t/app-library-path | FileCheck %s
// A path to the archive works as well, whatever its name.
// RUN: cp %t/libother.a %t/other.archive
// RUN: %sycl-clangxx -fsycl -std=c++17 %s %t/other.archive -o %t/app2
// RUN: %t/app2 | FileCheck %s
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %S/Inputs/other-tu.cpp -o %t/other-emu.pic
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 %s %t/other-emu.pic -o %t/app-emu
// RUN: %t/app-emu | FileCheck %s
#include <sycl/sycl.hpp>
#include <cstdio>

int run_other(sycl::queue &q, int *out, bool set);

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  int by_default = run_other(q, out, false);
  int set = run_other(q, out, true);
  std::printf("archive: %d %d\n", by_default, set);
  sycl::free(out, q);
}
// CHECK: archive: 20 2000
