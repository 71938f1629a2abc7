// -MD -MF among the compile flags (as a build system passes them to every tool) belong to the
// compiler: its depfile is for the object. sycl-footer neither lets libclang write it nor
// writes it itself (it used to replace the compiler's build.d with its own); its own depfile
// comes from its own -MD/-MF/-MT, written together with the footer; a TU with errors writes
// neither.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: echo "compiler's" > build.d
// RUN: %sycl-footer %s -o footer.h -- %mockflags -MD -MF build.d -MT obj/a.o
// RUN: test -f footer.h && grep -q "compiler's" build.d
// RUN: %sycl-footer %s -o footer2.h -- %mockflags -MMD -MFother.d
// RUN: test -f footer2.h && not ls other.d depfile-in-compile-flags.d
// RUN: %sycl-footer %s -o footer3.h -MD -MF own.d -- %mockflags -MD -MF build.d
// RUN: FileCheck %s --input-file own.d
// RUN: grep -q "compiler's" build.d
// CHECK: footer3.h:
// CHECK: depfile-in-compile-flags.cpp
// CHECK: sycl.hpp
// RUN: not %sycl-footer %s -o bad.h -MD -MF bad.d -- %mockflags -DBROKEN -MD -MF build.d
// RUN: not ls bad.d bad.h
#include "sycl.hpp"
sycl::specialization_id<int> tracked;
#ifdef BROKEN
int broken = ;
#endif
