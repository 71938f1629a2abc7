// sycl_ext_oneapi_private_alloca in an nvptx64 image (issue 31: found on the H200): the runtime
// sets no native spec-constant value for PTX, so a private array's length is read from the
// kernel handler's spec-constant buffer (the kernel's last parameter) and the array has that
// run-time length (PTX `alloca`), not the default length, which a program that set a longer
// one would write past. Dynamic alloca needs PTX 7.3 and sm_52: sm_60's image is PTX 7.3 (its
// own version is 6.3), and for sm_50 the link says what to do.
// REQUIRES: intel-sycl-headers, ptxas
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_90 -std=c++17 -w -save-temps %s -o sm90
// RUN: FileCheck %s < sm90.sycl/device_0.ptx
// The length loaded from the buffer parameter (offset 0: the only spec constant), then the
// array of that many 8-byte elements, aligned to 64.
// CHECK: .entry [[KERNEL:_ZTS[A-Za-z0-9_]*Squares]](
// CHECK: ld.param.b64 [[BUFFER:%rd[0-9]+]], [[[KERNEL]]_param_1];
// CHECK: ld.global.b32 [[LENGTH:%r[0-9]+]], [[[BUFFER]]];
// CHECK: alloca.u64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 64;
// The default-values twin (issue 32), which the runtime runs when no value is set: the
// default length, 2, folded in: an array of fixed length (or none left), nothing read.
// RUN: FileCheck %s --check-prefix=DEFAULT < sm90.sycl/device_1.ptx
// DEFAULT: .entry {{_ZTS[A-Za-z0-9_]*Squares}}(
// DEFAULT-NOT: ld.global
// DEFAULT-NOT: alloca.u64
// DEFAULT: ret;
// Specialised for the program's value, 37 (what the CUDA adapter does at launch): the same.
// RUN: sycl-specialise sm90.sycl/device_0.nvptx-image --kernel _ZTSZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_E7Squares --values 25000000 | FileCheck %s --check-prefix=DEFAULT
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_50 -std=c++17 -w %s -o sm50 2>&1 | FileCheck %s --check-prefix=SM50
// SM50: error: device code: private_alloca on nvptx64 needs sm_52 or later (an array of run-time length is a PTX alloca); this link is for sm_50: name a newer architecture, e.g. -fsycl-targets=nvidia_gpu_sm_90
// RUN: env SYCL_SPECCONST_PTXAS=%ptxas %sycl-clangxx -fsycl -fsycl-targets=nvidia_gpu_sm_60 -std=c++17 -w -save-temps %s -o sm60
// RUN: FileCheck %s --check-prefix=SM60 < sm60.sycl/device_0.ptx
// SM60: .version 7.3
// SM60: .target sm_60
// SM60: alloca.u64
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/alloca.hpp>

constexpr sycl::specialization_id<int> length{2};

int main() {
  sycl::queue q;
  long *out = sycl::malloc_shared<long>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<length>(37);
     h.single_task<class Squares>([=](sycl::kernel_handler kh) {
       auto squares = sycl::ext::oneapi::experimental::aligned_private_alloca<
           long, 64, length, sycl::access::decorated::no>(kh);
       int n = kh.get_specialization_constant<length>();
       for (int i = 0; i < n; ++i)
         squares[i] = long(i) * i;
       long s = 0;
       for (int i = n - 1; i >= 0; --i)
         s += squares[i] * (i % 3);
       *out = s;
     });
   }).wait();
  sycl::free(out, q);
}
