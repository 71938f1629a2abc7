; Issue 11 §4, sycl_ext_oneapi_private_alloca: a call of llvm.sycl.alloca.* (declared by the
; input; an ordinary function to LLVM 22) becomes the spec constant's read and a private array
; of that length, with the element type of its fourth argument and the alignment of its fifth;
; the spec constant gets an ID (declarations in module order) and property-set entries like any
; other. Default-value images use the default length; emulation leaves the calls alone on SPIR
; targets (a buffer cannot size a private array) and, as DPC++ does when nothing was modified
; and no -o given, says so and lists the input as the code. SPIR-V carries
; the lengths through SPV_INTEL_variable_length_array.
; REQUIRES: spirv-tools
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -spec-const=native -properties -generate-device-image-default-spec-consts -S %s -o %t/out.table
; RUN: FileCheck %s --check-prefix=NATIVE --input-file %t/out_0.ll
; RUN: FileCheck %s --check-prefix=DEFAULT --input-file %t/out_1.ll
; RUN: FileCheck %s --check-prefix=PROP --input-file %t/out_0.prop
; RUN: cd %t && %sycl-post-link -spec-const=emulation -properties %s 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: FileCheck %s --check-prefix=EMU-TABLE --input-file %t/private-alloca.files
; RUN: %sycl-post-link -spec-const=native -emit-spirv %s -o %t/spv.table
; RUN: spirv-val %t/spv_0.spv
; RUN: spirv-dis %t/spv_0.spv | FileCheck %s --check-prefix=SPIRV

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%spec_u64 = type { i64 }
%spec_u16 = type { i16 }
%pair = type { i32, float }

@rows = internal addrspace(1) constant %spec_u64 { i64 12 }, align 8
@lanes = internal addrspace(1) constant %spec_u16 { i16 3 }, align 2
@rows_id = private unnamed_addr constant [9 x i8] c"uid_rows\00", align 1
@lanes_id = private unnamed_addr constant [10 x i8] c"uid_lanes\00", align 1

define spir_func void @scratch(ptr addrspace(4) %out) {
entry:
  %a = call ptr @llvm.sycl.alloca.p0.p4.p4.p4.s_pair(ptr addrspace(4) addrspacecast (ptr @lanes_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @lanes to ptr addrspace(4)), ptr addrspace(4) null, %pair zeroinitializer, i64 16)
  %b = call ptr @llvm.sycl.alloca.p0.p4.p4.p4.i32(ptr addrspace(4) addrspacecast (ptr @rows_id to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @rows to ptr addrspace(4)), ptr addrspace(4) null, i32 0, i64 4)
  store i32 5, ptr %b, align 4
  %v = load i32, ptr %b, align 4
  store i32 %v, ptr %a, align 16
  store i32 %v, ptr addrspace(4) %out, align 4
  ret void
}

declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.i32(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), i32, i64)
declare ptr @llvm.sycl.alloca.p0.p4.p4.p4.s_pair(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), %pair, i64)

; The i32 declaration comes first: rows gets ID 0, lanes ID 1.
; NATIVE: [[LANES:%.*]] = call spir_func i16 @_Z20__spirv_SpecConstantis(i32 1, i16 3)
; NATIVE-NEXT: %a = alloca %pair, i16 [[LANES]], align 16
; NATIVE: [[ROWS:%.*]] = call spir_func i64 @_Z20__spirv_SpecConstantix(i32 0, i64 12)
; NATIVE-NEXT: %b = alloca i32, i64 [[ROWS]], align 4
; NATIVE-NOT: llvm.sycl.alloca
; NATIVE: !sycl.specialization-constants = !{![[R:[0-9]+]], ![[L:[0-9]+]]}
; NATIVE: ![[R]] = !{!"uid_rows", i32 0, i32 0, i32 8}
; NATIVE: ![[L]] = !{!"uid_lanes", i32 1, i32 0, i32 2}

; DEFAULT: %a = alloca %pair, i16 3, align 16
; DEFAULT: %b = alloca i32, i64 12, align 4

; PROP: [SYCL/specialization constants]
; PROP-NEXT: uid_rows=2|
; PROP-NEXT: uid_lanes=2|
; PROP: [SYCL/specialization constants default values]

; EMU: sycl-post-link NOTE: no modifications to the input LLVM IR have been made
; EMU-TABLE: [Code|Properties]
; EMU-TABLE-NEXT: {{.*}}private-alloca.ll|private-alloca_0.prop

; SPIRV: OpCapability VariableLengthArrayINTEL
; SPIRV: OpExtension "SPV_INTEL_variable_length_array"
; SPIRV: OpVariableLengthArrayINTEL
