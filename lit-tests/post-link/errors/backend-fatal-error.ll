; A fatal error of LLVM 22's SPIR-V backend (an i128, which SPIR-V has no type for) is an
; internal error naming the step and the image's kernel, and the tool fails without a crash
; (issue 38). Before: "error: LLVM: OpTypeInt type with a width …", naming nothing.
; RUN: not %sycl-post-link --emit-spirv --ir-output-only %s -o %t.spv 2>&1 | FileCheck %s
; CHECK: error: internal error in SPIR-V emission of the image of kernel 'wide': LLVM: OpTypeInt type with a width other than 8, 16, 32 or 64 bits
; CHECK-NOT: signal

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @wide(ptr addrspace(1) %o) {
  %v = load i128, ptr addrspace(1) %o
  %a = add i128 %v, 1
  store i128 %a, ptr addrspace(1) %o
  ret void
}
