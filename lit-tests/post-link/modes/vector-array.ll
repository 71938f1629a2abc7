; Fixed vectors and arrays: Dv<N>_ and A<N>_ codes, elements in order (§3.4).
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll
; CHECK: %[[A:[0-9]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 1)
; CHECK-NEXT: %[[B:[0-9]+]] = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 2)
; CHECK-NEXT: call spir_func <2 x i32> @_Z29__spirv_SpecConstantCompositeii_RDv2_i(i32 %[[A]], i32 %[[B]])
; CHECK: call spir_func i16 @_Z20__spirv_SpecConstantis(i32 2, i16 7)
; CHECK-NEXT: call spir_func i16 @_Z20__spirv_SpecConstantis(i32 3, i16 8)
; CHECK-NEXT: call spir_func [2 x i16] @_Z29__spirv_SpecConstantCompositess_RA2_s(
; CHECK: !{!"V", i32 0, i32 0, i32 4, i32 1, i32 4, i32 4}
; CHECK: !{!"W", i32 2, i32 0, i32 2, i32 3, i32 2, i32 2}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@v = private unnamed_addr constant [2 x i8] c"V\00"
@w = private unnamed_addr constant [2 x i8] c"W\00"
@dv = internal addrspace(1) constant { <2 x i32> } { <2 x i32> <i32 1, i32 2> }
@dw = internal addrspace(1) constant { [2 x i16] } { [2 x i16] [i16 7, i16 8] }
declare spir_func <2 x i32> @_Z40__sycl_getComposite2020SpecConstantValueIDv2_iET_PKcPKvS5_(ptr, ptr, ptr)
declare spir_func [2 x i16] @_Z40__sycl_getComposite2020SpecConstantValueIA2_sET_PKcPKvS5_(ptr, ptr, ptr)
define spir_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %o2) {
  %x = call spir_func <2 x i32> @_Z40__sycl_getComposite2020SpecConstantValueIDv2_iET_PKcPKvS5_(ptr @v, ptr addrspacecast (ptr addrspace(1) @dv to ptr), ptr null)
  store <2 x i32> %x, ptr addrspace(1) %o
  %y = call spir_func [2 x i16] @_Z40__sycl_getComposite2020SpecConstantValueIA2_sET_PKcPKvS5_(ptr @w, ptr addrspacecast (ptr addrspace(1) @dw to ptr), ptr null)
  store [2 x i16] %y, ptr addrspace(1) %o2
  ret void
}
