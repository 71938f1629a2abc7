; Vectors longer than SPIR-V's 16 elements (issue 38 part 4: SROA and the SLP vectoriser make
; `<32 x i8>` of kernels comparing captured arrays element by element), which LLVM 22's SPIR-V
; backend cannot emit ("unable to legalize instruction: … G_UNMERGE_VALUES …(<32 x s8>)", a
; fatal error): the SPIR-V copy of a function that has them is scalarised, its reductions
; expanded first; the SPIR-V validates. A function with SPIR-V's vectors keeps them.
; REQUIRES: spirv-tools
; RUN: %sycl-post-link --emit-spirv --ir-output-only %s -o %t.spv 2>&1 | FileCheck %s --allow-empty --check-prefix=EMIT
; EMIT-NOT: error
; RUN: spirv-val %t.spv
; RUN: spirv-dis %t.spv | FileCheck %s
; RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=WIDTHS
; No vector type longer than 16 elements:
; WIDTHS-NOT: OpTypeVector {{.*}} {{(1[7-9]|[2-9][0-9]|[0-9]{3,})$}}
; The 32 lanes are compared one by one, the 16 lanes as one vector:
; CHECK-LABEL: %wide = OpFunction
; CHECK-COUNT-32: OpIEqual %bool
; CHECK-LABEL: %sixteen = OpFunction
; CHECK: OpIEqual %v16bool

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @wide(ptr addrspace(1) %o, ptr addrspace(1) %i) {
  %a = load <16 x i8>, ptr addrspace(1) %i
  %p = getelementptr inbounds i8, ptr addrspace(1) %i, i64 16
  %b = load <16 x i8>, ptr addrspace(1) %p
  %ab = shufflevector <16 x i8> %a, <16 x i8> %b, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %c = icmp eq <32 x i8> %ab, zeroinitializer
  %e = extractelement <32 x i1> %c, i64 20
  %all = call i1 @llvm.vector.reduce.and.v32i1(<32 x i1> %c)
  %r = and i1 %e, %all
  %z = zext i1 %r to i32
  store i32 %z, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @sixteen(ptr addrspace(1) %o, ptr addrspace(1) %i) {
  %v = load <16 x i8>, ptr addrspace(1) %i
  %c = icmp eq <16 x i8> %v, zeroinitializer
  %s = sext <16 x i1> %c to <16 x i8>
  store <16 x i8> %s, ptr addrspace(1) %o
  ret void
}

declare i1 @llvm.vector.reduce.and.v32i1(<32 x i1>)
