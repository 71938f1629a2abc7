// A failed link leaves no new output and keeps an existing one byte for byte.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: echo previous > app
// RUN: not %sycl-clangxx -fsycl -std=c++17 %s -o app 2>&1 | FileCheck %s
// RUN: grep -q previous app
// RUN: test ! -e app.sycl
// CHECK: undefined reference to `not_defined_anywhere()'
#include <sycl/sycl.hpp>
void not_defined_anywhere();
int main() { not_defined_anywhere(); }
