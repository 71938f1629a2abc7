// footer.md §4.4: the shims must return the variable they stand for. Links a program that asks
// the footer (through spec_const_integration.hpp's wrapper) for the ID of each variable of the
// §6.5 catalogue and prints them: a wrong TARGET gives a link error or a wrong string.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: %clangxx %mockflags -include %s -x c++ %t.h -o %t.exe
// RUN: %t.exe | FileCheck %s --match-full-lines

#include "sycl.hpp"
#include <cstdio>

namespace {
constexpr sycl::specialization_id v1{1};
namespace inner {
constexpr sycl::specialization_id v2{2};
}
struct S2 {
  static constexpr sycl::specialization_id v3{3};
};
} // namespace
namespace outer {
namespace {
namespace inner {
namespace {
constexpr sycl::specialization_id v4{4};
}
} // namespace inner
} // namespace
} // namespace outer

template <auto &S> void print() { std::printf("%s\n", sycl::detail::get_spec_constant_symbolic_ID<S>()); }

int main() {
  print<v1>();
  print<inner::v2>();
  print<S2::v3>();
  print<outer::inner::v4>();
}

// CHECK:P____ZN12_GLOBAL__N_12v1E
// CHECK-NEXT:P____ZN12_GLOBAL__N_15inner2v2E
// CHECK-NEXT:P____ZN12_GLOBAL__N_12S22v3E
// CHECK-NEXT:P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_12v4E
