// Composite at -O2 (sret slot is a local alloca of the caller after inlining).
// RUN: %sycl-device-cc -O2 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -S -ir-output-only %t.ll -o %t.out.ll
// RUN: FileCheck %s --input-file %t.out.ll

// CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)
// CHECK-NEXT: call spir_func double @_Z20__spirv_SpecConstantid(i32 1, double 5.000000e-01)
// CHECK-NEXT: call spir_func i64 @_Z20__spirv_SpecConstantix(i32 2, i64 -9)
// CHECK-NEXT: %[[C:[0-9]+]] = call spir_func %struct.Big @_Z29__spirv_SpecConstantCompositeidx_Rstruct.Big(
// CHECK-NEXT: store %struct.Big %[[C]], ptr
// Interior gaps (bytes 4..8) get no descriptor triple.
// CHECK: !{!"B", i32 0, i32 0, i32 4, i32 1, i32 8, i32 8, i32 2, i32 16, i32 8}

#include "specconst.h"
struct Big { int a; double d; long long l; };
static constexpr specialization_id<Big> sb(Big{3, 0.5, -9});
SPEC_ID(sb, "B")
struct KN;
int main() {
  double *out = nullptr;
  single_task<KN>([=]() {
    Big b = get_composite<Big, sb>(nullptr);
    out[0] = b.a + b.d + b.l;
  });
}
