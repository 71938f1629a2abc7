target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@idb = private unnamed_addr constant [2 x i8] c"B\00"
@db = internal addrspace(1) constant { i32 } { i32 2 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr, ptr, ptr)

define spir_func i32 @ext() {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr @idb, ptr addrspacecast (ptr addrspace(1) @db to ptr), ptr null)
  ret i32 %v
}
