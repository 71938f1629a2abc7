; Bitcode in, bitcode out (the default code format); the output passes llvm-dis.
; RUN: llvm-as %s -o %t.in.bc
; RUN: %sycl-post-link -spec-const=native %t.in.bc -o %t.table
; RUN: FileCheck %s --check-prefix=TABLE --input-file %t.table
; RUN: llvm-dis %t_0.bc -o - | FileCheck %s
; TABLE: [Code]
; TABLE-NEXT: {{.*}}_0.bc
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 9)

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@id = private unnamed_addr constant [2 x i8] c"N\00"
@d = internal addrspace(1) constant { i32 } { i32 9 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
define spir_kernel void @k(ptr addrspace(1) %o) {
  %a = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @d to ptr), ptr null)
  store i32 %a, ptr addrspace(1) %o
  ret void
}
