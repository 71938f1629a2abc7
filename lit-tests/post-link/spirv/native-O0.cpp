// In-process SPIR-V from -O0 C++ (native): valid per spirv-val, SpecId decorations and
// OpSpecConstant(Composite) values.
// REQUIRES: spirv-tools
// RUN: %sycl-device-cc -O0 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -emit-spirv -ir-output-only %t.ll -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s

// CHECK-DAG: OpEntryPoint Kernel %{{.*}} "_ZTS2KN"
// The composite getter is declared first (first call in the source), so P gets IDs 0 and 1.
// CHECK-DAG: OpDecorate %[[X:[0-9a-z_]+]] SpecId 0
// CHECK-DAG: OpDecorate %[[Y:[0-9a-z_]+]] SpecId 1
// CHECK-DAG: OpDecorate %[[I:[0-9a-z_]+]] SpecId 2
// CHECK-DAG: OpDecorate %[[L:[0-9a-z_]+]] SpecId 3
// CHECK-DAG: %[[X]] = OpSpecConstant %uint 1
// CHECK-DAG: %[[Y]] = OpSpecConstant %float 2.5
// CHECK-DAG: OpSpecConstantComposite %struct_Pt %[[X]] %[[Y]]
// CHECK-DAG: %[[I]] = OpSpecConstant %uint 42
// CHECK-DAG: %[[L]] = OpSpecConstant %ulong 123456789012

#include "specconst.h"
struct Pt { int x; float y; };
static constexpr specialization_id<int> si(42);
static constexpr specialization_id<Pt> sp(Pt{1, 2.5f});
static constexpr specialization_id<long> sl(123456789012);
SPEC_ID(si, "I")
SPEC_ID(sp, "P")
SPEC_ID(sl, "L")
struct KN;
int main() {
  long *out = nullptr;
  single_task<KN>([=]() {
    Pt p = get_composite<Pt, sp>(nullptr);
    out[0] = get_scalar<int, si>(nullptr) + p.x + (int)p.y + get_scalar<long, sl>(nullptr);
  });
}
