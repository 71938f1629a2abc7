; post-link.md §11 example 3 (SYCL-2020.ll): emulation, half 2.0 then int 42 with alignment
; padding; exact .prop strings and buffer offsets.
; RUN: %sycl-post-link -spec-const=emulation -properties -S %s -o %t.table
; RUN: FileCheck %s --check-prefix=IR --input-file %t_0.ll
; RUN: FileCheck %s --input-file %t_0.prop

; IR: %gep = getelementptr i8, ptr addrspace(4) %buf, i32 0
; IR-NEXT: %[[H:load[0-9]*]] = load half, ptr addrspace(4) %gep, align 2
; IR: store half %[[H]], ptr addrspace(1) %outh
; IR: %[[G:gep[0-9]*]] = getelementptr i8, ptr addrspace(4) %buf, i32 4
; IR-NEXT: %[[I:load[0-9]*]] = load i32, ptr addrspace(4) %[[G]], align 4
; IR: store i32 %[[I]], ptr addrspace(1) %outi
; IR: !sycl.specialization-constants = !{![[H1:[0-9]+]], ![[I1:[0-9]+]]}
; IR: !sycl.specialization-constants-default-values = !{![[D1:[0-9]+]], ![[D2:[0-9]+]], ![[D3:[0-9]+]]}
; IR: ![[H1]] = !{!"H", i32 0, i32 0, i32 2, i32 -1, i32 2, i32 2}
; IR: ![[I1]] = !{!"I", i32 1, i32 0, i32 4}
; IR: ![[D1]] = !{half 0xH4000}
; IR: ![[D2]] = !{[2 x i8] zeroinitializer}
; IR: ![[D3]] = !{i32 42}

; CHECK:      [SYCL/specialization constants]
; CHECK-NEXT: H=2|ADAAAAAAAAAAAAAAAAAAAIAAAAw/////CAAAAIAAAAA
; CHECK-NEXT: I=2|gBAAAAAAAAQAAAAAAAAAAQAAAAA
; CHECK-NEXT: [SYCL/specialization constants default values]
; CHECK-NEXT: all=2|ABAAAAAAAAAAABAAqAAAAA

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@idh = private unnamed_addr constant [2 x i8] c"H\00"
@idi = private unnamed_addr constant [2 x i8] c"I\00"
@sh = internal addrspace(1) constant { half } { half 0xH4000 }
@si = internal addrspace(1) constant { i32 } { i32 42 }

define spir_kernel void @k(ptr addrspace(1) %sc_buf, ptr addrspace(1) %outh, ptr addrspace(1) %outi) {
entry:
  %buf = addrspacecast ptr addrspace(1) %sc_buf to ptr addrspace(4)
  %h = call spir_func half @_Z37__sycl_getScalar2020SpecConstantValueIDF16_ET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @idh to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @sh to ptr addrspace(4)), ptr addrspace(4) %buf)
  store half %h, ptr addrspace(1) %outh
  %i = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @idi to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @si to ptr addrspace(4)), ptr addrspace(4) %buf)
  store i32 %i, ptr addrspace(1) %outi
  ret void
}

declare spir_func half @_Z37__sycl_getScalar2020SpecConstantValueIDF16_ET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
