; A fatal error of LLVM 22's SPIR-V backend (an i128, which SPIR-V has no type for) is an
; internal error naming the step and the image's kernel, then the function LLVM fails on
; alone (found by emitting each function's code alone), and the tool fails without a crash
; (issue 38). Before: "error: LLVM: OpTypeInt type with a width …", naming nothing.
; RUN: not %sycl-post-link --emit-spirv --ir-output-only %s -o %t.spv 2>&1 | FileCheck %s --implicit-check-not=error:
; CHECK: error: internal error in SPIR-V emission of the image of kernel 'k': LLVM: OpTypeInt type with a width other than 8, 16, 32 or 64 bits
; CHECK-NEXT: error: internal error in SPIR-V emission of function 'wide_helper': LLVM's SPIR-V backend fails on its code (LLVM's message is above;
; CHECK-NOT: signal

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func void @fine(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o
  ret void
}

define spir_func void @wide_helper(ptr addrspace(1) %o) {
  %v = load i128, ptr addrspace(1) %o
  %a = add i128 %v, 1
  store i128 %a, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %o) {
  call spir_func void @fine(ptr addrspace(1) %o)
  call spir_func void @wide_helper(ptr addrspace(1) %o)
  ret void
}
