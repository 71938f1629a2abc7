// sycl-clang++ -fsycl-targets=…nvptx64-nvidia-cuda (issue 30): one program whose kernels take
// each argument shape the runtime passes, built for spir64 and nvptx64 in one binary. The PTX
// images (-save-temps) are checked shape by shape, and assembled by NVIDIA's ptxas (the link
// runs it through SYCL_SPECCONST_PTXAS; a refused PTX fails the link); the program still runs
// on the CPU device with the right numbers.
// REQUIRES: intel-sycl-headers, ptxas
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=spir64,nvptx64-nvidia-cuda -fsycl-device-code-split=off -std=c++17 -Wno-deprecated-declarations -save-temps %s -o shapes
// RUN: cat shapes.sycl/*.ptx > all.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file all.ptx
// RUN: FileCheck %s --check-prefix=PARAMS --input-file all.ptx
// RUN: FileCheck %s --check-prefix=PROP --input-file shapes.sycl/device_1.prop
// RUN: %if sycl-runtime %{ ./shapes | FileCheck %s --check-prefix=OUT %}
// A named architecture: its PTX version, scoped atomics; -fsycl-device-only -S writes the PTX.
// RUN: %sycl-clangxx -fsycl --offload-arch=sm_90 -fsycl-device-only -S -std=c++17 -Wno-deprecated-declarations %s -o sm90.s
// RUN: FileCheck %s --check-prefix=SM90 --input-file sm90.s
// RUN: %ptxas -arch=sm_90 sm90.s -o sm90.cubin
// SM90: .version 7.8
// SM90: .target sm_90
// SM90-DAG: atom.gpu.add.u32
// SM90-DAG: atom.cta.add.u32
//
// The default architecture, as DPC++: PTX for sm_50 that the CUDA driver compiles for the GPU.
// PTX: .version 6.3
// PTX: .target sm_50
// PTX: .address_size 64
// A local accessor's memory: an offset into the launch's dynamic shared memory.
// PTX-DAG: .extern .shared .align {{[0-9]+}} .b8 __sycl_specconst_nvptx_dynamic_shared[];
// PTX-DAG: .visible .entry _ZTS5Local(
// PTX-DAG: barrier.sync 0;
// A device-scope fetch-add and a work-group-scope one: sm_50 has no scopes.
// PTX-DAG: atom.add.u32
// PTX-DAG: .visible .entry _ZTS7Shuffle(
// PTX-DAG: shfl.sync.bfly.b32
// The global offset reaches only the kernel that asks for it: its _with_offset variant.
// PTX-DAG: .visible .entry _ZTS6Offset_with_offset(
// PTX-DAG: .visible .entry _ZTS6Offset(
// The spec constant's value comes from the runtime's buffer, the kernel's last parameter.
// PTX-DAG: .visible .entry _ZTS4Spec(
// PTX-DAG: .param .u64 .ptr .global .align 1 _ZTS4Spec_param_1
// PTX-DAG: ld.global.b32 %r1, [%rd2];
// PTX-NOT: _ZTS4Spec_with_offset
//
// Parameters as the runtime passes them: a local accessor's memory as a byte offset (u64), then
// its three ranges by value; a buffer accessor's pointer (global), then its ranges. The
// _with_offset entry takes the offset last, three 32-bit values.
// PARAMS-LABEL: .visible .entry _ZTS5Local(
// PARAMS-NEXT: .param .u64 _ZTS5Local_param_0,
// PARAMS-NEXT: .param .align 1 .b8 _ZTS5Local_param_1[8],
// PARAMS-NEXT: .param .align 1 .b8 _ZTS5Local_param_2[8],
// PARAMS-NEXT: .param .align 1 .b8 _ZTS5Local_param_3[8],
// PARAMS-NEXT: .param .u64 .ptr .global .align 1 _ZTS5Local_param_4,
// PARAMS-NEXT: .param .align 1 .b8 _ZTS5Local_param_5[8],
// PARAMS-NEXT: .param .align 1 .b8 _ZTS5Local_param_6[8],
// PARAMS-NEXT: .param .align 1 .b8 _ZTS5Local_param_7[8]
// PARAMS-NEXT: )
// PARAMS-LABEL: .visible .entry _ZTS6Offset_with_offset(
// PARAMS-NEXT: .param .u64 .ptr .global .align 1 _ZTS6Offset_with_offset_param_0,
// PARAMS-NEXT: .param .align 4 .b8 _ZTS6Offset_with_offset_param_1[12]
// PARAMS-NEXT: )
//
// The nvptx64 image's properties: emulated spec constants, as the runtime needs for PTX.
// PROP: [SYCL/specialization constants]
// PROP: [SYCL/specialization constants default values]
//
// OUT: usm 0 1 4 9 16
// OUT: local 28
// OUT: atomic 64 64
// OUT: shuffle ok
// OUT: offset 10 11 12
// OUT: spec 7 42
#include <sycl/sycl.hpp>

#include <cstdio>

constexpr sycl::specialization_id<int> factor{7};

class Usm;
class Local;
class Atomic;
class Shuffle;
class Offset;
class Spec;

// One kernel, launched with the default value and with a value set.
static void read_spec(sycl::queue &q, int *out, bool set) {
  q.submit([&](sycl::handler &h) {
    if (set)
      h.set_specialization_constant<factor>(42);
    h.single_task<Spec>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<factor>(); });
  }).wait();
}

int main() {
  sycl::queue q;
  int *usm = sycl::malloc_shared<int>(64, q);
  q.parallel_for<Usm>(sycl::range<1>(64), [=](sycl::id<1> i) { usm[i] = int(i[0] * i[0]); }).wait();
  std::printf("usm %d %d %d %d %d\n", usm[0], usm[1], usm[2], usm[3], usm[4]);

  std::vector<int> sums(2);
  {
    sycl::buffer<int> out(sums.data(), sycl::range<1>(2));
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 1> scratch(sycl::range<1>(8), h);
      sycl::accessor o(out, h, sycl::write_only);
      h.parallel_for<Local>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> it) {
        std::size_t l = it.get_local_id(0);
        scratch[l] = int(it.get_global_id(0));
        sycl::group_barrier(it.get_group());
        if (l == 0) {
          int s = 0;
          for (int k = 0; k < 8; ++k) s += scratch[k];
          o[it.get_group(0)] = s;
        }
      });
    });
  }
  std::printf("local %d\n", sums[0]);

  int *counters = sycl::malloc_shared<int>(2, q);
  counters[0] = counters[1] = 0;
  q.parallel_for<Atomic>(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> all(counters[0]);
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group> group(counters[1]);
    all.fetch_add(1);
    group.fetch_add(1);
  }).wait();
  std::printf("atomic %d %d\n", counters[0], counters[1]);

  int *swapped = sycl::malloc_shared<int>(32, q);
  q.parallel_for<Shuffle>(sycl::nd_range<1>(32, 32), [=](sycl::nd_item<1> it) {
    auto sg = it.get_sub_group();
    int mine = int(sg.get_local_linear_id());
    swapped[it.get_global_linear_id()] = sycl::permute_group_by_xor(sg, mine, 1) - (mine ^ 1);
  }).wait();
  bool all_zero = true;
  for (int k = 0; k < 32; ++k) all_zero = all_zero && swapped[k] == 0;
  std::printf("shuffle %s\n", all_zero ? "ok" : "wrong");

  int *offsets = sycl::malloc_shared<int>(3, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Offset>(sycl::range<1>(3), sycl::id<1>(10),
                           [=](sycl::item<1> it) { offsets[it.get_linear_id()] = int(it.get_id(0)); });
  }).wait();
  std::printf("offset %d %d %d\n", offsets[0], offsets[1], offsets[2]);

  int *spec = sycl::malloc_shared<int>(2, q);
  read_spec(q, spec, false);
  read_spec(q, spec + 1, true);
  std::printf("spec %d %d\n", spec[0], spec[1]);
  sycl::free(usm, q);
  sycl::free(counters, q);
  sycl::free(swapped, q);
  sycl::free(offsets, q);
  sycl::free(spec, q);
  return 0;
}
