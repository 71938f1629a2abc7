// -S writes the host assembly (with the footer's definitions); -v prints each step as it runs
// and still produces the object.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -S %s -o out.s
// RUN: FileCheck --check-prefix=ASM %s < out.s
// ASM: _ZN4sycl3_V16detail34get_spec_constant_symbolic_ID_implITnRDaL_ZL7visibleEEEPKcv
// RUN: %sycl-clangxx -fsycl -std=c++17 -v -c %s -o out.o 2> verbose.txt
// RUN: FileCheck --check-prefix=VERBOSE %s < verbose.txt
// RUN: FileCheck --check-prefix=NO-LIBCLANG-BANNER %s < verbose.txt
// The analysis (libclang) does not print a banner of its own.
// NO-LIBCLANG-BANNER-NOT: InstalledDir: {{$}}
// RUN: llvm-objdump --offloading out.o | FileCheck --check-prefix=EMBED %s
// VERBOSE-DAG: "-fsycl-device-only"
// VERBOSE-DAG: "-fsycl-host-only"
// VERBOSE-DAG: clang version 22
// EMBED: producer sycl
#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> visible{1};
const char *id_of_visible() { return sycl::detail::get_spec_constant_symbolic_ID<visible>(); }
