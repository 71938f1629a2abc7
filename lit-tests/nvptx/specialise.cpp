// Native spec constants on nvptx64 (issue 32). A link's PTX image whose kernels read spec
// constants carries, after its PTX and NUL, the optimised bitcode and which parameter of
// each entry is the spec-constant buffer; the CUDA adapter folds a launch's values into it
// and generates PTX (`sycl-specialise` runs the same code). Beside it, a default-values twin
// (`specConstsReplacedWithDefault`), which the runtime runs when no value is set. Split per
// source (auto), so that one image holds both kernels; the default split gives the kernel
// without spec constants an image of its own, with no twin.
// REQUIRES: intel-sycl-headers, ptxas
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_90 -fsycl-device-code-split=auto -std=c++17 -w -save-temps %s -o app
// RUN: ls app.sycl | FileCheck %s --check-prefix=FILES
// FILES: device_0.nvptx-image
// FILES-NEXT: device_0.prop
// FILES-NEXT: device_0.ptx
// FILES-NEXT: device_1.prop
// FILES-NEXT: device_1.ptx
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_90 -std=c++17 -w -save-temps %s -o default-split
// RUN: ls default-split.sycl | FileCheck %s --check-prefix=DEFAULT-SPLIT
// DEFAULT-SPLIT: device_0.nvptx-image
// DEFAULT-SPLIT-NEXT: device_0.prop
// DEFAULT-SPLIT-NEXT: device_0.ptx
// DEFAULT-SPLIT-NEXT: device_1.prop
// DEFAULT-SPLIT-NEXT: device_1.ptx
// DEFAULT-SPLIT-NEXT: device_2.prop
// DEFAULT-SPLIT-NEXT: device_2.ptx
// DEFAULT-SPLIT-NOT: device_3
//
// The index: both entries of the filter kernel (the global-offset variant too), the buffer
// their third parameter (after the two pointers), 4 + 4 + 8 * 4 bytes of values; the kernel
// without spec constants is no entry.
// RUN: sycl-specialise --list app.sycl/device_0.nvptx-image | FileCheck %s --check-prefix=LIST
// LIST: sm_90 +ptx78 values=40
// LIST-NEXT: _ZTSZ4mainE6Filter parameter=2
// LIST-NEXT: _ZTSZ4mainE6Filter_with_offset parameter=2
// LIST-NOT: Plain
//
// The emulated image reads the buffer, in a loop of run-time length.
// RUN: FileCheck %s --check-prefix=EMULATED < app.sycl/device_0.ptx
// EMULATED: .entry _ZTSZ4mainE6Filter(
// EMULATED: ld.param.b64 [[BUFFER:%rd[0-9]+]], [_ZTSZ4mainE6Filter_param_2];
// EMULATED: bra
// EMULATED: ld.global.b32 %r{{[0-9]+}}, [[[BUFFER]]];
//
// The default-values twin: 3 taps of 0.25, 0.5, 0.25 and scale 1, as immediates; the buffer
// never read, the loop unrolled.
// RUN: FileCheck %s --check-prefix=DEFAULT < app.sycl/device_1.ptx
// RUN: FileCheck %s --check-prefix=TWIN-PROP < app.sycl/device_1.prop
// DEFAULT: .entry _ZTSZ4mainE6Filter(
// DEFAULT-NOT: _ZTSZ4mainE6Filter_param_2]
// DEFAULT-NOT: bra
// DEFAULT: 0f3E800000
// DEFAULT: 0f3F000000
// DEFAULT-NOT: _ZTSZ4mainE6Filter_param_2]
// DEFAULT-NOT: bra
// DEFAULT: .entry _ZTSZ4mainE6Filter_with_offset(
// DEFAULT: .entry _ZTSZ4mainE5Plain(
// TWIN-PROP: [SYCL/misc properties]
// TWIN-PROP-NEXT: specConstsReplacedWithDefault=1|1
// TWIN-PROP-NOT: [SYCL/specialization constants
//
// Specialised for 5 taps of 1, 2, 3, 4, 5 and a scale of 3 (the buffer holds the scale,
// the taps, then the eight floats, little-endian): those immediates, nothing read from the
// buffer, the loop unrolled, and only the launched kernel's two entries.
// RUN: sycl-specialise app.sycl/device_0.nvptx-image --kernel _ZTSZ4mainE6Filter --values 03000000050000000000803f0000004000004040000080400000a040000000000000000000000000 -o five.ptx
// RUN: FileCheck %s --check-prefix=FIVE < five.ptx
// RUN: %ptxas -arch=sm_90 five.ptx -o five.cubin
// FIVE: .entry _ZTSZ4mainE6Filter(
// FIVE-NOT: _ZTSZ4mainE6Filter_param_2]
// FIVE-NOT: bra
// FIVE: 0f40000000
// FIVE: 0f40400000
// FIVE: 0f40800000
// FIVE: 0f40A00000
// FIVE: mul.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0f40400000;
// FIVE-NOT: bra
// FIVE: .entry _ZTSZ4mainE6Filter_with_offset(
// FIVE-NOT: Plain
//
// Byte for byte the same PTX for the same values, run to run.
// RUN: sycl-specialise app.sycl/device_0.nvptx-image --kernel _ZTSZ4mainE6Filter --values 03000000050000000000803f0000004000004040000080400000a040000000000000000000000000 -o again.ptx
// RUN: cmp five.ptx again.ptx
//
// What cannot be specialised says why.
// RUN: not sycl-specialise app.sycl/device_0.nvptx-image --kernel _ZTSZ4mainE6Filter --values 05 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: sycl-specialise: error: 1 bytes of spec-constant values; the image's kernels read 40
// RUN: not sycl-specialise app.sycl/device_0.nvptx-image --kernel _ZTSZ4mainE5Plain --values 00 2>&1 | FileCheck %s --check-prefix=NO-ENTRY
// NO-ENTRY: sycl-specialise: error: kernel '_ZTSZ4mainE5Plain' reads no spec constants from a buffer in this image
// RUN: not sycl-specialise app.sycl/device_1.ptx --kernel _ZTSZ4mainE6Filter 2>&1 | FileCheck %s --check-prefix=NO-DATA
// NO-DATA: sycl-specialise: error: the image carries no bitcode to specialise
// RUN: not sycl-specialise app.sycl/device_0.nvptx-image --kernel _ZTSZ4mainE6Filter --values 0g 2>&1 | FileCheck %s --check-prefix=HEX
// HEX: sycl-specialise: error: '0g' is not a hex byte
//
// -fsycl-spec-constants=emulation: DPC++'s PTX alone, reading the buffer.
// RUN: %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_90 -fsycl-spec-constants=emulation -fsycl-device-code-split=auto -std=c++17 -w -save-temps %s -o emulated
// RUN: ls emulated.sycl | FileCheck %s --check-prefix=EMULATED-FILES
// EMULATED-FILES-NOT: nvptx-image
// EMULATED-FILES: device.prop
// EMULATED-FILES-NEXT: device.ptx
// EMULATED-FILES-NOT: device_1
#include <sycl/sycl.hpp>

struct Coefficients {
  float c[8];
};

constexpr sycl::specialization_id<int> taps{3};
constexpr sycl::specialization_id<int> scale{1};
constexpr sycl::specialization_id<Coefficients> weights{
    Coefficients{{0.25f, 0.5f, 0.25f, 0, 0, 0, 0, 0}}};

int main() {
  sycl::queue q;
  constexpr size_t n = 64;
  float *data = sycl::malloc_shared<float>(n + 8, q);
  float *out = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n + 8; ++i)
    data[i] = float(i);
  q.parallel_for<class Filter>(sycl::range<1>(n), [=](sycl::item<1> it,
                                                       sycl::kernel_handler kh) {
     int t = kh.get_specialization_constant<taps>();
     Coefficients w = kh.get_specialization_constant<weights>();
     float sum = 0;
     for (int k = 0; k < t; ++k)
       sum += w.c[k] * data[it[0] + k];
     out[it[0]] = sum * kh.get_specialization_constant<scale>();
   }).wait();
  q.single_task<class Plain>([=] { out[0] += 1; }).wait();
  sycl::free(data, q);
  sycl::free(out, q);
}
