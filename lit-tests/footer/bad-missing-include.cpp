// issue §3: a missing header is a fatal error of the TU: clang's `file:line:col: fatal error:` on
// stderr, exit status 1, no footer on stdout.
// RUN: rm -rf %t && split-file %s %t
// RUN: sh -c '%sycl-footer %t/src.cpp -- %mockflags > %t/stdout 2> %t/stderr; echo "exit=$?"' | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < %t/stdout
// RUN: FileCheck %s --input-file=%t/stderr -DFILE=%t/src.cpp

// EXIT:exit=1
// CHECK:[[FILE]]:2:10: {{(fatal )?}}error: 'no_such_header.hpp' file not found

//--- src.cpp
#include "sycl.hpp"
#include "no_such_header.hpp"
constexpr sycl::specialization_id b{2};
