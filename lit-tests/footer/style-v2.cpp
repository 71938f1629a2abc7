// footer.md §5.2/§5.3: the v2 layout (`--style v2`): first line includes
// <CL/sycl/detail/defines_elementary.hpp>, `__SYCL_INLINE_NAMESPACE(cl)` wrapper around
// `get_spec_constant_symbolic_ID_impl`, shims `__shim_N`, final include from CL/.
// RUN: %sycl-footer %s --style v2 --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -include %s -x c++ %t.h -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=IDS --match-full-lines

#include <CL/sycl.hpp>
#include <cstdio>

constexpr sycl::specialization_id b{2};
sycl::specialization_id<int> GlobalSpecID;
namespace {
constexpr sycl::specialization_id c{3};
}

// Like the runtime's own callers, ask for the ID from a template: its instantiation (at the end of
// the TU) comes after the footer's explicit specializations.
template <auto &S> void print() { std::printf("%s\n", sycl::detail::get_spec_constant_symbolic_ID<S>()); }

int main() {
  print<b>();
  print<GlobalSpecID>();
  print<c>();
}

// CHECK-NOT:{{.}}
// CHECK:#include <CL/sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:__SYCL_INLINE_NAMESPACE(cl) {
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::b>() {
// CHECK-NEXT:{{ *}}return "P____ZL1b";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:} // __SYCL_INLINE_NAMESPACE(cl)
// CHECK-NEXT:__SYCL_INLINE_NAMESPACE(cl) {
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::GlobalSpecID>() {
// CHECK-NEXT:{{ *}}return "_Z12GlobalSpecID";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:} // __SYCL_INLINE_NAMESPACE(cl)
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(c) &__shim_0() {
// CHECK-NEXT:{{ *}}return c;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace{{ }}
// CHECK-NEXT:__SYCL_INLINE_NAMESPACE(cl) {
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail::__shim_0()>() {
// CHECK-NEXT:{{ *}}return "P____ZN12_GLOBAL__N_11cE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:} // __SYCL_INLINE_NAMESPACE(cl)
// CHECK-NEXT:#include <CL/sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// IDS:P____ZL1b
// IDS-NEXT:_Z12GlobalSpecID
// IDS-NEXT:P____ZN12_GLOBAL__N_11cE
