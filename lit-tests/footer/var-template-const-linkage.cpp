// footer.md §2.1 step 3: the prefix depends on clang's linkage. A `constexpr` (not inline)
// variable template has external linkage in clang (CWG 2387; clang emits it linkonce_odr as
// `_Z2vtIiE`), unlike a non-template constexpr variable: so no prefix and no `L`.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> constexpr sycl::specialization_id<T> vt{T{}};

void set(sycl::handler &h) { h.set_specialization_constant<vt<int>>(1); }

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::vt<int>>() {
// CHECK-NEXT:  return "_Z2vtIiE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// COUNT:{{^}}1{{$}}
