"""Writes a device module with N distinct int spec constants read by kernels of K calls each:
`many_kernels.py N K OUT.ll`."""
import sys

n, per_kernel, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
getter = "_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_"
lines = [
    'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"',
    'target triple = "spir64-unknown-unknown"',
    "%spec_id = type { i32 }",
]
for k in range(n):
    name = f"uid_c{k}"
    lines.append(f'@name{k} = private unnamed_addr addrspace(1) constant [{len(name) + 1} x i8] c"{name}\\00"')
    lines.append(f"@spec{k} = internal addrspace(1) constant %spec_id {{ i32 {k} }}, align 4")
for first in range(0, n, per_kernel):
    lines.append(f"define spir_kernel void @kernel{first}(ptr addrspace(1) %out) {{")
    for i, k in enumerate(range(first, min(n, first + per_kernel))):
        lines.append(
            f"  %v{i} = call spir_func i32 @{getter}("
            f"ptr addrspace(4) addrspacecast (ptr addrspace(1) @name{k} to ptr addrspace(4)), "
            f"ptr addrspace(4) addrspacecast (ptr addrspace(1) @spec{k} to ptr addrspace(4)), "
            "ptr addrspace(4) null)"
        )
        lines.append(f"  %p{i} = getelementptr inbounds i32, ptr addrspace(1) %out, i64 {i}")
        lines.append(f"  store i32 %v{i}, ptr addrspace(1) %p{i}, align 4")
    lines.append("  ret void\n}")
lines.append(f"declare spir_func i32 @{getter}(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))")
with open(path, "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
