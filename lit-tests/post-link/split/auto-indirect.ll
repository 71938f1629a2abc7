; -split=auto splits per source, except when the code may call indirectly (a function marked
; "referenced-indirectly", or an indirect call): then, as DPC++ does, nothing is split.
; RUN: rm -rf %t && mkdir %t
; RUN: %sycl-post-link -split=auto -spec-const=native -S %s -o %t/a.table
; RUN: FileCheck %s --input-file %t/a.table
; CHECK: [Code]
; CHECK-NEXT: {{.*}}a_0.ll
; CHECK-EMPTY:

target triple = "spir64-unknown-unknown"

define spir_func void @callback(ptr addrspace(1) %o) #2 {
  store i32 1, ptr addrspace(1) %o
  ret void
}

define spir_kernel void @from_a(ptr addrspace(1) %o, ptr %f) #0 {
  call spir_func void %f(ptr addrspace(1) %o)
  ret void
}

define spir_kernel void @from_b(ptr addrspace(1) %o) #1 {
  store i32 2, ptr addrspace(1) %o
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "referenced-indirectly" }
