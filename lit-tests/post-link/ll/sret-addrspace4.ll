; §1.2: clang 19 emits the sret pointer in addrspace(4); the by-value composite is stored there.
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll

; CHECK: %[[C:[0-9]+]] = call spir_func %struct.Pt @_Z29__spirv_SpecConstantCompositeif_Rstruct.Pt(
; CHECK-NEXT: store %struct.Pt %[[C]], ptr addrspace(4) %dst

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Pt = type { i32, float }
@p = private unnamed_addr addrspace(1) constant [2 x i8] c"P\00"
@dp = internal addrspace(1) constant { %struct.Pt } { %struct.Pt { i32 1, float 2.0 } }

define spir_kernel void @k(ptr addrspace(4) %dst) {
entry:
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2PtET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Pt) %dst, ptr addrspace(4) addrspacecast (ptr addrspace(1) @p to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dp to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2PtET_PKcPKvS5_(ptr addrspace(4) sret(%struct.Pt), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
