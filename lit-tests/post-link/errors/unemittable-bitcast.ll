; Input LLVM 22's SPIR-V backend ends the process on (issue 38): a bitcast of a vector of i1
; used as a bit mask (lane tests, compared with 0 or -1, are rewritten instead:
; spirv/lane-tests.ll). Before, the tool printed LLVM's message, naming no
; function ("error: LLVM: incompatible result and operand types in a bitcast"), and the child
; emitting SPIR-V died of SIGABRT. Now it is refused before emission, naming the function.
; Other fatal errors of the backend: backend-fatal-error.ll.
; RUN: not %sycl-post-link --emit-spirv --ir-output-only %s -o %t.spv 2>&1 | FileCheck %s
; CHECK: error: internal error in SPIR-V emission of function 'all_set': LLVM's SPIR-V backend cannot emit a bitcast from <4 x i1> to i4 (incompatible result and operand types in a bitcast)
; CHECK-NOT: signal
; CHECK-NOT: error: LLVM:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func i32 @all_set(<4 x i32> %v) {
  %c = icmp ne <4 x i32> %v, zeroinitializer
  %b = bitcast <4 x i1> %c to i4
  %z = zext i4 %b to i32
  ret i32 %z
}

define spir_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %i) {
  %v = load <4 x i32>, ptr addrspace(1) %i
  %r = call spir_func i32 @all_set(<4 x i32> %v)
  store i32 %r, ptr addrspace(1) %o
  ret void
}
