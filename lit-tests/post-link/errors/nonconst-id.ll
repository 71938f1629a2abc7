; A symbolic ID that is a function argument is rejected: error names the function, non-zero
; exit, and no output file is created.
; RUN: rm -f %t.table %t_0.bc
; RUN: not %sycl-post-link -spec-const=native %s -o %t.table 2>&1 | FileCheck %s
; RUN: not test -e %t.table
; RUN: not test -e %t_0.bc

; CHECK: sycl-post-link: error: in function 'get': call to '_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_': non-constant symbolic ID

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@d = internal addrspace(1) constant { i32 } { i32 1 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
define spir_func i32 @get(ptr %id) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr %id, ptr addrspacecast (ptr addrspace(1) @d to ptr), ptr null)
  ret i32 %v
}
