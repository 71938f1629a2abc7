// Outputs as clang writes them, and nothing else written next to them (special files and
// read-only directories: special-outputs-unprivileged.cpp): an output that is a symbolic link
// is replaced by the object (never written through: the link's target is untouched); -o - is standard output; a
// user's folder named like the old work directory (<output>.sycl) is left alone; a name of
// 255 characters works; a source is never an output; no missing directory is created; a
// syntax check creates no file at all.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: echo target > real.o && ln -s real.o link.o
// RUN: mkdir link.o.sycl && echo mine > link.o.sycl/mine.txt
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o link.o
// RUN: test ! -L link.o && test -f link.o && grep -q target real.o
// RUN: test -f link.o.sycl/mine.txt
// RUN: llvm-objdump --offloading link.o | FileCheck %s
// CHECK: producer sycl
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o - > piped.o
// RUN: test ! -e ./- && cmp piped.o link.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.o
// RUN: cmp link.o aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.o
// RUN: cp %s prog.cpp
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c prog.cpp -o prog.cpp 2>&1 | FileCheck --check-prefix=SOURCE %s
// RUN: cmp prog.cpp %s
// SOURCE: sycl-clang++: error: input file 'prog.cpp' is the same as output file 'prog.cpp'
// RUN: not %sycl-clangxx -fsycl -std=c++17 -c %s -o nodir/sub/app.o 2>&1 | FileCheck --check-prefix=NODIR %s
// RUN: test ! -e nodir
// NODIR: cannot write 'nodir/sub/app.o': no such file or directory
// RUN: mkdir quiet && cd quiet && %sycl-clangxx -fsycl -std=c++17 -fsyntax-only %s
// RUN: ls -A | count 0
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> value{1};
class Special;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.single_task<Special>([=](sycl::kernel_handler kh) { *p = kh.get_specialization_constant<value>(); });
  });
}
