// An output that is a special file is written in place (-o /dev/null stays the device), one
// that is a symbolic link is written through (the link stays, its target gets the object).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o /dev/null
// RUN: test -c /dev/null
// RUN: ln -s real.o link.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o link.o
// RUN: test -L link.o && test -f real.o
// RUN: llvm-objdump --offloading real.o | FileCheck %s
// CHECK: producer sycl
#include <sycl/sycl.hpp>
