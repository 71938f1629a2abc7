; -emit-spirv in table mode: the Code column lists .spv files; every one validates.
; REQUIRES: spirv-tools
; RUN: %sycl-post-link -spec-const=native -emit-spirv -properties -generate-device-image-default-spec-consts %S/../modes/default-values-image.ll -o %t.table
; RUN: FileCheck %s --input-file %t.table
; RUN: spirv-val %t_0.spv
; RUN: spirv-val %t_1.spv
; RUN: spirv-dis %t_1.spv | FileCheck %s --check-prefix=DEF
; CHECK: [Code|Properties]
; CHECK-NEXT: {{.*}}_0.spv|{{.*}}_0.prop
; CHECK-NEXT: {{.*}}_1.spv|{{.*}}_1.prop
; DEF-NOT: SpecId
