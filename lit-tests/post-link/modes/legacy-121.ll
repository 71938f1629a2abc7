; SYCL 1.2.1 getters take only the symbolic ID; the default is the C++ zero value.
; RUN: %sycl-post-link -spec-const=native -S -ir-output-only %s -o %t.ll
; RUN: FileCheck %s --input-file %t.ll
; CHECK: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 0)
; CHECK: call spir_func float @_Z20__spirv_SpecConstantif(i32 1, float 0.000000e+00)
; CHECK-NEXT: call spir_func double @_Z20__spirv_SpecConstantid(i32 2, double 0.000000e+00)
; CHECK-NEXT: call spir_func %struct.P @_Z29__spirv_SpecConstantCompositefd_Rstruct.P(

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%struct.P = type { float, double }
@a = private unnamed_addr constant [2 x i8] c"A\00"
@b = private unnamed_addr constant [2 x i8] c"B\00"
declare spir_func i32 @_Z33__sycl_getScalarSpecConstantValueIiET_PKc(ptr)
declare spir_func void @_Z36__sycl_getCompositeSpecConstantValueI1PET_PKc(ptr sret(%struct.P), ptr)
define spir_kernel void @k(ptr addrspace(1) %o, ptr %p) {
  %v = call spir_func i32 @_Z33__sycl_getScalarSpecConstantValueIiET_PKc(ptr @a)
  store i32 %v, ptr addrspace(1) %o
  call spir_func void @_Z36__sycl_getCompositeSpecConstantValueI1PET_PKc(ptr sret(%struct.P) %p, ptr @b)
  ret void
}
