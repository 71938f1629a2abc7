; §1.3: the symbolic ID is reached through stripPointerCasts: plain global, addrspacecast,
; zero-index GEP constant expressions in address spaces 0, 1 and 4. Only one trailing NUL is
; dropped. Dead private ID strings are removed afterwards, others are kept.
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll

; CHECK-NOT: @s0 =
; CHECK-NOT: @s1 =
; CHECK-NOT: @s4 =
; CHECK: @kept = constant [3 x i8] c"K2\00"
; CHECK: !{!"K4", i32 0, i32 0, i32 4}
; CHECK: !{!"K1\00", i32 1, i32 0, i32 4}
; CHECK: !{!"K0", i32 2, i32 0, i32 4}
; CHECK: !{!"K2", i32 3, i32 0, i32 4}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@s0 = private unnamed_addr constant [3 x i8] c"K0\00"
@s1 = private unnamed_addr addrspace(1) constant [4 x i8] c"K1\00\00"
@s4 = internal addrspace(4) constant [3 x i8] c"K4\00"
@kept = constant [3 x i8] c"K2\00"
@d = internal addrspace(1) constant { i32 } { i32 5 }

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  %a = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @kept to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @d to ptr addrspace(4)), ptr addrspace(4) null)
  %b = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr getelementptr inbounds ([3 x i8], ptr @s0, i64 0, i64 0) to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @d to ptr addrspace(4)), ptr addrspace(4) null)
  %c = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr addrspace(1) getelementptr inbounds ([4 x i8], ptr addrspace(1) @s1, i64 0, i64 0) to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @d to ptr addrspace(4)), ptr addrspace(4) null)
  %e = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) getelementptr inbounds ([3 x i8], ptr addrspace(4) @s4, i32 0, i32 0), ptr addrspace(4) addrspacecast (ptr addrspace(1) @d to ptr addrspace(4)), ptr addrspace(4) null)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %e
  %s = add i32 %s1, %s2
  store i32 %s, ptr addrspace(1) %out
  ret void
}

