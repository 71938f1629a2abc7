// README / footer.md §4: v3 is the default layout; `--style v3` gives the same bytes, and the
// style does not change an empty footer (0 bytes in every layout, §4.6).
// RUN: rm -rf %t && mkdir %t
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t/default.h
// RUN: %sycl-footer %s --style v3 --unique-prefix P -- %mockflags > %t/v3.h
// RUN: diff %t/default.h %t/v3.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t/v3.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t/v3.h
// RUN: echo '#include "sycl.hpp"' > %t/empty.cpp
// RUN: %sycl-footer %t/empty.cpp --style v1 -- %mockflags > %t/e1.h
// RUN: %sycl-footer %t/empty.cpp --style v2 -- %mockflags > %t/e2.h
// RUN: wc -c < %t/e1.h | FileCheck %s --check-prefix=ZERO
// RUN: wc -c < %t/e2.h | FileCheck %s --check-prefix=ZERO

#include "sycl.hpp"

namespace Foo {
constexpr sycl::specialization_id v{1};
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::v>() {
// CHECK-NEXT:  return "P____ZN3FooL1vE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// ZERO: {{^ *0$}}
