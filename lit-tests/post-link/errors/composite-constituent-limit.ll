; A spec constant whose composite has 65,536 constituents is within the scalar-element limit
; but cannot be a SPIR-V composite (16-bit word count: at most 65,532 constituents): it is
; refused before anything is written, naming the spec constant in C++ terms, not left to
; fail inside SPIR-V emission. 65,532 constituents pass.
; RUN: rm -rf %t && mkdir %t
; RUN: not %sycl-post-link -spec-const=native -properties -emit-spirv %s -o %t/out.table 2>&1 | FileCheck %s
; RUN: not ls %t/out.table
; CHECK: sycl-post-link: error: in function 'fill': call to '{{.*}}' (symbolic ID '_ZN2ns5tableE': spec constant 'ns::table'): the spec constant's type %wide = type { [65536 x i8] } has a composite of 65536 constituents; a SPIR-V composite holds at most 65532
; RUN: sed -e 's/65536/65532/g' %s > %t/fits.ll
; RUN: %sycl-post-link -spec-const=native -properties %t/fits.ll -o %t/fits.table

target triple = "spir64-unknown-unknown"

%wide = type { [65536 x i8] }
@wide_default = internal addrspace(1) constant %wide zeroinitializer, align 4
@wide_id = private unnamed_addr constant [14 x i8] c"_ZN2ns5tableE\00", align 1

define spir_func void @fill(ptr %out) {
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4WideET_PKcPKvS5_(ptr sret(%wide) %out, ptr addrspace(4) addrspacecast (ptr @wide_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @wide_default to ptr addrspace(4)), ptr addrspace(4) null)
  ret void
}

declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4WideET_PKcPKvS5_(ptr sret(%wide), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
