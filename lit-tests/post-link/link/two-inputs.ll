; Several inputs (text and bitcode) are linked in-process before numbering: the SYCL_EXTERNAL
; function of the second TU shares the numbering with the kernel's TU.
; RUN: llvm-as %S/../Inputs/link-b.ll -o %t.b.bc
; RUN: %sycl-post-link -spec-const=native -properties -symbols -S %s %t.b.bc -o %t.table
; RUN: FileCheck %s --input-file %t_0.ll
; RUN: FileCheck %s --check-prefix=PROP --input-file %t_0.prop
; RUN: FileCheck %s --check-prefix=SYM --input-file %t_0.sym
; CHECK-DAG: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 {{[01]}}, i32 1)
; CHECK-DAG: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 {{[01]}}, i32 2)
; CHECK-DAG: define spir_func i32 @ext()
; PROP: [SYCL/specialization constants]
; PROP-DAG: A=2|
; PROP-DAG: B=2|
; PROP: all=2|ABAAAAAAAA{{.*}}
; SYM: k
; SYM-EMPTY:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@ida = private unnamed_addr constant [2 x i8] c"A\00"
@da = internal addrspace(1) constant { i32 } { i32 1 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
declare spir_func i32 @ext()

define spir_kernel void @k(ptr addrspace(1) %o) {
  %a = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @ida, ptr addrspacecast (ptr addrspace(1) @da to ptr), ptr null)
  %b = call spir_func i32 @ext()
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %o
  ret void
}
