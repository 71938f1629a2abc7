// issue §3: a missing source file: exit status 1, an error naming the file, no output file.
// RUN: rm -rf %t && mkdir %t
// RUN: sh -c '%sycl-footer %t/nonexistent.cpp -o %t/footer.h -- %mockflags > %t/stdout 2> %t/stderr; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/stdout
// RUN: FileCheck %s --input-file=%t/stderr -DFILE=%t/nonexistent.cpp
// RUN: not ls %t/footer.h

// EXIT:exit=1
// CHECK:{{.*}}error: {{.*}}[[FILE]]
