// sycl-clang++'s default device-code split follows the spec constants (issue 35): kernels that
// read none share one image per source, the others are grouped by the set of spec constants they
// read, through the functions they call (same TU, and a SYCL_EXTERNAL function of another TU
// given the kernel_handler). A new value set then re-compiles only the kernels that read it:
// the runtime's cache trace (SYCL_CACHE_TRACE=2) prints each program it builds, and the program
// prints a marker before each step. Values, has_specialization_constant and
// get_specialization_constant on kernel bundles are checked as well.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %s -o %t/main.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -I %S/Inputs -c %S/Inputs/specconst-split-lib.cpp -o %t/lib.o
// RUN: %sycl-clangxx -fsycl -save-temps %t/main.o %t/lib.o -o %t/app
// Four images: the plain kernels; x (two kernels); x and y; w.
// RUN: ls %t/app.sycl | grep -c '^device.*\.spv$' | FileCheck --check-prefix=IMAGES %s
// IMAGES: 4
// Builds with default values (an image without spec constants; on the GPU each image's
// default-values twin too) are left out: only the builds for a value set are counted.
// RUN: env SYCL_CACHE_TRACE=2 %t/app 2>&1 | grep -v 'serializedObj = }' | FileCheck --check-prefixes=CHECK,VALUES,SPLIT %s
// The per-source split of DPC++'s modes: one image, every value set builds all of it.
// RUN: %sycl-clangxx -fsycl -fsycl-device-code-split=auto -save-temps %t/main.o %t/lib.o -o %t/app-auto
// RUN: ls %t/app-auto.sycl | grep -c '^device.*\.spv$' | FileCheck --check-prefix=AUTO-IMAGES %s
// AUTO-IMAGES: 1
// RUN: %t/app-auto one-image | FileCheck --check-prefixes=VALUES,AUTO %s
// The serialized values are those of the constants the image's kernels read, no others.
// CHECK: step: plain
// CHECK-NOT: Program inserted.
// CHECK: step: x=1
// CHECK-NEXT: serializedObj = 1,0,0,0,}]: Program inserted.
// CHECK-NOT: Program inserted.
// CHECK: step: x=2
// CHECK-NEXT: Program inserted.
// CHECK-NOT: Program inserted.
// CHECK: step: plain again
// CHECK-NOT: Program inserted.
// CHECK: step: x=2 through a helper
// CHECK-NOT: Program inserted.
// CHECK: step: x=2 y=5
// CHECK-NEXT: Program inserted.
// CHECK-NOT: Program inserted.
// CHECK: step: w=7 in another TU
// CHECK-NEXT: serializedObj = 7,0,0,0,}]: Program inserted.
// CHECK-NOT: Program inserted.
// CHECK: step: x=1 again, plain, w=7 again
// CHECK-NOT: Program inserted.
// CHECK: step: x=3 through a helper
// CHECK-NEXT: serializedObj = 3,0,0,0,}]: Program inserted.
// CHECK-NOT: Program inserted.
// CHECK: step: bundles
// VALUES: plain 5, x 1 2 2 1 3, xy 205, w 9
// VALUES: bundle of all kernels: x y w yes, unread no
// SPLIT: bundle of one x kernel: x yes, y w no
// AUTO: bundle of one x kernel: x yes, y w yes
// VALUES: executable bundle: x 9, y 30 (default), kernels 9 9 930 42
// VALUES: all values right
#include "specconst-split.h"
#include <cstdio>
#include <cstring>

constexpr sycl::specialization_id<int> x_id{1};
constexpr sycl::specialization_id<int> y_id{30};
// Declared, read by no kernel: no image has it.
constexpr sycl::specialization_id<int> unread_id{99};

class Plain;
class ReadsX;
class ReadsXThroughHelper;
class ReadsXY;
class ReadsW;

static int failures = 0;

static void step(const char *what) {
  std::fprintf(stderr, "step: %s\n", what);
  std::fflush(stderr);
}

static void expect(const char *what, int got, int want) {
  if (got != want) {
    std::printf("MISMATCH %s: %d, want %d\n", what, got, want);
    ++failures;
  }
}

[[clang::noinline]] static int x_plus(sycl::kernel_handler &kh, int v) {
  return kh.get_specialization_constant<x_id>() + v;
}

using Bundle = sycl::kernel_bundle<sycl::bundle_state::executable>;

// Each launch sets its values through the handler, or takes them from `bundle`.
static int plain(sycl::queue &q, int *out) {
  q.single_task<Plain>([=] { *out = 5; }).wait();
  return *out;
}

static int reads_x(sycl::queue &q, int *out, int x, const Bundle *bundle = nullptr) {
  q.submit([&](sycl::handler &h) {
     if (bundle)
       h.use_kernel_bundle(*bundle);
     else
       h.set_specialization_constant<x_id>(x);
     h.single_task<ReadsX>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<x_id>(); });
   }).wait();
  return *out;
}

static int reads_x_through_helper(sycl::queue &q, int *out, int x, const Bundle *bundle = nullptr) {
  q.submit([&](sycl::handler &h) {
     if (bundle)
       h.use_kernel_bundle(*bundle);
     else
       h.set_specialization_constant<x_id>(x);
     h.single_task<ReadsXThroughHelper>([=](sycl::kernel_handler kh) { *out = x_plus(kh, 0); });
   }).wait();
  return *out;
}

static int reads_xy(sycl::queue &q, int *out, int x, int y, const Bundle *bundle = nullptr) {
  q.submit([&](sycl::handler &h) {
     if (bundle) {
       h.use_kernel_bundle(*bundle);
     } else {
       h.set_specialization_constant<x_id>(x);
       h.set_specialization_constant<y_id>(y);
     }
     h.single_task<ReadsXY>([=](sycl::kernel_handler kh) {
       *out = kh.get_specialization_constant<x_id>() * 100 + kh.get_specialization_constant<y_id>();
     });
   }).wait();
  return *out;
}

static int reads_w(sycl::queue &q, int *out, int w, const Bundle *bundle = nullptr) {
  q.submit([&](sycl::handler &h) {
     if (bundle)
       h.use_kernel_bundle(*bundle);
     else
       h.set_specialization_constant<w_id>(w);
     h.single_task<ReadsW>([=](sycl::kernel_handler kh) { *out = read_w(kh); });
   }).wait();
  return *out;
}

int main(int argc, char **argv) {
  // With one image per source, a bundle of one kernel holds every spec constant of the source.
  const bool one_image = argc > 1 && std::strcmp(argv[1], "one-image") == 0;
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  step("plain");
  const int p = plain(q, out);
  step("x=1");
  const int x1 = reads_x(q, out, 1);
  step("x=2");
  const int x2 = reads_x(q, out, 2);
  step("plain again");
  plain(q, out);
  step("x=2 through a helper");
  const int h2 = reads_x_through_helper(q, out, 2);
  step("x=2 y=5");
  const int xy = reads_xy(q, out, 2, 5);
  step("w=7 in another TU");
  const int w = reads_w(q, out, 7);
  step("x=1 again, plain, w=7 again");
  const int x1b = reads_x(q, out, 1);
  plain(q, out);
  reads_w(q, out, 7);
  step("x=3 through a helper");
  const int h3 = reads_x_through_helper(q, out, 3);
  step("bundles");
  expect("plain", p, 5);
  expect("x=1", x1, 1);
  expect("x=2", x2, 2);
  expect("x=2 through a helper", h2, 2);
  expect("x=1 again", x1b, 1);
  expect("x=3 through a helper", h3, 3);
  expect("x=2 y=5", xy, 205);
  expect("w=7", w, 9);
  std::printf("plain %d, x %d %d %d %d %d, xy %d, w %d\n", p, x1, x2, h2, x1b, h3, xy, w);

  const sycl::context ctx = q.get_context();
  auto all = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx);
  const bool all_x = all.has_specialization_constant<x_id>(), all_y = all.has_specialization_constant<y_id>(),
             all_w = all.has_specialization_constant<w_id>(), unread = all.has_specialization_constant<unread_id>();
  expect("bundle of all kernels has x, y, w", all_x && all_y && all_w, 1);
  expect("bundle of all kernels has the unread constant", unread, 0);
  std::printf("bundle of all kernels: x y w %s, unread %s\n", all_x && all_y && all_w ? "yes" : "no",
              unread ? "yes" : "no");

  auto one = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, {sycl::get_kernel_id<ReadsX>()});
  const bool one_x = one.has_specialization_constant<x_id>();
  const bool one_yw = one.has_specialization_constant<y_id>() || one.has_specialization_constant<w_id>();
  expect("bundle of one x kernel has x", one_x, 1);
  expect("bundle of one x kernel has y or w", one_yw, one_image);
  std::printf("bundle of one x kernel: x %s, y w %s\n", one_x ? "yes" : "no", one_yw ? "yes" : "no");

  all.set_specialization_constant<x_id>(9);
  auto exe = sycl::build(all);
  const int bx = exe.get_specialization_constant<x_id>(), by = exe.get_specialization_constant<y_id>();
  expect("executable bundle x", bx, 9);
  expect("executable bundle y (default)", by, 30);
  const int k[4] = {reads_x(q, out, 0, &exe), reads_x_through_helper(q, out, 0, &exe),
                    reads_xy(q, out, 0, 0, &exe), reads_w(q, out, 0, &exe)};
  expect("bundle: x kernel", k[0], 9);
  expect("bundle: x through a helper", k[1], 9);
  expect("bundle: x * 100 + y", k[2], 930);
  expect("bundle: w default + 2", k[3], 42);
  std::printf("executable bundle: x %d, y %d (default), kernels %d %d %d %d\n", bx, by, k[0], k[1], k[2], k[3]);
  sycl::free(out, q);
  if (failures)
    return 1;
  std::printf("all values right\n");
  return 0;
}
