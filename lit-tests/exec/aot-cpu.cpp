// Ahead-of-time images for the OpenCL CPU device (-fsycl-targets=spir64_x86_64): the link
// compiles the SPIR-V into the device's program binary, registered as a native image, whose
// spec constants are emulated: scalars and a 96-byte struct of mixed members, defaults and
// values set through the handler, read in a single_task and a parallel_for, each checked
// against the host's values. The program returns non-zero on any mismatch.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// One compile for both links: kernels take the emulated spec-constant buffer whenever
// spir64_x86_64 is among the targets.
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64,spir64_x86_64 -std=c++17 -c %s -o %t/app.o
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64_x86_64 %t/app.o -o %t/aot
// RUN: %t/aot | FileCheck %s
// The runtime creates the program from the binary: no SPIR-V, no spec constant set natively.
// RUN: env SYCL_UR_TRACE=2 %t/aot 2>&1 | FileCheck --check-prefix=NATIVE %s
// NATIVE: urProgramCreateWithBinary
// NATIVE-NOT: urProgramCreateWithIL
// NATIVE-NOT: urProgramSetSpecializationConstants
//
// Both targets: a SPIR-V image (native spec constants) and the CPU binary are registered for
// the same kernels, and the runtime picks per launch: the CPU binary for the kernel without
// spec constants, the SPIR-V image for the input-state kernel bundle of the others.
// RUN: %sycl-clangxx -fsycl -fsycl-targets=spir64,spir64_x86_64 -save-temps %t/app.o -o %t/both
// RUN: ls %t/both.sycl | FileCheck --check-prefix=IMAGES %s
// IMAGES: device_0.prop
// IMAGES: device_0.spv
// IMAGES: device_1.bin
// IMAGES: device_1.prop
// RUN: %t/both | FileCheck %s
// RUN: env SYCL_UR_TRACE=2 %t/both 2>&1 | FileCheck --check-prefix=BOTH %s
// BOTH-DAG: urProgramCreateWithBinary
// BOTH-DAG: urProgramCreateWithIL
#include <sycl/sycl.hpp>
#include <cstdio>

struct Inner {
  short s;
  unsigned char bytes[5];
  float f;
};
// 96 bytes: padding after `tag`, between members, inside `inner`, at the end.
struct Big {
  char tag;
  double scale;
  int counts[7];
  Inner inner;
  long long wide;
  bool on;
  float weights[8];
};
static_assert(sizeof(Big) >= 64, "a large struct");

constexpr Big big_default{'d', 1.5, {1, 2, 3, 4, 5, 6, 7}, {-3, {9, 8, 7, 6, 5}, 0.25f},
                          1ll << 41, true, {0.5f, 1, 2, 3, 4, 5, 6, 7.5f}};
constexpr sycl::specialization_id<int> factor{3};
constexpr sycl::specialization_id<double> offset{0.125};
constexpr sycl::specialization_id<Big> big{big_default};

// The value a kernel computes from its spec constants, on the device and on the host.
static double digest(int f, double o, const Big &b, int i) {
  double d = f * i + o + b.tag + b.scale * b.wide / (1ll << 40) + b.on + b.inner.s + b.inner.f;
  for (int k = 0; k < 7; ++k)
    d += b.counts[k] * (k + 1);
  for (int k = 0; k < 5; ++k)
    d += b.inner.bytes[k] * (k + 2);
  for (int k = 0; k < 8; ++k)
    d += b.weights[k] * (k + 3);
  return d;
}

static bool same(const Big &x, const Big &y) {
  bool eq = x.tag == y.tag && x.scale == y.scale && x.inner.s == y.inner.s &&
            x.inner.f == y.inner.f && x.wide == y.wide && x.on == y.on;
  for (int k = 0; k < 7; ++k)
    eq = eq && x.counts[k] == y.counts[k];
  for (int k = 0; k < 5; ++k)
    eq = eq && x.inner.bytes[k] == y.inner.bytes[k];
  for (int k = 0; k < 8; ++k)
    eq = eq && x.weights[k] == y.weights[k];
  return eq;
}

static int failures = 0;

static void check(const char *what, double got, double want) {
  if (got != want) {
    std::printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    ++failures;
  }
}

static void run(sycl::queue &q, bool set, int f, double o, const Big &b) {
  constexpr int n = 16;
  double *out = sycl::malloc_shared<double>(n + 1, q);
  Big *copy = sycl::malloc_shared<Big>(1, q);
  q.submit([&](sycl::handler &h) {
     if (set) {
       h.set_specialization_constant<factor>(f);
       h.set_specialization_constant<offset>(o);
       h.set_specialization_constant<big>(b);
     }
     h.single_task([=](sycl::kernel_handler kh) {
       *copy = kh.get_specialization_constant<big>();
       out[n] = kh.get_specialization_constant<factor>() + kh.get_specialization_constant<offset>();
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     if (set) {
       h.set_specialization_constant<factor>(f);
       h.set_specialization_constant<offset>(o);
       h.set_specialization_constant<big>(b);
     }
     h.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it, sycl::kernel_handler kh) {
       int i = static_cast<int>(it.get_linear_id());
       out[i] = digest(kh.get_specialization_constant<factor>(),
                       kh.get_specialization_constant<offset>(),
                       kh.get_specialization_constant<big>(), i);
     });
   }).wait();
  const char *label = set ? "set" : "default";
  check(label, same(*copy, b), true);
  check(label, out[n], f + o);
  for (int i = 0; i < n; ++i)
    check(label, out[i], digest(f, o, b, i));
  std::printf("%s: %d %g %c %g %lld %g\n", label, f, o, copy->tag, copy->inner.f, copy->wide,
              out[n - 1]);
  sycl::free(out, q);
  sycl::free(copy, q);
}

int main() {
  sycl::queue q;
  // A kernel without spec constants.
  int *plain = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &h) { h.single_task([=] { *plain = 42; }); }).wait();
  check("plain", *plain, 42);
  sycl::free(plain, q);

  run(q, false, 3, 0.125, big_default);
  Big other{'s', -2.0, {70, 60, 50, 40, 30, 20, 10}, {11, {1, 2, 3, 4, 250}, -8.5f},
            -(1ll << 43), false, {-1, -2, -3, -4, -5, -6, -7, -8}};
  run(q, true, -7, 1e6, other);
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
// CHECK: default: 3 0.125 d 0.25 2199023255552
// CHECK: set: -7 1e+06 s -8.5 -8796093022208
// CHECK: failures: 0
