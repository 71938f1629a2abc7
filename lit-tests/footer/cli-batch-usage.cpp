// README: usage errors are exit status 2 — batch mode without --output-dir, --output-dir without
// batch mode, and -p together with a FILE / -o.
// RUN: rm -rf %t && mkdir -p %t/build
// RUN: echo '[]' > %t/build/compile_commands.json
// RUN: sh -c '%sycl-footer -p %t/build > %t/1.out 2> %t/1.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=OUTDIR --input-file=%t/1.err
// RUN: sh -c '%sycl-footer -p %t/build --output-dir %t/out -o %t/x.h 2> %t/2.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: sh -c '%sycl-footer -p %t/build --output-dir %t/out %s 2> %t/3.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: sh -c '%sycl-footer -p %t/build --output-dir %t/out; echo "exit=$?"' | FileCheck %s --check-prefix=OK
// --output-dir without -p was accepted and ignored:
// RUN: sh -c '%sycl-footer --output-dir %t/out %s -- -std=c++17 > %t/4.out 2> %t/4.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=BATCHONLY --input-file=%t/4.err
// BATCHONLY: error: --output-dir DIR applies to batch mode only (-p BUILD_DIR)

// EXIT:exit=2
// OUTDIR:{{.*}}error: {{.*}}--output-dir
// OK:exit=0
