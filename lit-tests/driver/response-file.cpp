// @file arguments are expanded before classification, as clang does.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: echo '-fsycl -std=c++17 -c' > args.rsp
// RUN: %sycl-clangxx @args.rsp %s -o out.o
// RUN: llvm-objdump --offloading out.o | FileCheck %s
// RUN: not %sycl-clangxx @missing.rsp %s 2>&1 | FileCheck --check-prefix=MISSING %s
// CHECK: producer sycl
// MISSING: sycl-clang++: error: cannot read response file 'missing.rsp'
#include <sycl/sycl.hpp>
