// -ffast-math reaches the CPU runtime's JIT compiler through the SPIR-V alone (issue 35): the
// operations on a spec constant's value carry FPFastMathMode, so once the runtime has set the
// value the JIT may fold them as clang folds a compile-time constant. The image's build options
// stay empty, as DPC++ leaves them (its driver implies only -g, -ftarget-compile-fast and
// -ftarget-register-alloc-mode for a JIT image): -cl-fast-relaxed-math would also change the
// numerics of the device's math built-ins and denormals, which -ffast-math does not announce to
// the device. Without -ffast-math no operation carries a fast-math mode (no change to numerics);
// -fno-honor-nans -fno-honor-infinities carry only what they allow (no Fast: no reassociation).
// Fast means all of LLVM's `fast` to the JIT (SPIR-V: it implies NotNaN, NotInf, NSZ and
// AllowRecip), and LLVM 22's SPIR-V backend writes it for any `reassoc`: so reassociation
// reaches the SPIR-V only where every flag is set, as DPC++'s SPIR-V writer does; under
// -funsafe-math-optimizations or -ffp-model=fast (NaNs and infinities honoured) the operations
// carry the rest (exec/fast-math-nan.cpp: the JIT folded inf * 0 to 0 there).
// REQUIRES: spirv-tools
// RUN: rm -rf %t && mkdir -p %t && cd %t
//
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -ffast-math -save-temps %s -o fast
// RUN: spirv-dis fast.sycl/device.spv | FileCheck --check-prefix=FAST %s
// FAST-DAG: OpDecorate %[[SPEC:[0-9]+]] SpecId 0
// FAST-DAG: OpDecorate %[[TIMES:[0-9]+]] FPFastMathMode NotNaN|NotInf|NSZ|AllowRecip|Fast
// FAST-DAG: OpDecorate %[[SUM:[0-9]+]] FPFastMathMode NotNaN|NotInf|NSZ|AllowRecip|Fast
// FAST: %[[SPEC]] = OpSpecConstant %float 1
// FAST: %[[TIMES]] = OpFMul %float %[[SPEC]] %float_16
// FAST: %[[SUM]] = OpFAdd %float {{.*}}%[[TIMES]]
//
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -save-temps %s -o strict
// RUN: spirv-dis strict.sycl/device.spv | FileCheck --check-prefix=STRICT --implicit-check-not=FPFastMathMode %s
// STRICT: OpDecorate %[[SPEC:[0-9]+]] SpecId 0
// STRICT: %[[SPEC]] = OpSpecConstant %float 1
// STRICT-COUNT-16: OpFAdd %float %[[SPEC]] %{{[0-9]+}}
//
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -fno-honor-nans -fno-honor-infinities -save-temps %s -o finite
// RUN: spirv-dis finite.sycl/device.spv | FileCheck --check-prefix=FINITE --implicit-check-not='|Fast' %s
// FINITE: FPFastMathMode NotNaN|NotInf{{$}}
//
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -funsafe-math-optimizations -save-temps %s -o unsafe
// RUN: spirv-dis unsafe.sycl/device.spv | FileCheck --check-prefix=UNSAFE --implicit-check-not='|Fast' %s
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -ffp-model=fast -save-temps %s -o model-fast
// RUN: spirv-dis model-fast.sycl/device.spv | FileCheck --check-prefix=UNSAFE --implicit-check-not='|Fast' %s
// UNSAFE: FPFastMathMode NSZ|AllowRecip{{$}}
//
// The image's build and link options: none with or without -ffast-math, what
// -Xsycl-target-backend says when given.
// RUN: %sycl-clangxx -fsycl -std=c++17 -O2 -ffast-math -c %s -o t.o
// RUN: %sycl-clangxx -fsycl -ffast-math -### t.o -o app 2>&1 | FileCheck --check-prefix=OPTIONS %s
// RUN: %sycl-clangxx -fsycl -### t.o -o app 2>&1 | FileCheck --check-prefix=OPTIONS %s
// OPTIONS: # sycl-clang++: device link, spec-constant lowering (native), SPIR-V, registration (in process) -> "{{[^"]*}}registration.o"{{$}}
// RUN: %sycl-clangxx -fsycl -ffast-math -### t.o -o app -Xsycl-target-backend -cl-fast-relaxed-math 2>&1 \
// RUN:   | FileCheck --check-prefix=BACKEND %s
// BACKEND: registration, runtime build options '-cl-fast-relaxed-math' (in process) -> "{{[^"]*}}registration.o"
#include <sycl/sycl.hpp>

constexpr sycl::specialization_id<float> step_id{1.0f};
class Steps;

void launch(sycl::queue &q, float *p) {
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<step_id>(0.5f);
    h.parallel_for<Steps>(sycl::range<1>{16}, [=](sycl::id<1> i, sycl::kernel_handler kh) {
      const float step = kh.get_specialization_constant<step_id>();
      float acc = p[i];
      // Sixteen additions of one value: one multiply-add where reassociation is allowed.
      for (int k = 0; k < 16; ++k)
        acc = acc + step;
      p[i] = acc;
    });
  });
}

int main() {}
