; §3.1: IDs follow matching declarations in module order, then each declaration's call sites
; in LLVM use-list order, as DPC++'s pass walks them. For parsed IR that is reverse textual
; order when the declaration precedes the calls (spec_const_and_split.ll: SpecConst2 before
; SpecConst), and textual order for a declaration that follows its calls (the parser re-links
; forward references, which reverses the list once more).
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll

; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 1)
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 2)
; CHECK: call spir_func float @_Z20__spirv_SpecConstantif(i32 2, float 4.000000e+00)
; CHECK: call spir_func float @_Z20__spirv_SpecConstantif(i32 3, float 5.000000e+00)
; CHECK: !sycl.specialization-constants = !{![[B:[0-9]+]], ![[A:[0-9]+]], ![[E:[0-9]+]], ![[F:[0-9]+]]}
; CHECK: ![[B]] = !{!"SpecConst2", i32 0, i32 0, i32 4}
; CHECK: ![[A]] = !{!"SpecConst", i32 1, i32 0, i32 4}
; CHECK: ![[E]] = !{!"E", i32 2, i32 0, i32 4}
; CHECK: ![[F]] = !{!"F", i32 3, i32 0, i32 4}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@a = private unnamed_addr constant [10 x i8] c"SpecConst\00"
@b = private unnamed_addr constant [11 x i8] c"SpecConst2\00"
@e = private unnamed_addr constant [2 x i8] c"E\00"
@f = private unnamed_addr constant [2 x i8] c"F\00"
@da = internal addrspace(1) constant { i32 } { i32 1 }
@db = internal addrspace(1) constant { i32 } { i32 2 }
@de = internal addrspace(1) constant { float } { float 4.0 }
@df = internal addrspace(1) constant { float } { float 5.0 }

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %x = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @a, ptr addrspacecast (ptr addrspace(1) @da to ptr), ptr null)
  %y = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @b, ptr addrspacecast (ptr addrspace(1) @db to ptr), ptr null)
  %e = call spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr @e, ptr addrspacecast (ptr addrspace(1) @de to ptr), ptr null)
  %f = call spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr @f, ptr addrspacecast (ptr addrspace(1) @df to ptr), ptr null)
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %out
  %g = fadd float %e, %f
  store float %g, ptr addrspace(1) %out
  ret void
}

declare spir_func float @_Z37__sycl_getScalar2020SpecConstantValueIfET_PKcPKvS4_(ptr, ptr, ptr)
