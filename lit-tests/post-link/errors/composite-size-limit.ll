; Issue 12 §3: a composite spec constant of 100,000,000 elements is refused at once with its
; size and the documented limit (65,536 scalar elements), in every mode, instead of expanding
; its default element by element until memory runs out; nothing is written.
; RUN: rm -rf %t && mkdir %t
; RUN: not %sycl-post-link -spec-const=native -properties %s -o %t/out.table 2>&1 | FileCheck %s
; RUN: not %sycl-post-link -spec-const=emulation -properties %s -o %t/out.table 2>&1 | FileCheck %s
; RUN: not %sycl-post-link -spec-const=native -generate-device-image-default-spec-consts %s -o %t/out.table 2>&1 | FileCheck %s
; RUN: not ls %t/out.table
; CHECK: sycl-post-link: error: in function 'fill': call to '{{.*}}' (symbolic ID 'uid_huge'): the spec constant's type %huge = type { [100000000 x i32] } has 100000000 scalar elements (400000000 bytes); the limit is 65536 elements

target triple = "spir64-unknown-unknown"

%huge = type { [100000000 x i32] }
@huge_default = internal addrspace(1) constant %huge zeroinitializer, align 4
@huge_id = private unnamed_addr constant [9 x i8] c"uid_huge\00", align 1

define spir_func void @fill(ptr %out) {
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4HugeET_PKcPKvS5_(ptr sret(%huge) %out, ptr addrspace(4) addrspacecast (ptr @huge_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @huge_default to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4HugeET_PKcPKvS5_(ptr sret(%huge), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
