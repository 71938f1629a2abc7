// footer.md §5A bullet 2: an anonymous namespace directly inside another one. DPC++'s chained shim
// `__sycl_detail::__shim_0()` is ambiguous inside the outer anonymous namespace (both
// __sycl_detail namespaces are visible there). The footer must compile, keep the IDs and name
// the right variables: the program links and prints the IDs of x and y.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -include %s -x c++ %t.h -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=IDS --match-full-lines
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"
#include <cstdio>

namespace {
namespace {
constexpr sycl::specialization_id x{1};
}
constexpr sycl::specialization_id y{2};
} // namespace

int main() {
  std::printf("%s\n", sycl::detail::get_spec_constant_symbolic_ID<x>());
  std::printf("%s\n", sycl::detail::get_spec_constant_symbolic_ID<y>());
}

// CHECK-DAG: return "P____ZN12_GLOBAL__N_112_GLOBAL__N_11xE";
// CHECK-DAG: return "P____ZN12_GLOBAL__N_11yE";
// IDS:P____ZN12_GLOBAL__N_112_GLOBAL__N_11xE
// IDS-NEXT:P____ZN12_GLOBAL__N_11yE
