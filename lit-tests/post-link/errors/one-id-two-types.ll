; One symbolic ID read as i32 in one function and as float in another: an error naming the ID,
; both types and both functions, and no output (issue 12 §1: this was accepted and gave the
; SPIR-V two OpSpecConstants with SpecId 0, one of each type).
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %sycl-post-link -spec-const=native %s -o %t/out.table 2>&1 | FileCheck %s
; RUN: not %sycl-post-link -spec-const=emulation %s -o %t/out.table 2>&1 | FileCheck %s
; RUN: not ls %t/out.table
; CHECK: error: symbolic ID 'A' is read as '{{i32|float}}' in function '{{f|g}}' and as '{{float|i32}}' in function '{{g|f}}'

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@id = private unnamed_addr constant [2 x i8] c"A\00"
@di = internal addrspace(1) constant { i32 } { i32 1 }
@df = internal addrspace(1) constant { float } { float 1.0 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
declare spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr, ptr, ptr)
define spir_func i32 @f() {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @di to ptr), ptr null)
  ret i32 %v
}
define spir_func float @g() {
  %v = call spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @df to ptr), ptr null)
  ret float %v
}
