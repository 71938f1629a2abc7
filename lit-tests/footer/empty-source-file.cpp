// footer.md §4.6 / issue §3: an empty source file is a valid (empty) TU: exit status 0 and a
// 0-byte footer, on stdout and with -o; --json lists no spec ids and no kernels.
// RUN: rm -rf %t && mkdir %t
// RUN: touch %t/empty.cpp
// RUN: sh -c '%sycl-footer %t/empty.cpp -- %mockflags > %t/stdout; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: wc -c < %t/stdout | FileCheck %s --check-prefix=ZERO
// RUN: %sycl-footer %t/empty.cpp -o %t/footer.h -- %mockflags
// RUN: wc -c < %t/footer.h | FileCheck %s --check-prefix=ZERO
// RUN: %sycl-footer %t/empty.cpp --json -- %mockflags > %t/out.json
// RUN: python3 %S/Inputs/flatjson.py %t/out.json | FileCheck %s --check-prefix=JSON --match-full-lines

// EXIT:exit=0
// ZERO: {{^ *0$}}
// JSON:kernels.#=0
// JSON:spec_ids.#=0
