// footer.md §4.3/§6.4: non-type template arguments printed the clang way (`-1`, `true`) and
// mangled the Itanium way (`Lin1E`, `Lb1E`); members reached through a kernel functor's body.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::S3<-1>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=NEG
// RUN: grep -F -B4 -A5 '<::BW<true>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=BOOL
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <int N> struct S3 {
  static constexpr sycl::specialization_id<int> a{N};
};
template <bool V> struct BW {
  static constexpr sycl::specialization_id<bool> a{V};
};

struct Kernel {
  void operator()(sycl::kernel_handler kh) const {
    (void)kh.get_specialization_constant<S3<-1>::a>();
    (void)kh.get_specialization_constant<BW<true>::a>();
  }
};

void submit(sycl::handler &h) { h.single_task(Kernel{}); }

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// NEG:namespace sycl {
// NEG-NEXT:inline namespace _V1 {
// NEG-NEXT:namespace detail {
// NEG-NEXT:template<>
// NEG-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::S3<-1>::a>() {
// NEG-NEXT:  return "_ZN2S3ILin1EE1aE";
// NEG-NEXT:}
// NEG-NEXT:} // namespace detail
// NEG-NEXT:} // namespace _V1
// NEG-NEXT:} // namespace sycl
// BOOL:namespace sycl {
// BOOL-NEXT:inline namespace _V1 {
// BOOL-NEXT:namespace detail {
// BOOL-NEXT:template<>
// BOOL-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::BW<true>::a>() {
// BOOL-NEXT:  return "_ZN2BWILb1EE1aE";
// BOOL-NEXT:}
// BOOL-NEXT:} // namespace detail
// BOOL-NEXT:} // namespace _V1
// BOOL-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
