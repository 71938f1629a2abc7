; A module without spec constants: both named lists exist (empty) and the .prop has no
; spec-constant sets.
; RUN: %sycl-post-link -spec-const=native -properties -S %s -o %t.table
; RUN: FileCheck %s --input-file %t_0.ll
; RUN: FileCheck %s --check-prefix=PROP --input-file %t_0.prop
; CHECK: !sycl.specialization-constants = !{}
; CHECK: !sycl.specialization-constants-default-values = !{}
; PROP: [SYCL/device requirements]
; PROP-NEXT: aspects=2|AAAAAAAAAAA
; PROP-EMPTY:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o
  ret void
}
