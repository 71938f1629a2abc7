; The same check for composites: {i32, float} and {float, i32} under one ID are an error, while
; two named structs of one shape (what LLVM's linker makes of one C++ type, %struct.Pt and
; %struct.Pt.0) are the same type.
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %sycl-post-link -spec-const=native %s -o %t/out.table 2>&1 | FileCheck %s
; CHECK: error: symbolic ID 'P' is read as '%struct.IF = type { i32, float }' in function 'f' and as '%struct.FI = type { float, i32 }' in function 'g'
; RUN: sed -e 's/%%struct.FI = type { float, i32 }/%%struct.FI = type { i32, float }/' %s > %t/same-shape.ll
; RUN: %sycl-post-link -spec-const=native -properties %t/same-shape.ll -o %t/ok.table
; RUN: FileCheck --check-prefix=OK %s < %t/ok_0.prop
; OK: [SYCL/specialization constants]
; OK-NEXT: P=2|

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%struct.IF = type { i32, float }
%struct.FI = type { float, i32 }
@id = private unnamed_addr constant [2 x i8] c"P\00"
@d1 = internal addrspace(1) constant { %struct.IF } { %struct.IF { i32 1, float 2.0 } }
@d2 = internal addrspace(1) constant { %struct.FI } zeroinitializer
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2IFET_PKcPKvS5_(ptr sret(%struct.IF), ptr, ptr, ptr)
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2FIET_PKcPKvS5_(ptr sret(%struct.FI), ptr, ptr, ptr)
define spir_func void @f(ptr %out) {
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2IFET_PKcPKvS5_(ptr sret(%struct.IF) %out, ptr @id, ptr addrspacecast (ptr addrspace(1) @d1 to ptr), ptr null)
  ret void
}
define spir_func void @g(ptr %out) {
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI2FIET_PKcPKvS5_(ptr sret(%struct.FI) %out, ptr @id, ptr addrspacecast (ptr addrspace(1) @d2 to ptr), ptr null)
  ret void
}
