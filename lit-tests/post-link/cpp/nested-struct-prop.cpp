// post-link.md §11 example 4 (nested struct, native) from real C++: exact .prop strings.
// RUN: %sycl-device-cc -O2 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=native -properties -S %t.ll -o %t.table
// RUN: FileCheck %s --input-file %t_0.prop
// RUN: FileCheck %s --check-prefix=IR --input-file %t_0.ll

// CHECK:      [SYCL/device requirements]
// CHECK-NEXT: aspects=2|AAAAAAAAAAA
// CHECK-NEXT: [SYCL/specialization constants]
// CHECK-NEXT: N=2|gKAAAAAAAAAAAAAAAAAAAEAAAAQAAAAAEAAAAEAAAAgAAAAAIAAAAQAAAAwAAAAAMAAAAEAAAAw/////NAAAAMAAAAABAAAAQAAAAEAAAAw/////RAAAAMAAAAA
// CHECK-NEXT: [SYCL/specialization constants default values]
// CHECK-NEXT: all=2|gCAAAAAAAAAeAAAA5BAAAoHAAAQYAAAAiBAAAA
// CHECK-EMPTY:

// IR:      %[[A:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 0, i8 120)
// IR-NEXT: %[[B:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 1, i8 121)
// IR-NEXT: %[[C:[0-9]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 2, i32 122)
// IR-NEXT: %[[D:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 3, i8 97)
// IR-NEXT: %[[IN:[0-9]+]] = call spir_func %struct.Inner @_Z29__spirv_SpecConstantCompositeaia_Rstruct.Inner(i8 %[[B]], i32 %[[C]], i8 %[[D]])
// IR-NEXT: %[[E:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 4, i8 98)
// IR-NEXT: %[[OUT:[0-9]+]] = call spir_func %struct.Outer @_Z29__spirv_SpecConstantCompositeastruct.Innera_Rstruct.Outer(i8 %[[A]], %struct.Inner %[[IN]], i8 %[[E]])
// IR-NEXT: store %struct.Outer %[[OUT]], ptr
// IR: !sycl.specialization-constants = !{![[N:[0-9]+]]}
// IR: ![[N]] = !{!"N", i32 0, i32 0, i32 1, i32 1, i32 4, i32 1, i32 2, i32 8, i32 4, i32 3, i32 12, i32 1, i32 -1, i32 13, i32 3, i32 4, i32 16, i32 1, i32 -1, i32 17, i32 3}

#include "specconst.h"
struct Inner { char a; int b; char c; };
struct Outer { char x; Inner in; char y; };
static constexpr specialization_id<Outer> nested(Outer{120, {121, 122, 97}, 98});
SPEC_ID(nested, "N")
struct KN;
int main() {
  int *out = nullptr;
  single_task<KN>([=]() {
    Outer o = get_composite<Outer, nested>(nullptr);
    out[0] = o.in.b;
  });
}
