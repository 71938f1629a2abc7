// No spec id in the TU: the footer is 0 bytes (no include, no newline).
// RUN: %sycl-footer %s -o %t.h -- %mockflags
// RUN: wc -c < %t.h | FileCheck %s
// CHECK: {{^ *0$}}

#include "sycl.hpp"

int not_a_spec_id;
static const int also_not = 3;
