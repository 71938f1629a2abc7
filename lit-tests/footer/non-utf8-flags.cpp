// Compile flags are bytes, as clang takes them: an include directory whose name is not UTF-8
// works (issue 12 §3: it was rejected).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: bash %S/Inputs/non-utf8-include.sh %sycl-footer %s %mockflags | FileCheck %s
// CHECK: get_spec_constant_symbolic_ID_impl<::from_header>()
// CHECK: return "P____ZL11from_header";
#include "spec.h"
