// bool spec constant (§3.2): i8 __spirv_SpecConstantia + trunc to i1; the -O0 ID pattern.
// RUN: %sycl-device-cc -O0 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -S -ir-output-only %t.ll -o %t.out.ll
// RUN: FileCheck %s --input-file %t.out.ll
// CHECK: %[[V:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 0, i8 1)
// CHECK-NEXT: %tobool = trunc i8 %[[V]] to i1
// CHECK-NOT: i1 @_Z20__spirv_SpecConstant
// CHECK: !{!"uid7___ZL4flag", i32 0, i32 0, i32 1}
// CHECK: !{i8 1}

#include "specconst.h"
static constexpr specialization_id<bool> flag(true);
SPEC_ID(flag, "uid7___ZL4flag")
struct KN;
int main() {
  int *out = nullptr;
  single_task<KN>([=]() { out[0] = get_scalar<bool, flag>(nullptr) ? 1 : 2; });
}
