// issue §3: an unreadable source file (mode 000): exit status 1, an error naming it, no output.
// Permission bits do not stop root: as root the tool runs as nobody (%unprivileged), which may
// write the directory, so the source's mode is all that can refuse it.
// REQUIRES: non-root || can-drop-privileges
// RUN: rm -rf %t && mkdir %t && chmod 777 %t
// RUN: echo 'int x;' > %t/src.cpp && chmod 000 %t/src.cpp
// RUN: sh -c '%unprivileged %sycl-footer %t/src.cpp -o %t/footer.h -- %mockflags > %t/stdout 2> %t/stderr; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: chmod 644 %t/src.cpp
// RUN: count 0 < %t/stdout
// RUN: FileCheck %s --input-file=%t/stderr -DFILE=%t/src.cpp
// RUN: not ls %t/footer.h

// EXIT:exit=1
// CHECK:{{.*}}error: {{.*}}[[FILE]]
