; post-link.md §11 example 5 (composite-default-value-padding.ll): packed struct then bool in
; emulation; exact .prop strings. The bool is loaded as i8 and truncated.
; RUN: %sycl-post-link -spec-const=emulation -properties -S %s -o %t.table
; RUN: FileCheck %s --check-prefix=IR --input-file %t_0.ll
; RUN: FileCheck %s --input-file %t_0.prop

; IR: %[[S:load[0-9]*]] = load %struct.A, ptr addrspace(4) null, align 1
; IR-NEXT: store %struct.A %[[S]], ptr %dst
; IR-NEXT: %[[B:load[0-9]*]] = load i8, ptr addrspace(4) getelementptr (i8, ptr addrspace(4) null, i32 8), align 1
; IR-NEXT: %tobool = trunc i8 %[[B]] to i1

; CHECK:      [SYCL/specialization constants]
; CHECK-NEXT: StructSpecId=2|gBAAAAAAAAAAAAAAAAAAAgAAAAA
; CHECK-NEXT: BoolSpecId=2|gBAAAAAAAAQAAAAAAAAAAEAAAAA
; CHECK-NEXT: [SYCL/specialization constants default values]
; CHECK-NEXT: all=2|IBAAAAAAAAAFAAAAjBAAAEA

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.A = type <{ i32, i8, [3 x i8] }>

@ids = private unnamed_addr addrspace(1) constant [13 x i8] c"StructSpecId\00"
@idb = private unnamed_addr addrspace(1) constant [11 x i8] c"BoolSpecId\00"
@ds = internal addrspace(1) constant { { i32, i8 } } { { i32, i8 } { i32 20, i8 99 } }
@db = internal addrspace(1) constant { i8 } { i8 1 }

define spir_kernel void @k(ptr %dst, ptr addrspace(1) %out) {
entry:
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr sret(%struct.A) %dst, ptr addrspace(4) addrspacecast (ptr addrspace(1) @ids to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @ds to ptr addrspace(4)), ptr addrspace(4) null)
  %b = call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr addrspace(1) @idb to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @db to ptr addrspace(4)), ptr addrspace(4) null)
  %z = zext i1 %b to i8
  store i8 %z, ptr addrspace(1) %out
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr sret(%struct.A), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
