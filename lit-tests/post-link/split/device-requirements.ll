; [SYCL/device requirements] per image: the aspects a kernel's code uses (double: fp64, half:
; fp16, 64-bit atomics: atomic64, also in functions it calls), device_has' aspects
; (!sycl_declared_aspects), the required work-group size (SYCL order, from the OpenCL-order
; !reqd_work_group_size and !work_group_num_dim) and sub-group size; keys sorted, as DPC++
; writes them. Kernels with different requirements get images of their own even without
; -split, so no kernel is refused for another's requirements. The expected values were
; encoded by hand (u32 aspects, u64 sizes, each array after its 8-byte bit count; Intel's
; LSB-first base64, docs/reference/post-link.md §8.3).
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -spec-const=native -properties -symbols -S %s -o %t/r.table
; RUN: FileCheck %s --check-prefix=TABLE --input-file %t/r.table
; RUN: FileCheck %s --check-prefix=PLAIN --input-file %t/r_0.prop
; RUN: FileCheck %s --check-prefix=FP64 --input-file %t/r_1.prop
; RUN: FileCheck %s --check-prefix=FP16 --input-file %t/r_2.prop
; RUN: FileCheck %s --check-prefix=ATOMIC --input-file %t/r_3.prop
; RUN: FileCheck %s --check-prefix=ATTRS --input-file %t/r_4.prop
; RUN: FileCheck %s --check-prefix=SYM --input-file %t/r_0.sym
; RUN: FileCheck %s --check-prefix=SYM1 --input-file %t/r_1.sym

; TABLE: [Code|Properties|Symbols]
; TABLE-NEXT: r_0.ll|{{.*}}r_0.prop|{{.*}}r_0.sym
; TABLE-NEXT: r_1.ll
; TABLE-NEXT: r_2.ll
; TABLE-NEXT: r_3.ll
; TABLE-NEXT: r_4.ll
; TABLE-EMPTY:

; PLAIN: [SYCL/device requirements]
; PLAIN-NEXT: aspects=2|AAAAAAAAAAA{{$}}
; PLAIN-NOT: reqd_
; FP64: [SYCL/device requirements]
; FP64-NEXT: aspects=2|gAAAAAAAAAgBAAAA{{$}}
; FP16: aspects=2|gAAAAAAAAAQBAAAA{{$}}
; ATOMIC: aspects=2|gAAAAAAAAAwGAAAA{{$}}
; ATTRS: [SYCL/device requirements]
; ATTRS-NEXT: aspects=2|ABAAAAAAAAgAAAAAGAAAAA{{$}}
; ATTRS-NEXT: reqd_sub_group_size=1|8{{$}}
; ATTRS-NEXT: reqd_work_group_size_uint64_t=2|ACAAAAAAAAgAAAAAAAAAAQAAAAAAAAAA{{$}}
; ATTRS-NEXT: work_group_num_dim=1|2{{$}}
; SYM: plain
; SYM-EMPTY:
; SYM1: uses_double
; SYM1-NEXT: also_double
; SYM1-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_kernel void @plain(ptr addrspace(1) %o) #0 {
  store i32 1, ptr addrspace(1) %o
  ret void
}

define spir_func void @scale(ptr addrspace(1) %o, double %f) {
  %v = load double, ptr addrspace(1) %o
  %m = fmul double %v, %f
  store double %m, ptr addrspace(1) %o
  ret void
}

; fp64 only through the function it calls.
define spir_kernel void @uses_double(ptr addrspace(1) %o) #0 {
  call spir_func void @scale(ptr addrspace(1) %o, double 2.0)
  ret void
}

define spir_kernel void @uses_half(ptr addrspace(1) %o) #0 {
  %v = load <2 x half>, ptr addrspace(1) %o
  %s = fadd <2 x half> %v, %v
  store <2 x half> %s, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @uses_atomic64(ptr addrspace(1) %o) #0 {
  %old = atomicrmw add ptr addrspace(1) %o, i64 1 seq_cst
  ret void
}

; reqd_work_group_size(2, 4), reqd_sub_group_size(8), device_has(aspect::gpu), and a double.
define spir_kernel void @with_attributes(ptr addrspace(1) %o) #0 !reqd_work_group_size !0 !work_group_num_dim !1 !intel_reqd_sub_group_size !2 !sycl_declared_aspects !3 {
  store double 1.0, ptr addrspace(1) %o
  ret void
}

; Same requirements as @uses_double: same image.
define spir_kernel void @also_double(ptr addrspace(1) %o) #0 {
  store double 1.0, ptr addrspace(1) %o
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 4, i32 2, i32 1}
!1 = !{i32 2}
!2 = !{i32 8}
!3 = !{i32 2}
