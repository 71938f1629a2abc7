// post-link.md §11 example 1 from real C++ at -O0: scalar int 42, native.
// RUN: %sycl-device-cc -O0 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -properties -S %t.ll -o %t.table
// RUN: FileCheck %s --check-prefix=IR --input-file %t_0.ll
// RUN: FileCheck %s --input-file %t_0.prop

// IR-NOT: __sycl_getScalar2020SpecConstantValue
// IR: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 42)
// IR-NOT: __sycl_getScalar2020SpecConstantValue
// IR: declare spir_func i32 @_Z20__spirv_SpecConstantii(i32, i32)
// IR: !sycl.specialization-constants = !{![[MD:[0-9]+]]}
// IR: !sycl.specialization-constants-default-values = !{![[DF:[0-9]+]]}
// IR: ![[MD]] = !{!"S", i32 0, i32 0, i32 4}
// IR: ![[DF]] = !{i32 42}

// CHECK: [SYCL/specialization constants]
// CHECK-NEXT: S=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA
// CHECK-NEXT: [SYCL/specialization constants default values]
// CHECK-NEXT: all=2|gAAAAAAAAAgKAAAA

#include "specconst.h"
static constexpr specialization_id<int> valueS(42);
SPEC_ID(valueS, "S")
struct KN;
int main() {
  int *out = nullptr;
  single_task<KN>([=]() { out[0] = get_scalar<int, valueS>(nullptr); });
}
