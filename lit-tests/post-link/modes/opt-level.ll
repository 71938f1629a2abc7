; The device compile's optimisation level (DPC++'s `sycl-optlevel` function attribute on the
; kernels) becomes the image's `optLevel` misc property, which Intel's runtime turns into the
; backend build option (`-O0` → OpenCL's `-cl-opt-disable`). Read from the first kernel that
; has it; functions that are no kernels do not count.
; RUN: %sycl-post-link -spec-const=native -properties -symbols -S %s -o %t.table
; RUN: FileCheck %s --input-file %t_0.prop
; CHECK: [SYCL/device requirements]
; CHECK-NEXT: aspects=2|AAAAAAAAAAA
; CHECK-NEXT: [SYCL/misc properties]
; CHECK-NEXT: optLevel=1|0
; CHECK-EMPTY:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func void @helper() #1 {
  ret void
}

define spir_kernel void @first() #0 {
  call spir_func void @helper()
  ret void
}

define spir_kernel void @second() #0 {
  ret void
}

attributes #0 = { "sycl-optlevel"="0" }
attributes #1 = { "sycl-optlevel"="3" }
