// One descriptor per kernel argument, as DPC++ writes them, and a device kernel whose
// parameters are what the runtime makes of them: kind_pointer -> a global pointer;
// kind_std_layout of N bytes -> N bytes by value; kind_accessor (info = target | dims << 11)
// -> memory, access range, memory range, offset (dims x 8 bytes each), a global pointer for
// target::device (2014), a local one for target::local (2016). (Attributes LLVM infers when it
// optimises the finished kernels, such as readonly or captures(none), may sit between.) Kernels
// are weak_odr, as DPC++'s: one kernel launched from several TUs links once.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -save-temps -c %s -o args.o
// RUN: FileCheck --check-prefix=HOST %s < args.o.sycl/footer.h
// RUN: FileCheck --check-prefix=SIZE %s < args.o.sycl/footer.h
// RUN: llvm-dis-22 args.o.sycl/device.bc -o - | FileCheck --check-prefix=DEVICE %s
// Closure fields follow the order of first use in the lambda's body.
// HOST: // _ZTS4Args
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 4064, 0},
// HOST-NEXT: {kernel_param_kind_t::kind_pointer, 8, 32},
// HOST-NEXT: {kernel_param_kind_t::kind_std_layout, 4, 40},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 6110, 48},
// DEVICE: define weak_odr spir_kernel void @_ZTS4Args(ptr addrspace(3){{[^,]*}} %a0, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a0.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a0.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a0.offset, ptr addrspace(1){{[^,]*}} %a1, ptr {{[^,]*}}byval({ [4 x i8] }){{[^,]*}} %a2, ptr addrspace(1){{[^,]*}} %a3, ptr {{[^,]*}}byval({ [16 x i8] }){{[^,]*}} %a3.access, ptr {{[^,]*}}byval({ [16 x i8] }){{[^,]*}} %a3.memory, ptr {{[^,]*}}byval({ [16 x i8] }){{[^,]*}} %a3.offset)
#include <sycl/sycl.hpp>
class Args;
void launch(sycl::queue &q, sycl::buffer<float, 2> &b, float *usm) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor acc(b, h, sycl::read_write);
    sycl::local_accessor<float, 1> scratch(sycl::range<1>(8), h);
    int n = 3;
    h.parallel_for<Args>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
      scratch[it.get_local_id(0)] = usm[0] * n;
      acc[0][0] = scratch[0];
    });
  });
}

// A struct holding an accessor is replaced by its members (its int at 0, the accessor at 8);
// a constant_buffer accessor's info is target 2015 | dims << 11.
// HOST: // _ZTS6Nested
// HOST-NEXT: {kernel_param_kind_t::kind_std_layout, 4, 0},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 8},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 4063, 40},
// SIZE: getName() { return "_ZTS4Args"; }
// SIZE: static constexpr int64_t getKernelSize() { return 104; }
// DEVICE: define weak_odr spir_kernel void @_ZTS6Nested(ptr {{[^,]*}}byval({ [4 x i8] }){{[^,]*}} %a0, ptr addrspace(1){{[^,]*}} %a1, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a1.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a1.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a1.offset, ptr addrspace(2){{[^,]*}} %a2, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a2.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a2.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a2.offset)
struct Holder {
  int scale;
  sycl::accessor<int, 1, sycl::access_mode::write> out;
};
class Nested;
void launch_nested(sycl::queue &q, sycl::buffer<int, 1> &b, sycl::buffer<int, 1> &table) {
  q.submit([&](sycl::handler &h) {
    Holder holder{2, sycl::accessor<int, 1, sycl::access_mode::write>(b, h)};
    sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::constant_buffer> lut(table, h);
    h.single_task<Nested>([=] { holder.out[0] = holder.scale * lut[0]; });
  });
}

// The shapes left: a 3-dimensional local accessor (2016 | 3 << 11 = 8160; three 24-byte
// ranges), a 3-dimensional no_offset accessor (2014 | 3 << 11 = 8158), an array of two
// accessors (one descriptor each), a 0-dimensional accessor (info 2014 alone, one-element
// ranges) and a stream (kind_stream with sizeof(sycl::stream) = 144 as its info; the runtime
// passes its output, offsets and flush buffers as three 1-dimensional global accessors, then
// the flush buffer's size). Fields in the order of first use.
// HOST: // _ZTS6Shapes
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 8160, 0},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 8158, 80},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 160},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 4062, 192},
// HOST-NEXT: {kernel_param_kind_t::kind_accessor, 2014, 224},
// HOST-NEXT: {kernel_param_kind_t::kind_stream, 144, 256},
// SIZE: getName() { return "_ZTS6Shapes"; }
// SIZE: static constexpr int64_t getKernelSize() { return 400; }
// DEVICE: define weak_odr spir_kernel void @_ZTS6Shapes(ptr addrspace(3){{[^,]*}} %a0, ptr {{[^,]*}}byval({ [24 x i8] }){{[^,]*}} %a0.access, ptr {{[^,]*}}byval({ [24 x i8] }){{[^,]*}} %a0.memory, ptr {{[^,]*}}byval({ [24 x i8] }){{[^,]*}} %a0.offset, ptr addrspace(1){{[^,]*}} %a1, ptr {{[^,]*}}byval({ [24 x i8] }){{[^,]*}} %a1.access, ptr {{[^,]*}}byval({ [24 x i8] }){{[^,]*}} %a1.memory, ptr {{[^,]*}}byval({ [24 x i8] }){{[^,]*}} %a1.offset, ptr addrspace(1){{[^,]*}} %a2, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a2.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a2.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a2.offset, ptr addrspace(1){{[^,]*}} %a3, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a3.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a3.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a3.offset, ptr addrspace(1){{[^,]*}} %a4, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a4.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a4.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a4.offset, ptr addrspace(1){{[^,]*}} %a5.output, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.output.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.output.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.output.offset, ptr addrspace(1){{[^,]*}} %a5.offsets, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.offsets.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.offsets.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.offsets.offset, ptr addrspace(1){{[^,]*}} %a5.flush, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.flush.access, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.flush.memory, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.flush.offset, ptr {{[^,]*}}byval({ [8 x i8] }){{[^,]*}} %a5.flush_size)
class Shapes;
void launch_shapes(sycl::queue &q, sycl::buffer<int, 1> &one, sycl::buffer<float, 3> &cube) {
  q.submit([&](sycl::handler &h) {
    namespace oneapi = sycl::ext::oneapi;
    sycl::accessor<int, 0, sycl::access_mode::read_write> counter(one, h);
    sycl::accessor in(cube, h, sycl::read_only, oneapi::accessor_property_list{oneapi::no_offset});
    sycl::local_accessor<float, 3> tile(sycl::range<3>(2, 2, 2), h);
    sycl::stream out(1024, 256, h);
    sycl::accessor<int, 1> pair[2] = {{one, h}, {one, h}};
    h.parallel_for<Shapes>(sycl::nd_range<3>({2, 2, 2}, {2, 2, 2}), [=](sycl::nd_item<3> it) {
      tile[0][0][0] = in[0][0][0];
      int sum = pair[0][0] + pair[1][0];
      counter = sum;
      out << tile[0][0][0] << sycl::endl;
    });
  });
}

// The queue's shortcuts take a defaulted code_location after the kernel: the kernel object is
// still the lambda (a pointer and a double), not that last argument.
// HOST: // _ZTS8Shortcut
// HOST-NEXT: {kernel_param_kind_t::kind_pointer, 8, 0},
// HOST-NEXT: {kernel_param_kind_t::kind_std_layout, 8, 8},
// HOST-NEXT: };
// The kernel's place, with assertions on (DPC++'s getters; empty under NDEBUG):
// HOST: getName() { return "_ZTS8Shortcut"; }
// HOST-NEXT: isESIMD()
// HOST-NEXT: #ifndef NDEBUG
// HOST-NEXT: getFileName() { return "kernel-arguments.cpp"; }
// HOST-NEXT: getFunctionName() { return "Shortcut"; }
// HOST-NEXT: getLineNumber() { return [[@LINE+7]]; }
// HOST-NEXT: getColumnNumber() { return 47; }
// HOST-NEXT: #else
// HOST-NEXT: getFileName() { return ""; }
class Shortcut;
void launch_shortcut(sycl::queue &q, int *p) {
  double scale = 2.5;
  q.parallel_for<Shortcut>(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = int(i[0] * scale); });
}
