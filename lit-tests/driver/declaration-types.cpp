// One device function declared with one type and defined with another in two sources of a
// link (an ODR violation C++ does not diagnose across TUs: extern "C" here; another return
// type or a struct laid out differently elsewhere) is a device-link error naming the function,
// the caller, both LLVM types and the object that defines it (issue 38). Before, the link
// went on: the kernel passed a float where the definition read an int, and with other types
// LLVM's SPIR-V backend could end the process on its own ("LLVM: incompatible result and
// operand types in a bitcast"). No LLVM message reaches the user.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %s -o main.o
// RUN: %sycl-clangxx -fsycl -std=c++17 -c %S/Inputs/declaration-types-definitions.cpp -o definitions.o
// RUN: not %sycl-clangxx -fsycl main.o definitions.o -o app 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=LLVM
// RUN: test ! -e app
// CHECK: sycl-clang++: error: device function 'scale' is called from kernel 'Scaled' as 'float (float)' but defined as 'i32 (i32)' in definitions.o#0: sources of this link declare it with different types (declare it alike everywhere, in one header)
// The same objects in the other order: the declaration is linked first.
// RUN: not %sycl-clangxx -fsycl definitions.o main.o -o app 2>&1 | FileCheck %s --check-prefix=SECOND --implicit-check-not=error:
// SECOND: sycl-clang++: error: device function 'scale' is called from kernel 'Scaled' as 'float (float)' but defined as 'i32 (i32)' in definitions.o#0
#include <sycl/sycl.hpp>
extern "C" SYCL_EXTERNAL float scale(float x);
extern "C" SYCL_EXTERNAL long next_index(long i);
class Scaled;
int main() {
  sycl::queue q;
  float *p = sycl::malloc_shared<float>(2, q);
  q.single_task<Scaled>([=] { p[0] = scale(p[0]); p[1] = next_index(1); }).wait();
  return p[0] != 0;
}
