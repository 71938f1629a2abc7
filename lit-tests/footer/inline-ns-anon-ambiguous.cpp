// footer.md §5A bullet 3: anonymous namespaces both in `outer` and in its inline child `inner`.
// DPC++'s TARGET ::outer::__sycl_detail::__shim_0() is ambiguous there (both __sycl_detail
// namespaces are visible from outer). The footer must compile, keep the IDs, and name the right
// variables: the program links and prints the IDs of outer::a and outer::b.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -include %s -x c++ %t.h -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=IDS --match-full-lines
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"
#include <cstdio>

namespace outer {
namespace {
constexpr sycl::specialization_id a{1};
}
inline namespace inner {
namespace {
constexpr sycl::specialization_id b{2};
}
} // namespace inner
} // namespace outer

int main() {
  std::printf("%s\n", sycl::detail::get_spec_constant_symbolic_ID<outer::a>());
  std::printf("%s\n", sycl::detail::get_spec_constant_symbolic_ID<outer::b>());
}

// CHECK-DAG: return "P____ZN5outer12_GLOBAL__N_11aE";
// CHECK-DAG: return "P____ZN5outer5inner12_GLOBAL__N_11bE";
// IDS:P____ZN5outer12_GLOBAL__N_11aE
// IDS-NEXT:P____ZN5outer5inner12_GLOBAL__N_11bE
