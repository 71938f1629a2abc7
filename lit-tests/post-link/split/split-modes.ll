; Issue 11 §4, device-code split as DPC++'s sycl-post-link does it: -split=kernel makes one
; image per kernel, -split=source one per "sycl-module-id" (the source file), -split=auto per
; source; each image keeps only its kernels and what they use, is lowered on its own (numeric
; IDs from 0 in every image, property sets with only its spec constants) and gets its own
; table row; default-value images follow the image they copy (_0, _1 default, _2, _3 default).
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -split=kernel -spec-const=native -properties -symbols -S %s -o %t/k.table
; RUN: FileCheck %s --check-prefix=KTABLE --input-file %t/k.table
; RUN: FileCheck %s --check-prefix=K0 --input-file %t/k_0.ll
; RUN: FileCheck %s --check-prefix=K1 --input-file %t/k_1.ll
; RUN: FileCheck %s --check-prefix=K2 --input-file %t/k_2.ll
; RUN: FileCheck %s --check-prefix=K1PROP --input-file %t/k_1.prop
; RUN: FileCheck %s --check-prefix=K2SYM --input-file %t/k_2.sym
; RUN: %sycl-post-link -split=source -spec-const=native -properties -S %s -o %t/s.table
; RUN: FileCheck %s --check-prefix=STABLE --input-file %t/s.table
; RUN: FileCheck %s --check-prefix=S0 --input-file %t/s_0.ll
; RUN: FileCheck %s --check-prefix=S1 --input-file %t/s_1.ll
; RUN: %sycl-post-link -split=auto -spec-const=native -S %s -o %t/a.table
; RUN: cmp %t/s_0.ll %t/a_0.ll
; RUN: %sycl-post-link -split=kernel -spec-const=native -properties -generate-device-image-default-spec-consts -S %s -o %t/d.table
; RUN: FileCheck %s --check-prefix=D3PROP --input-file %t/d_3.prop
; RUN: FileCheck %s --check-prefix=DTABLE --input-file %t/d.table
; RUN: not %sycl-post-link -split=kernel -ir-output-only -spec-const=native %s -o %t/one.ll 2>&1 | FileCheck %s --check-prefix=ONE

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%spec_i32 = type { i32 }
@width = internal addrspace(1) constant %spec_i32 { i32 8 }, align 4
@depth = internal addrspace(1) constant %spec_i32 { i32 3 }, align 4
@width_id = private unnamed_addr constant [10 x i8] c"uid_width\00", align 1
@depth_id = private unnamed_addr constant [10 x i8] c"uid_depth\00", align 1

define internal spir_func i32 @read_width() {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @width_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @width to ptr addrspace(4)), ptr addrspace(4) null)
  ret i32 %v
}

define spir_kernel void @first(ptr addrspace(1) %o) #0 {
  %v = call spir_func i32 @read_width()
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @second(ptr addrspace(1) %o) #0 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @depth_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @depth to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @third(ptr addrspace(1) %o) #1 {
  %w = call spir_func i32 @read_width()
  %d = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @depth_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @depth to ptr addrspace(4)), ptr addrspace(4) null)
  %s = add i32 %w, %d
  store i32 %s, ptr addrspace(1) %o
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

; KTABLE: [Code|Properties|Symbols]
; KTABLE-NEXT: {{.*}}k_0.ll|{{.*}}k_0.prop|{{.*}}k_0.sym
; KTABLE-NEXT: {{.*}}k_1.ll|{{.*}}k_1.prop|{{.*}}k_1.sym
; KTABLE-NEXT: {{.*}}k_2.ll|{{.*}}k_2.prop|{{.*}}k_2.sym
; K0: define internal spir_func i32 @read_width()
; K0-NEXT: call spir_func i32 @_Z20__spirv_SpecConstantii(i32 0, i32 8)
; K0: define spir_kernel void @first
; K0-NOT: define spir_kernel
; K0: !{!"uid_width", i32 0, i32 0, i32 4}
; K1-NOT: @first
; K1: define spir_kernel void @second
; K1-NOT: read_width
; K1: @_Z20__spirv_SpecConstantii(i32 0, i32 3)
; K1PROP: [SYCL/specialization constants]
; K1PROP-NEXT: uid_depth=2|
; K1PROP-NEXT: [SYCL/specialization constants default values]
; K2: @_Z20__spirv_SpecConstantii(i32 {{[01]}}, i32 8)
; K2: @_Z20__spirv_SpecConstantii(i32 {{[01]}}, i32 3)
; K2SYM: third
; K2SYM-EMPTY:

; STABLE: [Code|Properties]
; STABLE-NEXT: {{.*}}s_0.ll|{{.*}}s_0.prop
; STABLE-NEXT: {{.*}}s_1.ll|{{.*}}s_1.prop
; STABLE-EMPTY:
; S0: define spir_kernel void @first
; S0: define spir_kernel void @second
; S0-NOT: @third
; S1-NOT: @first
; S1-NOT: @second
; S1: define spir_kernel void @third

; DTABLE: [Code|Properties]
; DTABLE-NEXT: {{.*}}d_0.ll|{{.*}}d_0.prop
; DTABLE-NEXT: {{.*}}d_1.ll|{{.*}}d_1.prop
; DTABLE-NEXT: {{.*}}d_2.ll|{{.*}}d_2.prop
; DTABLE-NEXT: {{.*}}d_3.ll|{{.*}}d_3.prop
; DTABLE-NEXT: {{.*}}d_4.ll|{{.*}}d_4.prop
; DTABLE-NEXT: {{.*}}d_5.ll|{{.*}}d_5.prop
; DTABLE-EMPTY:

; ONE: -ir-output-only writes one module, but -split makes 3 images
; D3PROP: [SYCL/misc properties]
; D3PROP-NEXT: specConstsReplacedWithDefault=1|1
