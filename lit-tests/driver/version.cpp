// --version: clang's banner (tools parse it) and sycl-clang++'s own line; --help lists our options.
// RUN: %sycl-clangxx --version | FileCheck %s
// RUN: %sycl-clangxx --help | FileCheck --check-prefix=HELP %s
// CHECK: clang version 22
// CHECK: sycl-clang++ (sycl-specconst) {{[0-9]+\.[0-9]+\.[0-9]+}}
// HELP: USAGE: sycl-clang++
// HELP: -fsycl-spec-constants=native|emulation
