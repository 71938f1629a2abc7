// With -fsycl-spec-constants=emulation a kernel taking a kernel_handler also takes the
// runtime's spec-constant buffer: its description gains a kind_specialization_constants_buffer
// argument, its SPIR-V entry point a CrossWorkgroup pointer parameter, and the getters read the
// buffer; the numeric IDs are still declared, outside every kernel. A kernel without a
// kernel_handler keeps its one argument (the captured pointer).
// REQUIRES: spirv-tools
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -save-temps -c %s -o emu.o
// RUN: FileCheck --check-prefix=HOST %s < emu.o.sycl/footer.h
// HOST: // _ZTS11WithHandler
// HOST-NEXT: {kernel_param_kind_t::kind_pointer, 8, 0},
// HOST-NEXT: {kernel_param_kind_t::kind_specialization_constants_buffer, 0, 0},
// HOST-NEXT: // _ZTS14WithoutHandler
// HOST-NEXT: {kernel_param_kind_t::kind_pointer, 8, 0},
// HOST-NEXT: };
// RUN: %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -fsycl-device-code-split=auto -save-temps emu.o -o app
// RUN: spirv-dis app.sycl/device.spv | FileCheck --check-prefix=SPIRV %s
// SPIRV: OpDecorate %[[ID:[0-9]+]] SpecId 0
// SPIRV: %_ZTS11WithHandler = OpFunction
// SPIRV-NEXT: OpFunctionParameter
// SPIRV-NEXT: OpFunctionParameter %_ptr_CrossWorkgroup_
// SPIRV-NOT: OpFunctionCall %{{.*}} %__sycl_specconst_emulated_ids
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> id{1};
class WithHandler;
class WithoutHandler;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.single_task<WithHandler>([=](sycl::kernel_handler kh) { *p = kh.get_specialization_constant<id>(); });
  });
  q.submit([&](sycl::handler &h) { h.single_task<WithoutHandler>([=] { *p = 2; }); });
}
int main() {}
