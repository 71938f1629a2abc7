// Issue 12 §2: -MD -MF among the compile flags (as a build system passes them) made libclang
// write that depfile itself, outside the footer's commit. They are taken out of the parse and
// honoured by sycl-footer's own depfile: at the -MF path, for the -MT target (else the object
// `-c` makes), listing the source and its headers, written together with the footer; a TU
// with errors writes neither.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %sycl-footer %s -o footer.h -- %mockflags -MD -MF build.d -MT obj/a.o
// RUN: FileCheck %s --input-file build.d
// CHECK: obj/a.o:
// CHECK: depfile-in-compile-flags.cpp
// CHECK: sycl.hpp
// RUN: %sycl-footer %s -o footer2.h -- %mockflags -MMD -MFother.d
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file other.d
// DEFAULT: depfile-in-compile-flags.o:
// RUN: not %sycl-footer %s -o bad.h -- %mockflags -DBROKEN -MD -MF bad.d
// RUN: not ls bad.d bad.h
#include "sycl.hpp"
sycl::specialization_id<int> tracked;
#ifdef BROKEN
int broken = ;
#endif
