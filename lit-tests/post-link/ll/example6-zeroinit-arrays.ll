; post-link.md §11 example 6 (SYCL-2020-zeroinitializer-array-of-arrays.ll): zeroinitializer
; defaults of [3 x [3 x float]] (twice) and {[3 x float], i64}; exact descriptor strings.
; RUN: %sycl-post-link -spec-const=native -properties -S %s -o %t.table
; RUN: FileCheck %s --input-file %t_0.prop
; RUN: FileCheck %s --check-prefix=IR --input-file %t_0.ll

; CHECK:      [SYCL/specialization constants]
; post-link.md quotes this first string five characters short; this is §8.3 applied to
; {k, 4k, 4} for k = 0..8.
; CHECK-NEXT: A=2|gNAAAAAAAAAAAAAAAAAAAQAAAAQAAAAAEAAAAQAAAAgAAAAAIAAAAQAAAAwAAAAAMAAAAQAAAAABAAAAQAAAAQAAAAQBAAAAUAAAAQAAAAgBAAAAYAAAAQAAAAwBAAAAcAAAAQAAAAACAAAAgAAAAQAAAAA
; CHECK-NEXT: B=2|gNAAAAAAAAQCAAAAAAAAAQAAAAgCAAAAEAAAAQAAAAwCAAAAIAAAAQAAAAADAAAAMAAAAQAAAAQDAAAAQAAAAQAAAAgDAAAAUAAAAQAAAAwDAAAAYAAAAQAAAAAEAAAAcAAAAQAAAAQEAAAAgAAAAQAAAAA
; CHECK-NEXT: C=2|AGAAAAAAAAgEAAAAAAAAAQAAAAwEAAAAEAAAAQAAAAAFAAAAIAAAAQAAAAQFAAAAQAAAAgAAAAA
; 36 + 36 + 24 zero bytes.
; CHECK-NEXT: [SYCL/specialization constants default values]
; CHECK-NEXT: all=2|AMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA{{$}}

; IR: call spir_func float @_Z20__spirv_SpecConstantif(i32 0, float 0.000000e+00)
; IR: call spir_func [3 x float] @_Z29__spirv_SpecConstantCompositefff_RA3_f(
; IR: call spir_func [3 x [3 x float]] @_Z29__spirv_SpecConstantCompositeA3_fA3_fA3_f_RA3_A3_f(
; IR: call spir_func i64 @_Z20__spirv_SpecConstantix(i32 21, i64 0)
; IR: call spir_func %struct.S @_Z29__spirv_SpecConstantCompositeA3_fx_Rstruct.S(

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.S = type { [3 x float], i64 }

@ida = private unnamed_addr constant [2 x i8] c"A\00"
@idb = private unnamed_addr constant [2 x i8] c"B\00"
@idc = private unnamed_addr constant [2 x i8] c"C\00"
@da = internal addrspace(1) constant { [3 x [3 x float]] } zeroinitializer
@db = internal addrspace(1) constant { [3 x [3 x float]] } zeroinitializer
@dc = internal addrspace(1) constant { %struct.S } zeroinitializer

define spir_kernel void @k(ptr %pa, ptr %pb, ptr %pc) {
entry:
  %a = call spir_func [3 x [3 x float]] @_Z40__sycl_getComposite2020SpecConstantValueIA3_A3_fET_PKcPKvS5_(ptr @ida, ptr addrspacecast (ptr addrspace(1) @da to ptr), ptr null)
  store [3 x [3 x float]] %a, ptr %pa
  %b = call spir_func [3 x [3 x float]] @_Z40__sycl_getComposite2020SpecConstantValueIA3_A3_fET_PKcPKvS5_(ptr @idb, ptr addrspacecast (ptr addrspace(1) @db to ptr), ptr null)
  store [3 x [3 x float]] %b, ptr %pb
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1SET_PKcPKvS5_(ptr sret(%struct.S) %pc, ptr @idc, ptr addrspacecast (ptr addrspace(1) @dc to ptr), ptr null)
  ret void
}

declare spir_func [3 x [3 x float]] @_Z40__sycl_getComposite2020SpecConstantValueIA3_A3_fET_PKcPKvS5_(ptr, ptr, ptr)
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1SET_PKcPKvS5_(ptr sret(%struct.S), ptr, ptr, ptr)
