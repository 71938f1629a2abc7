; Lane tests (issue 38): InstCombine writes "all lanes" and "any lane" of a vector compare
; as `bitcast <N x i1> to iN` compared with 0 or -1, which LLVM 22's SPIR-V backend cannot
; emit ("incompatible result and operand types in a bitcast", a fatal error). The SPIR-V
; copy tests the lanes with or/and of their elements instead; the SPIR-V validates.
; REQUIRES: spirv-tools
; RUN: %sycl-post-link --emit-spirv --ir-output-only %s -o %t.spv 2>&1 | FileCheck %s --allow-empty --check-prefix=EMIT
; EMIT-NOT: error
; RUN: spirv-val %t.spv
; RUN: spirv-dis %t.spv | FileCheck %s
; Four tests, each an or/and chain of the lanes (and two negated):
; CHECK-COUNT-3: OpLogicalOr
; CHECK-COUNT-3: OpLogicalOr
; CHECK-COUNT-3: OpLogicalAnd
; CHECK-COUNT-3: OpLogicalAnd

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %i) {
  %v = load <4 x i32>, ptr addrspace(1) %i
  %c = icmp ne <4 x i32> %v, zeroinitializer
  %b = bitcast <4 x i1> %c to i4
  %none = icmp eq i4 %b, 0
  %any = icmp ne i4 0, %b
  %all = icmp eq i4 %b, -1
  %notall = icmp ne i4 %b, -1
  %n = zext i1 %none to i32
  %a = zext i1 %any to i32
  %l = zext i1 %all to i32
  %t = zext i1 %notall to i32
  %s1 = add i32 %n, %a
  %s2 = add i32 %l, %t
  %s = add i32 %s1, %s2
  store i32 %s, ptr addrspace(1) %o
  ret void
}
