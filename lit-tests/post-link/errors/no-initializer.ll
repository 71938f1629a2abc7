; A specialization_id global without initializer: the error names function and symbolic ID.
; RUN: not %sycl-post-link -spec-const=emulation %s -o %t.table 2>&1 | FileCheck %s
; CHECK: error: in function 'k': call to '_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_' (symbolic ID 'uid42___ZL1x'): spec-id global '_ZL1x' has no initializer

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@id = private unnamed_addr constant [13 x i8] c"uid42___ZL1x\00"
@_ZL1x = external addrspace(1) constant { i32 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
define spir_kernel void @k(ptr addrspace(1) %o) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @_ZL1x to ptr), ptr null)
  store i32 %v, ptr addrspace(1) %o
  ret void
}
