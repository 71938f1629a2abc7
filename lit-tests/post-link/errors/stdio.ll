; DPC++'s lit style: the module from standard input, the IR to standard output (-o - or, with
; -ir-output-only and no -o, by default); -o - without -ir-output-only is a usage error (exit 2).
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only < %s | FileCheck %s
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only -o - - < %s | FileCheck %s
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %sycl-post-link -spec-const=native -properties -o out.table < %s
; RUN: FileCheck --check-prefix=TABLE %s < out.table
; RUN: bash -c '%sycl-post-link -spec-const=native -properties -o - < %s 2> err.txt; test $? -eq 2'
; RUN: FileCheck --check-prefix=USAGE %s < err.txt
; RUN: not ls ./-
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 7)
; TABLE: [Code|Properties]
; TABLE-NEXT: out_0.bc|out_0.prop
; USAGE: sycl-post-link: error: -o - (standard output) needs -ir-output-only: a table names several files

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@id = private unnamed_addr constant [2 x i8] c"A\00"
@d = internal addrspace(1) constant { i32 } { i32 7 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
define spir_kernel void @k(ptr addrspace(1) %o) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id, ptr addrspacecast (ptr addrspace(1) @d to ptr), ptr null)
  store i32 %v, ptr addrspace(1) %o
  ret void
}
