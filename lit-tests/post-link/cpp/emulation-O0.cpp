// Emulation at -O0 from C++: the buffer argument flows in through the getter's parameter;
// double (align 8) after int gets 4 bytes of padding.
// RUN: %sycl-device-cc -O0 %s -o %t.ll
// RUN: %sycl-post-link -spec-const=emulation -properties -S %t.ll -o %t.table
// RUN: FileCheck %s --input-file %t_0.ll
// RUN: FileCheck %s --check-prefix=PROP --input-file %t_0.prop
// CHECK: %gep = getelementptr i8, ptr addrspace(4) %{{[0-9]+}}, i32 0
// CHECK-NEXT: %load = load i32, ptr addrspace(4) %gep, align 4
// CHECK: getelementptr i8, ptr addrspace(4) %{{[0-9]+}}, i32 8
// CHECK-NEXT: load double, ptr addrspace(4) %{{gep[0-9]*}}, align 8
// CHECK: !{!"I", i32 0, i32 0, i32 4, i32 -1, i32 4, i32 4}
// CHECK: !{!"D", i32 1, i32 0, i32 8}
// CHECK: !{[4 x i8] zeroinitializer}
// PROP: all=2|ACAAAAAAAAABAAAAAAAAAAAAAAAAAg/P

#include "specconst.h"
static constexpr specialization_id<int> si(4);
static constexpr specialization_id<double> sd(1.5);
SPEC_ID(si, "I")
SPEC_ID(sd, "D")
struct KN;
int main() {
  double *out = nullptr;
  const void *scbuf = nullptr;
  single_task<KN>([=]() {
    int i = get_scalar<int, si>(scbuf);
    out[0] = i + get_scalar<double, sd>(scbuf);
  });
}
