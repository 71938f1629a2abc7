// footer.md §3.3: a prefix is embedded in a C string literal and in IR names: only
// [A-Za-z0-9_], first character not a digit (intel/llvm#9898). Bad values are rejected with an
// error and no footer, in every spelling.
// RUN: rm -rf %t && mkdir %t
// RUN: not %sycl-footer %s --unique-prefix 'a-b' -- %mockflags > %t/1.out 2> %t/1.err
// RUN: count 0 < %t/1.out
// RUN: FileCheck %s --check-prefix=DASH --input-file=%t/1.err
// RUN: not %sycl-footer %s --unique-prefix 'x"y' -o %t/2.h -- %mockflags 2> %t/2.err
// RUN: not ls %t/2.h
// RUN: FileCheck %s --check-prefix=QUOTE --input-file=%t/2.err
// RUN: not %sycl-footer %s --unique-prefix 1abc -- %mockflags > %t/3.out 2> %t/3.err
// RUN: count 0 < %t/3.out
// RUN: FileCheck %s --check-prefix=DIGIT --input-file=%t/3.err
// RUN: not %sycl-footer %s -- %mockflags -fsycl-unique-prefix=bad.prefix > %t/4.out 2> %t/4.err
// RUN: count 0 < %t/4.out
// RUN: FileCheck %s --check-prefix=DOT --input-file=%t/4.err

#include "sycl.hpp"
constexpr sycl::specialization_id b{2};

// DASH: error: {{.*}}a-b
// QUOTE: error: {{.*}}x"y
// DIGIT: error: {{.*}}1abc
// DOT: error: {{.*}}bad.prefix
