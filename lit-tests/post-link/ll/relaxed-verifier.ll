; Issue 11 §4: modules DPC++'s LLVM accepts but LLVM 22's verifier rejects (here `sret` on a
; spir_kernel, which LLVM 22 forbids for that calling convention) are processed with a warning
; naming the check, since the lowering touches only the getter calls; the spec constant is
; lowered as usual and the property sets written.
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -spec-const=native -properties -S %s -o %t/out.table 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --input-file %t/out_0.ll
; RUN: FileCheck %s --check-prefix=PROP --input-file %t/out_0.prop
; WARN: sycl-post-link: warning: the input is not valid LLVM IR for LLVM 22 (Calling convention does not allow sret ptr @kernel_with_sret); processing it as DPC++ does
; CHECK: define spir_kernel void @kernel_with_sret(ptr sret(i32) %out)
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 42)
; PROP: uid_answer=2|

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%spec_i32 = type { i32 }
@answer = internal addrspace(1) constant %spec_i32 { i32 42 }, align 4
@answer_id = private unnamed_addr constant [11 x i8] c"uid_answer\00", align 1

define spir_kernel void @kernel_with_sret(ptr sret(i32) %out) {
entry:
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @answer_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @answer to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %v, ptr %out, align 4
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
