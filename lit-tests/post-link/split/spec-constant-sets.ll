; Issue 35 §1, -split=spec-constants (sycl-clang++'s default): per source as -split=auto, and
; within a source the kernels that read spec constants grouped by the set of constants they
; read, directly or through the functions they call (a call chain of two). Kernels reading
; none stay together; the order of images is that of each group's first kernel. A module that
; calls indirectly is not split (as auto), and a malformed getter call is the lowering's error,
; as without the split.
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -split=spec-constants -spec-const=native -properties -symbols -S %s -o %t/g.table
; RUN: FileCheck %s --check-prefix=TABLE --input-file %t/g.table
; RUN: FileCheck %s --check-prefix=SYM0 --input-file %t/g_0.sym
; RUN: FileCheck %s --check-prefix=SYM1 --input-file %t/g_1.sym
; RUN: FileCheck %s --check-prefix=SYM2 --input-file %t/g_2.sym
; RUN: FileCheck %s --check-prefix=SYM3 --input-file %t/g_3.sym
; RUN: FileCheck %s --check-prefix=SYM4 --input-file %t/g_4.sym
; RUN: FileCheck %s --check-prefix=PROP1 --input-file %t/g_1.prop
; RUN: FileCheck %s --check-prefix=PROP2 --input-file %t/g_2.prop
; RUN: FileCheck %s --check-prefix=PROP0 --input-file %t/g_0.prop
; RUN: %sycl-post-link -split=auto -spec-const=native -symbols -S %s -o %t/a.table
; RUN: FileCheck %s --check-prefix=AUTO --input-file %t/a.table
; RUN: sed -e 's/^  ; indirect: //' %s > %t/indirect.ll
; RUN: %sycl-post-link -split=spec-constants -spec-const=native -S %t/indirect.ll -o %t/i.table
; RUN: FileCheck %s --check-prefix=INDIRECT --input-file %t/i.table
; RUN: sed -e 's/^  ; malformed: //' %s > %t/malformed.ll
; RUN: not %sycl-post-link -split=spec-constants -spec-const=native -S %t/malformed.ll -o %t/m.table 2>&1 | FileCheck %s --check-prefix=MALFORMED

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

define internal spir_func i32 @twice_width() {
  %v = call spir_func i32 @read_width()
  %w = add i32 %v, %v
  ret i32 %w
}

define spir_kernel void @plain_first(ptr addrspace(1) %o) #0 {
  store i32 1, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @width_direct(ptr addrspace(1) %o) #0 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @width_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @width to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @width_and_depth(ptr addrspace(1) %o) #0 {
  %w = call spir_func i32 @read_width()
  %d = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @depth_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @depth to ptr addrspace(4)), ptr addrspace(4) null)
  %s = add i32 %w, %d
  store i32 %s, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @width_two_calls_down(ptr addrspace(1) %o) #0 {
  %v = call spir_func i32 @twice_width()
  store i32 %v, ptr addrspace(1) %o
  ; indirect: %f = load ptr, ptr addrspace(1) %o
  ; indirect: %r = call spir_func i32 %f()
  ; malformed: %m = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) null, ptr addrspace(4) null, ptr addrspace(4) null)
  ret void
}

define spir_kernel void @plain_second(ptr addrspace(1) %o) #0 {
  store i32 2, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @width_other_source(ptr addrspace(1) %o) #1 {
  %v = call spir_func i32 @read_width()
  store i32 %v, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @plain_third(ptr addrspace(1) %o) #1 {
  store i32 3, ptr addrspace(1) %o
  ret void
}

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}g_0.ll|{{.*}}g_0.prop|{{.*}}g_0.sym
; TABLE-NEXT: {{.*}}g_1.ll|{{.*}}g_1.prop|{{.*}}g_1.sym
; TABLE-NEXT: {{.*}}g_2.ll|{{.*}}g_2.prop|{{.*}}g_2.sym
; TABLE-NEXT: {{.*}}g_3.ll|{{.*}}g_3.prop|{{.*}}g_3.sym
; TABLE-NEXT: {{.*}}g_4.ll|{{.*}}g_4.prop|{{.*}}g_4.sym
; TABLE-NOT: g_5
; SYM0: plain_first
; SYM0-NEXT: plain_second
; SYM0-EMPTY:
; SYM1: width_direct
; SYM1-NEXT: width_two_calls_down
; SYM1-EMPTY:
; SYM2: width_and_depth
; SYM2-EMPTY:
; SYM3: width_other_source
; SYM3-EMPTY:
; SYM4: plain_third
; PROP0-NOT: uid_
; PROP1: [SYCL/specialization constants]
; PROP1-NEXT: uid_width=2|
; PROP1-NOT: uid_depth
; PROP2: [SYCL/specialization constants]
; PROP2-DAG: uid_depth=2|
; PROP2-DAG: uid_width=2|
; AUTO: a_0.ll
; AUTO-NEXT: a_1.ll
; AUTO-NOT: a_2
; INDIRECT: [Code]
; INDIRECT-NEXT: i_0.ll
; INDIRECT-NOT: i_1
; MALFORMED: error:
