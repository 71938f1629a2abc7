; post-link.md §11 example 2: packed SCTy with explicit tail padding, default with a literal
; unpacked struct. The [3 x i8] becomes an undef operand and consumes ID 3.
; RUN: %sycl-post-link -spec-const=native -properties -S %s -o %t.table
; RUN: FileCheck %s --check-prefix=IR --input-file %t_0.ll
; RUN: FileCheck %s --input-file %t_0.prop

; IR: %[[F:[0-9]+]] = call spir_func float @_Z20__spirv_SpecConstantif(i32 0, float 0x40091EB860000000)
; IR-NEXT: %[[I:[0-9]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 42)
; IR-NEXT: %[[C:[0-9]+]] = call spir_func i8 @_Z20__spirv_SpecConstantia(i32 2, i8 8)
; IR-NEXT: %[[S:[0-9]+]] = call spir_func %struct.user_defined_type @_Z29__spirv_SpecConstantCompositefiaA3_a_Rstruct.user_defined_type(float %[[F]], i32 %[[I]], i8 %[[C]], [3 x i8] undef)
; IR-NEXT: store %struct.user_defined_type %[[S]], ptr %dst
; The next constant starts at ID 4.
; IR: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 4, i32 5)
; IR: !{!"SC1", i32 0, i32 0, i32 4, i32 1, i32 4, i32 4, i32 2, i32 8, i32 1, i32 -1, i32 9, i32 3}
; IR: !{!"SC2", i32 4, i32 0, i32 4}

; CHECK:      [SYCL/specialization constants]
; CHECK-NEXT: SC1=2|AGAAAAAAAAAAAAAAAAAAAQAAAAQAAAAAEAAAAQAAAAgAAAAAIAAAAEAAAAw/////JAAAAMAAAAA
; CHECK-NEXT: SC2=2|gBAAAAAAAAABAAAAAAAAAQAAAAA
; CHECK-NEXT: [SYCL/specialization constants default values]
; Example 2's 12-byte blob, then the i32 5 (no padding between constants in native mode).
; CHECK-NEXT: all=2|ACAAAAAAAAww1jEQqAAAAgAAAAQBAAAA

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.user_defined_type = type <{ float, i32, i8, [3 x i8] }>
%sid1 = type { { float, i32, i8 } }
%sid2 = type { i32 }

@id1 = private unnamed_addr addrspace(1) constant [4 x i8] c"SC1\00"
@id2 = private unnamed_addr addrspace(1) constant [4 x i8] c"SC2\00"
@dflt1 = internal addrspace(1) constant %sid1 { { float, i32, i8 } { float 0x40091EB860000000, i32 42, i8 8 } }
@dflt2 = internal addrspace(1) constant %sid2 { i32 5 }

define spir_kernel void @k(ptr %dst, ptr addrspace(1) %out) {
entry:
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI17user_defined_typeET_PKcPKvS5_(ptr sret(%struct.user_defined_type) %dst, ptr addrspace(4) addrspacecast (ptr addrspace(1) @id1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dflt1 to ptr addrspace(4)), ptr addrspace(4) null)
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr addrspace(1) @id2 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dflt2 to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI17user_defined_typeET_PKcPKvS5_(ptr sret(%struct.user_defined_type), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
