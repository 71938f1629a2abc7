// Scalar int at -O2: the getter call is replaced and its result used directly.
// RUN: %sycl-device-cc -O2 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -S -ir-output-only %t.ll -o %t.out.ll
// RUN: FileCheck %s --input-file %t.out.ll

// CHECK: define {{.*}}spir_kernel void @_ZTS2KN(
// CHECK: %[[V:[0-9]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 7)
// CHECK: store i32 %[[V]]
// CHECK-NOT: __sycl_get

#include "specconst.h"
static constexpr specialization_id<int> seven(7);
SPEC_ID(seven, "uid0123____ZL5seven")
struct KN;
int main() {
  int *out = nullptr;
  single_task<KN>([=]() { out[0] = get_scalar<int, seven>(nullptr); });
}
