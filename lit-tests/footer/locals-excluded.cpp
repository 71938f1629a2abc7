// footer.md §1.3 rows 5/6 / §6.6: automatic variables, function-local statics and thread_locals
// (in plain, inline, member and template functions and in lambdas) are never in the footer.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

sycl::specialization_id<int> kept;

void func() {
  sycl::specialization_id<int> local;
  static sycl::specialization_id<int> func_static;
  static constexpr sycl::specialization_id local_constexpr{1};
  thread_local sycl::specialization_id<int> tl;
  auto l = [] {
    static sycl::specialization_id<int> in_lambda;
    return &in_lambda;
  };
  (void)l;
}
inline void inl() { static sycl::specialization_id<int> inline_static; }
template <typename T> void tf() { static sycl::specialization_id<T> tmpl_static; }
template void tf<float>();
struct M {
  void m() { static sycl::specialization_id<int> member_fn_static; }
};

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::kept>() {
// CHECK-NEXT:  return "_Z4kept";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
