// issue §3: an unwritable output path (missing parent directory, or a directory) is exit status 1
// with a message naming the path, and no partial or temporary file anywhere.
// RUN: rm -rf %t && mkdir -p %t/dir/is-a-dir
// RUN: sh -c '%sycl-footer %s -o %t/missing/footer.h -- %mockflags > %t/1.out 2> %t/1.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/1.out
// RUN: FileCheck %s --check-prefix=ERR1 --input-file=%t/1.err -DPATH=%t/missing/footer.h
// RUN: not ls %t/missing
// RUN: sh -c '%sycl-footer %s -o %t/dir/is-a-dir -- %mockflags > %t/2.out 2> %t/2.err; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=ERR2 --input-file=%t/2.err -DPATH=%t/dir/is-a-dir
// RUN: ls -A %t/dir | FileCheck %s --check-prefix=LS --match-full-lines
// RUN: ls -A %t/dir/is-a-dir | count 0

#include "sycl.hpp"

constexpr sycl::specialization_id b{2};

// EXIT:exit=1
// ERR1:{{.*}}error: {{.*}}[[PATH]]
// ERR2:{{.*}}error: {{.*}}[[PATH]]
// LS:is-a-dir
// LS-NOT:{{.}}
