; Without -spec-const the pass does not run; properties come from existing metadata (§2).
; RUN: %sycl-post-link -properties -S %s -o %t.table
; RUN: FileCheck %s --input-file %t_0.prop
; CHECK: [SYCL/specialization constants]
; CHECK-NEXT: S=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA
; CHECK-NEXT: [SYCL/specialization constants default values]
; CHECK-NEXT: all=2|gAAAAAAAAAgKAAAA

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k() {
  ret void
}
!sycl.specialization-constants = !{!0}
!sycl.specialization-constants-default-values = !{!1}
!0 = !{!"S", i32 0, i32 0, i32 4}
!1 = !{i32 42}
