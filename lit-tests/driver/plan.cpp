// -### prints every step of a SYCL build, in the order they run, without running any: the
// host compile (the integration header first, the device code embedded, the footer last) and
// the device compile start, the analysis runs beside them; the in-process steps; the link.
// Generated files go to a private work directory in $TMPDIR, named after the output.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -### %s -o app 2>&1 | FileCheck %s
// RUN: test ! -e app && test ! -e app.sycl

// CHECK: "clang++-22" "-fsycl" "-fsycl-host-only" "-include" "{{.*}}integration-header.h" "-iquote" "{{.*}}driver" "-D__SYCL_ID_QUERIES_FIT_IN_INT__=1" "-std=c++17" "-isystem" "{{.*}}" "-Xclang" "-fembed-offload-object={{.*}}device.offload" "-c" "-Xclang" "-main-file-name" "-Xclang" "{{.*}}driver{{/|\\}}plan.cpp" "-x" "c++" "{{.*}}sycl-specconst-{{[0-9]+}}/sycl-specconst-{{[0-9a-f]+}}/source/plan.cpp" "-o"
// CHECK: "clang++-22" "-fsycl" "-fsycl-device-only" "--offload-targets=spir64" "-include" "{{.*}}device-prelude.hpp" "-fno-c++-static-destructors" "-D__SYCL_ID_QUERIES_FIT_IN_INT__=1" "-std=c++17" "-isystem" "{{.*}}include{{/|\\}}device" "-isystem" "{{.*}}intel-sycl/include" "-g" "-fstandalone-debug" "-O2" "-c" "{{.*}}plan.cpp" "-o"
// CHECK: # sycl-clang++: analysis (libclang, in process) of "{{.*}}plan.cpp", beside the compiles
// CHECK: # sycl-clang++: symbolic IDs and kernel entry points (in process) -> "{{.*}}device.offload"
// CHECK: # sycl-clang++: kernel descriptions and footer -> "{{.*}}footer.h" (read by the host compile)
// CHECK: # sycl-clang++: device link, spec-constant lowering (native), SPIR-V, registration (in process)
// CHECK: "clang++-22" "{{.*}}0-plan.o" "{{.*}}registration.o" "-L" "{{.*}}" "-lsycl" "-Wl,-rpath,{{.*}}" "-o"
int main() {}
