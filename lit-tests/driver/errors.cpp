// Bad input gives a clear error and leaves existing outputs alone.
// RUN: rm -rf %t && mkdir -p %t && cd %t

// A missing source.
// RUN: not %sycl-clangxx -fsycl -c missing.cpp -o out.o 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: sycl-clang++: error: no such file or directory: 'missing.cpp'

// -o with several outputs, as clang says it.
// RUN: not %sycl-clangxx -fsycl -c %s %s -o out.o 2>&1 | FileCheck --check-prefix=MULTI %s
// MULTI: sycl-clang++: error: cannot specify -o when generating multiple output files

// An unknown spec-constant mode.
// RUN: not %sycl-clangxx -fsycl -fsycl-spec-constants=fast -c %s 2>&1 | FileCheck --check-prefix=MODE %s
// MODE: sycl-clang++: error: invalid value 'fast' in '-fsycl-spec-constants=fast' (expected native or emulation)

// A host-side error: clang's diagnostic against the user's file and line; the old object stays.
// RUN: echo old > out.o
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DHOST_ERROR -c %s -o out.o 2>&1 | FileCheck --check-prefix=HOST %s
// RUN: grep -q old out.o

// A fatal error stops the host compile before the footer: a clear error, no hang.
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DFATAL -c %s -o out.o 2>&1 | FileCheck --check-prefix=FATAL %s
// RUN: grep -q old out.o

// An error only the device compile sees says so.
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DDEVICE_ERROR -c %s -o out.o 2>&1 | FileCheck --check-prefix=DEVICE %s
// RUN: grep -q old out.o

// A missing runtime names the package and the set-up script; no output appears.
// RUN: not env SYCL_SPECCONST_RUNTIME_LIB=%t/nowhere %sycl-clangxx -fsycl -std=c++17 %s -o app 2>&1 | FileCheck --check-prefix=RUNTIME %s
// RUN: test ! -e app
// RUNTIME: sycl-clang++: error: the SYCL runtime is incomplete: 'libsycl.so.9' is missing from '{{.*}}nowhere' (PyPI package intel-sycl-rt); run scripts/setup or set SYCL_SPECCONST_RUNTIME_LIB

#if defined(DEVICE_ERROR) && defined(__SYCL_DEVICE_ONLY__)
// DEVICE: errors.cpp:[[@LINE+1]]:2: error: only the device compile sees this
#error only the device compile sees this
#endif
// DEVICE: sycl-clang++: error: device compilation of '{{.*}}errors.cpp' failed (the diagnostics above come from the device compile)
#ifdef FATAL
// FATAL: errors.cpp:[[@LINE+1]]:10: fatal error: 'no/such/header.h' file not found
#include "no/such/header.h"
#endif
int main() {
#ifdef HOST_ERROR
  // HOST: {{^}}{{.*}}errors.cpp:[[@LINE+1]]:3: error: use of undeclared identifier 'host_only_mistake'
  host_only_mistake;
  // HOST-NOT: device compilation
#endif
}

// Objects built for the other spec-constant mode cannot be linked (their kernels take other
// arguments).
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -c %s -o emu.o
// RUN: not %sycl-clangxx -fsycl emu.o -o mixed 2>&1 | FileCheck --check-prefix=MIXED %s
// RUN: test ! -e mixed
// MIXED: sycl-clang++: error: 'emu.o' was compiled with -fsycl-spec-constants=emulation; link with the same option (this link uses native)
