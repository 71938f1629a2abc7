// A spec constant too large for SPIR-V (more than 65,536 scalar elements, or a composite of
// more than 65,532 constituents) is refused at link, in every lowering (native, emulated, the
// CPU image built ahead of time), at the spec id's declaration, clang-style, with the kernel
// that reads it as a note (where its callable is defined). No program is written.
// Spec ids declared in a header another TU includes: spec-constant-limits-header.cpp.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DELEMENTS %s -o app 2>&1 | FileCheck --check-prefix=ELEMENTS --implicit-check-not=error: -DFILE=%s %s
// RUN: test ! -e app
// RUN: not %sycl-clangxx -fsycl -fsycl-spec-constants=emulation -std=c++17 -DELEMENTS %s -o app 2>&1 | FileCheck --check-prefix=ELEMENTS --implicit-check-not=error: -DFILE=%s %s
// RUN: test ! -e app
// RUN: not %sycl-clangxx -fsycl -fsycl-targets=spir64_x86_64 -std=c++17 -DELEMENTS %s -o app 2>&1 | FileCheck --check-prefix=ELEMENTS --implicit-check-not=error: -DFILE=%s %s
// RUN: test ! -e app
// RUN: not %sycl-clangxx -fsycl -std=c++17 -DCONSTITUENTS %s -o app 2>&1 | FileCheck --check-prefix=CONSTITUENTS --implicit-check-not=error: -DFILE=%s %s
// RUN: test ! -e app
#include <sycl/sycl.hpp>

#ifdef ELEMENTS
struct Huge {
  int v[70000];
};
// ELEMENTS: [[FILE]]:[[@LINE+1]]:41: error: spec constant 'huge': the spec constant's type %struct.Huge = type { [70000 x i32] } has 70000 scalar elements (280000 bytes); the limit is 65536 elements
constexpr sycl::specialization_id<Huge> huge;
class ReadsHuge;
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  // ELEMENTS-NEXT: [[FILE]]:[[@LINE+1]]:28: note: read in SYCL kernel 'ReadsHuge' defined here
  q.single_task<ReadsHuge>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<huge>().v[3]; }).wait();
}
#endif

#ifdef CONSTITUENTS
namespace limits {
struct Wide {
  char c[65536];
};
// CONSTITUENTS: [[FILE]]:[[@LINE+1]]:48: error: spec constant 'limits::wide': the spec constant's type %"struct.limits::Wide" = type { [65536 x i8] } has a composite of 65536 constituents; a SPIR-V composite holds at most 65532 (its instruction's word count is 16 bits)
inline constexpr sycl::specialization_id<Wide> wide;
} // namespace limits
// CONSTITUENTS-NEXT: [[FILE]]:[[@LINE+1]]:8: note: read in SYCL kernel 'ReadsWide' defined here
struct ReadsWide {
  char *out;
  void operator()(sycl::kernel_handler kh) const { *out = kh.get_specialization_constant<limits::wide>().c[7]; }
};
int main() {
  sycl::queue q;
  char *out = sycl::malloc_shared<char>(1, q);
  q.single_task(ReadsWide{out}).wait();
}
#endif
