; Input LLVM 22's verifier rejects but DPC++'s LLVM accepts (`sret` on a spir_kernel) through
; split and SPIR-V emission (review §6.4): one warning for the input, every image written, the
; spec constant lowered in the image whose kernel reads it, and each image valid SPIR-V.
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -spec-const=native -split=kernel -emit-spirv -properties %s -o %t/out.table 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --check-prefix=TABLE --input-file %t/out.table
; RUN: FileCheck %s --check-prefix=PROP0 --input-file %t/out_0.prop
; RUN: FileCheck %s --check-prefix=PROP1 --input-file %t/out_1.prop
; RUN: %if spirv-tools %{ spirv-val %t/out_0.spv %}
; RUN: %if spirv-tools %{ spirv-val %t/out_1.spv %}
; WARN: sycl-post-link: warning: the input is not valid LLVM IR for LLVM 22 (Calling convention does not allow sret ptr @kernel_with_sret); processing it as DPC++ does
; WARN-NOT: warning
; TABLE: [Code|Properties]
; TABLE-NEXT: {{.*}}out_0.spv|{{.*}}out_0.prop
; TABLE-NEXT: {{.*}}out_1.spv|{{.*}}out_1.prop
; PROP0: [SYCL/specialization constants]
; PROP0-NEXT: uid_answer=2|
; PROP1-NOT: uid_answer

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

define spir_kernel void @plain_kernel(ptr addrspace(1) %out) {
entry:
  store i32 7, ptr addrspace(1) %out, align 4
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
