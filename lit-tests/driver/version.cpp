// --version: clang's banner (tools parse it) and sycl-clang++'s own line; --help lists our options,
// written from the option table: acted on, the host-only family, accepted without effect, refused.
// RUN: %sycl-clangxx --version | FileCheck %s
// RUN: %sycl-clangxx --help | FileCheck --check-prefix=HELP %s
// RUN: %sycl-clangxx -fsycl -c x.cpp --help | FileCheck --check-prefix=HELP %s
// CHECK: clang version 22
// CHECK: sycl-clang++ (sycl-specconst) {{[0-9]+\.[0-9]+\.[0-9]+}}
// HELP: USAGE: sycl-clang++
// HELP: Options of sycl-clang++:
// HELP: -fsycl-spec-constants=native|emulation
// HELP: -fsycl-link
// HELP: -Xsycl-target-backend[=T] ARG, -Xsycl-target-linker[=T] ARG
// HELP: Host-only options (-fsanitize=…,
// HELP: Accepted, no effect here
// HELP: -fsycl-max-parallel-link-jobs=N
// HELP: Refused:
// HELP-NEXT: -fsycl-host-compiler=, -fsycl-host-compiler-options=
// HELP: -fpreview-breaking-changes

// A reader that went away (`sycl-clang++ --help | head -1`): a failure status and nothing on
// standard error; a panic ("failed printing to stdout: Broken pipe") before.
// RUN: %python %S/Inputs/closed-stdout.py %sycl-clangxx --help | FileCheck --check-prefix=CLOSED %s
// RUN: %python %S/Inputs/closed-stdout.py %sycl-clangxx --version | FileCheck --check-prefix=CLOSED %s
// CLOSED: exit=1
// CLOSED-NOT: {{.}}
