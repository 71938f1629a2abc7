// Without -fsycl, sycl-clang++ is clang++-22: same output files, diagnostics and exit status.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -c %s -o %t/plain.o
// RUN: %clangxx -c %s -o %t/reference.o
// RUN: cmp %t/plain.o %t/reference.o
// RUN: not %sycl-clangxx -c -DBROKEN %s -o %t/broken.o 2> %t/ours.txt
// RUN: not %clangxx -c -DBROKEN %s -o %t/broken.o 2> %t/theirs.txt
// RUN: diff %t/ours.txt %t/theirs.txt
// RUN: FileCheck %s < %t/ours.txt

// CHECK: passthrough.cpp:[[@LINE+3]]:3: error: use of undeclared identifier 'not_declared'
int f() {
#ifdef BROKEN
  not_declared;
#endif
  return 1;
}
