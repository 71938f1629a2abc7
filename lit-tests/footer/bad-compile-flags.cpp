// issue §3: compile flags clang rejects make the TU bad: exit status 1, clang's error on stderr,
// no output file.
// RUN: rm -rf %t && mkdir %t
// RUN: sh -c '%sycl-footer %s -o %t/footer.h -- %mockflags -fno-such-flag-anywhere > %t/stdout 2> %t/stderr; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --input-file=%t/stderr
// RUN: not ls %t/footer.h

#include "sycl.hpp"
constexpr sycl::specialization_id b{2};

// EXIT:exit=1
// CHECK:{{.*}}error: {{.*}}-fno-such-flag-anywhere
