; --json reflects the result: symbolic ID → descriptors, default bytes, emulation offsets.
; RUN: %sycl-post-link -spec-const=emulation -properties --json %S/../ll/example3-emulation.ll -o %t.table | FileCheck %s
; CHECK: "mode": "emulation"
; CHECK: "symbolic_id": "H"
; CHECK: "type": "half"
; CHECK: "id": 4294967295,
; CHECK-NEXT: "offset": 2,
; CHECK-NEXT: "size": 2
; CHECK: "default_bytes": "0040"
; CHECK: "emulation_offset": 0
; CHECK: "symbolic_id": "I"
; CHECK: "emulation_offset": 4
; CHECK: "default_blob": "004000002a000000"
