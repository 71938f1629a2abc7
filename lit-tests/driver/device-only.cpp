// -fsycl-device-only (issue 20 §1): the device code as sycl-clang++'s pipeline finishes it —
// device prelude, spec-constant IDs resolved, wrapper kernels with the runtime's calling
// convention — not a raw clang-22 device compile. It implies -fsycl, writes <stem>.bc (LLVM
// text <stem>.ll with -S) as clang names outputs, or -o's file.
// REQUIRES: intel-sycl-headers
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s device-only.cpp
// RUN: %sycl-clangxx -fsycl-device-only -std=c++17 -S device-only.cpp
// RUN: FileCheck --input-file=device-only.ll %s
// RUN: %sycl-clangxx -fsycl -fsycl-device-only -std=c++17 device-only.cpp
// RUN: llvm-dis-22 device-only.bc -o from-bc.ll
// RUN: FileCheck --input-file=from-bc.ll %s
// RUN: %sycl-clangxx -fsycl-device-only -fsycl-spec-constants=emulation -std=c++17 -c device-only.cpp -o emulated.bc
// RUN: llvm-dis-22 emulated.bc -o - | FileCheck --check-prefix=EMU %s
// RUN: %sycl-clangxx -fsycl-device-only -std=c++17 -### -S device-only.cpp 2>&1 | FileCheck --check-prefix=PLAN %s
// RUN: not %sycl-clangxx -fsycl-device-only -std=c++17 -c device-only.cpp other.o 2>&1 | FileCheck --check-prefix=MIXED %s
// A depfile, as build systems ask for one: the source and the headers it reads, the device
// prelude from its installed place (like a compiler's own headers), never a generated file.
// RUN: %sycl-clangxx -fsycl-device-only -std=c++17 -MD -MF dev.d -MT dev-target -c device-only.cpp -o dev.bc
// RUN: FileCheck --check-prefix=DEPS --implicit-check-not='sycl-specconst-{{[0-9]+}}/' --input-file=dev.d %s
// DEPS: dev-target: \
// DEPS-NEXT: device-only.cpp \
// DEPS-NEXT: {{.*}}/include/sycl-specconst-device-prelude.hpp \
// DEPS: sycl/sycl.hpp
//
// The symbolic ID of 'factor', resolved from the analysis, is the string the getter reads.
// CHECK: @[[ID:__sycl_specconst.id.[0-9]+]] = {{.*}} c"{{[0-9a-z_]+}}____ZL6factor\00"
// The wrapper kernel: named after the kernel, the runtime's parameters (the USM pointer).
// CHECK: define weak_odr spir_kernel void @_ZTS5Scale(ptr addrspace(1) {{[^,]*}}) {{.*}} {
// CHECK: call spir_func {{.*}} @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) {{.*}}@[[ID]]
// CHECK: "sycl-module-id"="device-only.cpp"
//
// Emulated: the kernel takes the spec-constant buffer as well.
// EMU: define weak_odr spir_kernel void @_ZTS5Scale(ptr addrspace(1) {{[^,]*}}, ptr addrspace(1) {{[^,]*}})
//
// The prelude is force-included, or comes in the precompiled headers (driver/pch.cpp).
// PLAN: "-fsycl-device-only" "--offload-targets=spir64" {{"-include" "[^"]*device-prelude.hpp"|"-Xclang" "-include-pch" "-Xclang" "[^"]*sycl-pch-device-[0-9a-f]+.pch"}}
// PLAN-NOT: "-fsycl-host-only"
// PLAN: symbolic IDs and kernel entry points (in process) -> "device-only.ll"
// MIXED: sycl-clang++: error: -fsycl-device-only takes C++ sources only
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> factor{3};
class Scale;
void scale(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Scale>(sycl::range<1>(4), [=](sycl::item<1> i, sycl::kernel_handler kh) {
      p[i] = int(i.get_id(0)) * kh.get_specialization_constant<factor>();
    });
  });
}
