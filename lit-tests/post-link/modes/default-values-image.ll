; §5: -generate-device-image-default-spec-consts adds image _1 with every call replaced by its
; default (sret: stored with the default's own type; bool: trunc of the i8 default) and the
; specConstsReplacedWithDefault property; image _0 is the native one.
; RUN: %sycl-post-link -spec-const=native -properties -symbols -generate-device-image-default-spec-consts -S %s -o %t.table
; RUN: FileCheck %s --check-prefix=TABLE --input-file %t.table
; RUN: FileCheck %s --check-prefix=DEF --input-file %t_1.ll
; RUN: FileCheck %s --check-prefix=PROP1 --input-file %t_1.prop
; RUN: FileCheck %s --check-prefix=PROP0 --input-file %t_0.prop
; RUN: FileCheck %s --check-prefix=SYM --input-file %t_1.sym

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; TABLE-EMPTY:

; DEF-NOT: __spirv_SpecConstant
; DEF: store { float, i32, i8 } { float 0x40091EB860000000, i32 42, i8 8 }, ptr %dst
; DEF: store i1 true, ptr addrspace(1) %ob
; DEF: add i32 123, 1
; DEF-NOT: __sycl_get
; DEF: !sycl.specialization-constants-default-values-module = !{}

; PROP1: [SYCL/device requirements]
; PROP1-NEXT: aspects=2|AAAAAAAAAAA
; PROP1-NEXT: [SYCL/misc properties]
; PROP1-NEXT: specConstsReplacedWithDefault=1|1
; PROP1-EMPTY:

; PROP0: [SYCL/specialization constants]
; PROP0-NOT: specConstsReplacedWithDefault

; SYM: k
; SYM-EMPTY:

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.user_defined_type = type <{ float, i32, i8, [3 x i8] }>
@id1 = private unnamed_addr constant [2 x i8] c"A\00"
@id2 = private unnamed_addr constant [2 x i8] c"B\00"
@id3 = private unnamed_addr constant [2 x i8] c"C\00"
@d1 = internal addrspace(1) constant { { float, i32, i8 } } { { float, i32, i8 } { float 0x40091EB860000000, i32 42, i8 8 } }
@d2 = internal addrspace(1) constant { i8 } { i8 1 }
@d3 = internal addrspace(1) constant { i32 } { i32 123 }

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1UET_PKcPKvS5_(ptr sret(%struct.user_defined_type), ptr, ptr, ptr)
declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr, ptr, ptr)
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)

define spir_kernel void @k(ptr %dst, ptr addrspace(1) %ob, ptr addrspace(1) %oi) {
entry:
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1UET_PKcPKvS5_(ptr sret(%struct.user_defined_type) %dst, ptr @id1, ptr addrspacecast (ptr addrspace(1) @d1 to ptr), ptr null)
  %b = call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr @id2, ptr addrspacecast (ptr addrspace(1) @d2 to ptr), ptr null)
  store i1 %b, ptr addrspace(1) %ob
  %i = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @id3, ptr addrspacecast (ptr addrspace(1) @d3 to ptr), ptr null)
  %j = add i32 %i, 1
  store i32 %j, ptr addrspace(1) %oi
  ret void
}
