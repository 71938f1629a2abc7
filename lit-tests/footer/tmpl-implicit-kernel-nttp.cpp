// footer.md §6.4 rows S3<1>/S3<2> and the issue: class-template members with a non-type template
// argument, instantiated only by their use as a template argument inside a kernel lambda that
// takes a kernel_handler. Relative order of implicit instantiations is unspecified.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::S3<1>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=ONE
// RUN: grep -F -B4 -A5 '<::S3<2>::a>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=TWO
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <int N> struct S3 {
  static constexpr sycl::specialization_id<int> a{N};
};

void submit(sycl::queue &q) {
  q.submit([&](sycl::handler &h) {
    h.single_task<class KernelS3>([=](sycl::kernel_handler kh) {
      (void)kh.get_specialization_constant<S3<1>::a>();
      (void)kh.get_specialization_constant<S3<2>::a>();
    });
  });
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// ONE:namespace sycl {
// ONE-NEXT:inline namespace _V1 {
// ONE-NEXT:namespace detail {
// ONE-NEXT:template<>
// ONE-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::S3<1>::a>() {
// ONE-NEXT:  return "_ZN2S3ILi1EE1aE";
// ONE-NEXT:}
// ONE-NEXT:} // namespace detail
// ONE-NEXT:} // namespace _V1
// ONE-NEXT:} // namespace sycl
// TWO:namespace sycl {
// TWO-NEXT:inline namespace _V1 {
// TWO-NEXT:namespace detail {
// TWO-NEXT:template<>
// TWO-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::S3<2>::a>() {
// TWO-NEXT:  return "_ZN2S3ILi2EE1aE";
// TWO-NEXT:}
// TWO-NEXT:} // namespace detail
// TWO-NEXT:} // namespace _V1
// TWO-NEXT:} // namespace sycl
// COUNT:{{^}}2{{$}}
