// SPIR-V from -O2 C++ in emulation mode: loads from the buffer argument, no spec constants.
// REQUIRES: spirv-tools
// RUN: %sycl-device-cc -O2 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=emulation -emit-spirv -spirv-version=1.0 -ir-output-only %t.ll -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s
// CHECK: Version: 1.0
// CHECK-NOT: OpSpecConstant
// CHECK: OpLoad %float

#include "specconst.h"
static constexpr specialization_id<float> sf(0.5f);
SPEC_ID(sf, "F")
struct KN;
int main() {
  float *out = nullptr;
  const void *scbuf = nullptr;
  single_task<KN>([=]() { out[0] = get_scalar<float, sf>(scbuf); });
}
