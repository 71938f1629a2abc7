// README: usage errors are exit status 2 — an unknown option gets an error naming it on stderr and
// nothing on stdout; so do a missing FILE and a bad --style value.
// RUN: rm -rf %t && mkdir %t
// RUN: sh -c '%sycl-footer --bogus-option %s -- %mockflags > %t/1.out 2> %t/1.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/1.out
// RUN: FileCheck %s --check-prefix=UNKNOWN --input-file=%t/1.err
// RUN: sh -c '%sycl-footer -- %mockflags > %t/2.out 2> %t/2.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/2.out
// RUN: sh -c '%sycl-footer %s --style v4 -- %mockflags > %t/3.out 2> %t/3.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/3.out
// RUN: FileCheck %s --check-prefix=STYLE --input-file=%t/3.err

// EXIT:exit=2
// UNKNOWN:{{.*}}error: {{.*}}--bogus-option
// STYLE:{{.*}}error: {{.*}}v4
