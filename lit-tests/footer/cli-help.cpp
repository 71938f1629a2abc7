// README / issue §3: --help prints the usage with the documented options on stdout, exit status 0.
// RUN: sh -c '%sycl-footer --help > %t.out 2> %t.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --input-file=%t.out
// RUN: count 0 < %t.err

// EXIT:exit=0
// CHECK-DAG:{{.*}}sycl-footer
// CHECK-DAG:{{.*}}-o{{.*}}
// CHECK-DAG:{{.*}}--style{{.*}}
// CHECK-DAG:{{.*}}--unique-prefix{{.*}}
// CHECK-DAG:{{.*}}--json{{.*}}
// CHECK-DAG:{{.*}}-p{{.*}}BUILD_DIR{{.*}}
// CHECK-DAG:{{.*}}--output-dir{{.*}}
