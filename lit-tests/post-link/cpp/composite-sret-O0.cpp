// Composite returned through sret at -O0: by-value composite call stored into the sret slot.
// RUN: %sycl-device-cc -O0 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -S -ir-output-only %t.ll -o %t.out.ll
// RUN: FileCheck %s --input-file %t.out.ll

// The -O0 ID pattern (alloca, store of the ID function's result, load) is gone.
// CHECK: define internal spir_func void @_Z13get_composite{{.*}}(ptr {{.*}}sret(%struct.Pt) align 4 %agg.result,
// CHECK: %call = call spir_func noundef ptr addrspace(4) @_Z29get_spec_constant_symbolic_ID
// CHECK-NOT: %SymbolicID.ascast, align 8
// CHECK: %[[X:[0-9]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 1)
// CHECK-NEXT: %[[Y:[0-9]+]] = call spir_func float @_Z20__spirv_SpecConstantif(i32 1, float 2.500000e+00)
// CHECK-NEXT: %[[PT:[0-9]+]] = call spir_func %struct.Pt @_Z29__spirv_SpecConstantCompositeif_Rstruct.Pt(i32 %[[X]], float %[[Y]])
// CHECK-NEXT: store %struct.Pt %[[PT]], ptr %agg.result, align 4
// CHECK-NEXT: ret void
// CHECK-NOT: sret(
// CHECK: ![[MD:[0-9]+]] = !{!"P", i32 0, i32 0, i32 4, i32 1, i32 4, i32 4}
// CHECK: !{%struct.Pt { i32 1, float 2.500000e+00 }}

#include "specconst.h"
struct Pt { int x; float y; };
static constexpr specialization_id<Pt> sp(Pt{1, 2.5f});
SPEC_ID(sp, "P")
struct KN;
int main() {
  int *out = nullptr;
  single_task<KN>([=]() {
    Pt p = get_composite<Pt, sp>(nullptr);
    out[0] = p.x + (int)p.y;
  });
}
