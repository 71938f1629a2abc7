// Outputs never replace the source or each other: -o or -MF naming the input file, or -MF the
// same file as -o, are usage errors (exit 2) and nothing is written; -j outside batch mode too.
// A depfile that cannot be written leaves an existing footer untouched (they commit together).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/tu.cpp && cd %t
// RUN: sh -c '%sycl-footer tu.cpp -o tu.cpp -- %mockflags; echo "exit=$?"' 2> err1.txt | FileCheck --check-prefix=EXIT %s
// RUN: FileCheck --check-prefix=OUT %s < err1.txt
// RUN: cmp tu.cpp %s
// RUN: sh -c '%sycl-footer tu.cpp -o f.h -MF ./tu.cpp -- %mockflags; echo "exit=$?"' 2> err2.txt | FileCheck --check-prefix=EXIT %s
// RUN: FileCheck --check-prefix=MF %s < err2.txt
// RUN: cmp tu.cpp %s
// RUN: sh -c '%sycl-footer tu.cpp -o f.h -MF f.h -- %mockflags; echo "exit=$?"' 2> err3.txt | FileCheck --check-prefix=EXIT %s
// RUN: FileCheck --check-prefix=SAME %s < err3.txt
// RUN: test ! -e f.h
// RUN: sh -c '%sycl-footer tu.cpp -j 2 -- %mockflags; echo "exit=$?"' 2> err4.txt | FileCheck --check-prefix=EXIT %s
// RUN: FileCheck --check-prefix=JOBS %s < err4.txt
// RUN: echo old footer > kept.h
// RUN: not %sycl-footer tu.cpp -o kept.h -MF %t/no/such/dir/kept.d -- %mockflags
// RUN: FileCheck --check-prefix=KEPT %s < kept.h
// EXIT: exit=2
// OUT: -o names the input file tu.cpp
// MF: -MF names the input file tu.cpp
// SAME: -MF names the same file as -o
// JOBS: -j N applies to batch mode only (-p BUILD_DIR)
// KEPT: old footer
#include "sycl.hpp"
constexpr sycl::specialization_id<int> x{1};
