; A getter with the wrong number of arguments.
; RUN: not %sycl-post-link -spec-const=native %s -o %t.table 2>&1 | FileCheck %s
; CHECK: error: in function 'k': call to '_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_': unexpected signature: 2 arguments, expected 3

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@id = private unnamed_addr constant [2 x i8] c"A\00"
@d = internal addrspace(1) constant { i32 } { i32 1 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr)
define spir_kernel void @k(ptr addrspace(1) %o) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @d to ptr))
  store i32 %v, ptr addrspace(1) %o
  ret void
}
