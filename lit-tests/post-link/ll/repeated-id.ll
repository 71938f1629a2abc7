; §3.1: later calls with the same symbolic ID reuse its IDs but take their own defaults; the
; recorded default is the one processed first: with the declarations before the calls, LLVM's
; use lists run in reverse textual order, so that is the later call (in @k). Also across
; functions and for composites (multiple-composite-usages.ll).
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll

; CHECK-LABEL: define spir_func i32 @f1(
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 10)
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 1)
; CHECK-NEXT: call spir_func float @_Z20__spirv_SpecConstantif(i32 2, float 2.000000e+00)
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 20)
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 1, i32 1)
; CHECK-NEXT: call spir_func float @_Z20__spirv_SpecConstantif(i32 2, float 2.000000e+00)
; CHECK: !sycl.specialization-constants = !{![[X:[0-9]+]], ![[P:[0-9]+]]}
; CHECK: !sycl.specialization-constants-default-values = !{![[XD:[0-9]+]], ![[PD:[0-9]+]]}
; CHECK: ![[X]] = !{!"X", i32 0, i32 0, i32 4}
; CHECK: ![[P]] = !{!"P", i32 1, i32 0, i32 4, i32 2, i32 4, i32 4}
; CHECK: ![[XD]] = !{i32 20}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Pt = type { i32, float }
@x = private unnamed_addr constant [2 x i8] c"X\00"
@p = private unnamed_addr constant [2 x i8] c"P\00"
@d10 = internal addrspace(1) constant { i32 } { i32 10 }
@d20 = internal addrspace(1) constant { i32 } { i32 20 }
@dp = internal addrspace(1) constant { %struct.Pt } { %struct.Pt { i32 1, float 2.0 } }

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2PtET_PKcPKvS5_(ptr sret(%struct.Pt), ptr, ptr, ptr)

define spir_func i32 @f1(ptr %pt) {
entry:
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @x, ptr addrspacecast (ptr addrspace(1) @d10 to ptr), ptr null)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2PtET_PKcPKvS5_(ptr sret(%struct.Pt) %pt, ptr @p, ptr addrspacecast (ptr addrspace(1) @dp to ptr), ptr null)
  ret i32 %v
}

define spir_kernel void @k(ptr addrspace(1) %out, ptr %pt) {
entry:
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @x, ptr addrspacecast (ptr addrspace(1) @d20 to ptr), ptr null)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2PtET_PKcPKvS5_(ptr sret(%struct.Pt) %pt, ptr @p, ptr addrspacecast (ptr addrspace(1) @dp to ptr), ptr null)
  %w = call spir_func i32 @f1(ptr %pt)
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %out
  ret void
}

