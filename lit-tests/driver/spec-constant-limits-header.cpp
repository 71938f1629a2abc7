// A spec id too large for SPIR-V declared in a header that a second TU includes and reads in
// a kernel: the link (after the device link of both TUs' device code) refuses it at the
// declaration in the header, with the second TU's kernel as a note, also when the link runs
// in another directory than the compiles. One variable declared with two types by two TUs
// (here and in the header: an ODR violation) is refused at the first input's declaration,
// with the other as a note. No program is written.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t/link && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o main.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/spec-constant-limits-second.cpp -o second.o
// RUN: cd link && not %sycl-clangxx -fsycl ../main.o ../second.o -o app 2>&1 | FileCheck --implicit-check-not=error: -DHEADER=%S/Inputs/spec-constant-limits.hpp -DSECOND=%S/Inputs/spec-constant-limits-second.cpp %s
// RUN: test ! -e %t/link/app
// CHECK: [[HEADER]]:9:48: error: spec constant 'shared::huge_in_header': the spec constant's type %"struct.shared::Huge" = type { [66000 x float] } has 66000 scalar elements (264000 bytes); the limit is 65536 elements
// CHECK-NEXT: [[SECOND]]:4:36: note: read in SYCL kernel 'ReadsHeaderSpecId' defined here
// RUN: %sycl-clangxx -fsycl -std=c++17 -DCLASH -c %s -o main-clash.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -DCLASH -c %S/Inputs/spec-constant-limits-second.cpp -o second-clash.o
// RUN: not %sycl-clangxx -fsycl main-clash.o second-clash.o -o app 2>&1 | FileCheck --check-prefix=CLASH --implicit-check-not=error: -DFILE=%s -DHEADER=%S/Inputs/spec-constant-limits.hpp -DSECOND=%S/Inputs/spec-constant-limits-second.cpp %s
// RUN: test ! -e app
#include <sycl/sycl.hpp>
#ifdef CLASH
namespace shared {
// CLASH: [[FILE]]:[[@LINE+3]]:47: error: spec constant 'shared::clash': default value type i32 does not match spec-constant type float at byte offset 0
// CLASH-NEXT: [[HEADER]]:11:49: note: spec constant 'shared::clash' is also declared here
// CLASH-NEXT: [[SECOND]]:4:36: note: read in SYCL kernel 'ReadsHeaderSpecId' defined here
inline constexpr sycl::specialization_id<int> clash{1};
} // namespace shared
#define SPEC_ID shared::clash
#else
constexpr sycl::specialization_id<int> small{3};
#define SPEC_ID small
#endif
class ReadsMainSpecId;
float second(sycl::queue &q, float *out);
int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(1, q);
  q.single_task<ReadsMainSpecId>([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<SPEC_ID>(); }).wait();
  return second(q, out) > 0;
}
