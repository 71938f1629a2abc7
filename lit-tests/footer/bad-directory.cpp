// issue §3: a directory given as the source file: exit status 1, an error naming it, no output.
// RUN: rm -rf %t && mkdir -p %t/src.cpp
// RUN: sh -c '%sycl-footer %t/src.cpp -o %t/footer.h -- %mockflags > %t/stdout 2> %t/stderr; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/stdout
// RUN: FileCheck %s --input-file=%t/stderr -DFILE=%t/src.cpp
// RUN: not ls %t/footer.h

// EXIT:exit=1
// CHECK:{{.*}}error: {{.*}}[[FILE]]
