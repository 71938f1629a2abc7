// -save-temps keeps the generated files next to the output; -fsycl-footer-path moves them.
// Without either, nothing generated is left behind. Generated files are the same run to run.
// RUN: rm -rf %t && mkdir -p %t/gen && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o plain.o
// RUN: test ! -e plain.o.sycl
// RUN: %sycl-clangxx -fsycl -std=c++17 -save-temps -c %s -o kept.o
// RUN: ls kept.o.sycl | FileCheck --check-prefix=FILES %s
// FILES-NOT: device-prelude.hpp
// FILES: device.bc
// FILES: device.clang.bc
// FILES: device.offload
// FILES: footer.h
// FILES: integration-header.h
// FILES: source
// RUN: ls kept.o.sycl/source | FileCheck --check-prefix=COPY-ALONE %s
// COPY-ALONE: {{^}}save-temps.cpp{{$}}
// COPY-ALONE-NOT: {{.}}
// RUN: FileCheck --check-prefix=HEADER %s < kept.o.sycl/integration-header.h
// HEADER: #define __SYCL_UNNAMED_LAMBDA__ 1
// HEADER: #define __SYCL_DISABLE_PARALLEL_FOR_RANGE_ROUNDING__ 1
// HEADER-NOT: KernelInfoData
// The footer brings the kernel descriptions, then the spec ids, spec_const_integration.hpp last.
// RUN: FileCheck --check-prefix=FOOTER %s < kept.o.sycl/footer.h
// FOOTER: #include <sycl/detail/kernel_desc.hpp>
// FOOTER: {kernel_param_kind_t::kind_pointer, 8, 0},
// FOOTER: template <> struct KernelInfoData<'_', 'Z', 'T', 'S', '9', 'S', 'a', 'v', 'e', 'T', 'e', 'm', 'p', 's'> {
// FOOTER: static constexpr const char *getName() { return "_ZTS9SaveTemps"; }
// FOOTER: static constexpr int64_t getKernelSize() { return 8; }
// FOOTER: get_spec_constant_symbolic_ID_impl<::kept>()
// FOOTER: return "uid{{[0-9a-f]+}}____ZL4kept";
// FOOTER: #include <sycl/detail/spec_const_integration.hpp>
// RUN: FileCheck --check-prefix=COPY %s < kept.o.sycl/source/save-temps.cpp
// COPY: #line 1 "{{.*}}save-temps.cpp"
// COPY: #include "{{.*}}kept.o.sycl/footer.h"
// RUN: %sycl-clangxx -fsycl -std=c++17 -save-temps -c %s -o kept2.o
// RUN: cmp kept.o.sycl/integration-header.h kept2.o.sycl/integration-header.h
// RUN: cmp kept.o.sycl/footer.h kept2.o.sycl/footer.h
// RUN: cmp kept.o.sycl/device.bc kept2.o.sycl/device.bc
// RUN: %sycl-clangxx -fsycl -std=c++17 -save-temps -fsycl-footer-path=%t/gen -c %s -o moved.o
// RUN: test -f gen/moved.o.sycl/footer.h && test ! -e moved.o.sycl
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> kept{1};
class SaveTemps;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.single_task<SaveTemps>([=](sycl::kernel_handler kh) { *p = kh.get_specialization_constant<kept>(); });
  });
}
