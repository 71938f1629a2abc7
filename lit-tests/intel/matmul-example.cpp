// examples/matmul.cpp on the real Intel headers: a block size in a named namespace declared
// `inline constexpr` (external linkage: ID is the plain mangled name, footer.md §2.2) and a
// scale in an anonymous namespace inside it (internal: prefixed ID without `L`, reached
// through shim 0 opened inside `namespace mxm { namespace {`, footer.md §4.4, §6.5). Both are
// used from a kernel inside a function template instantiated for float.
// REQUIRES: intel-sycl-headers
//
// RUN: %sycl-footer %S/../../examples/matmul.cpp --unique-prefix P -o %t.footer.h -- -std=c++17 -isystem %intel_include
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.footer.h
//
// Control: without the footer both wrappers are undefined.
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %S/../../examples/matmul.cpp -o %t.nofooter.o
// RUN: llvm-nm-22 -C --undefined-only %t.nofooter.o | FileCheck %s --check-prefix=CONTROL
//
// DPC++'s own way of checking a footer: the source pre-included, the footer as the main file.
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c -include %S/../../examples/matmul.cpp -x c++ %t.footer.h -o %t.o
// RUN: llvm-nm-22 -C --undefined-only %t.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm-22 -C --defined-only %t.o | FileCheck %s --check-prefix=DEF
// RUN: llvm-strings-22 %t.o | FileCheck %s --check-prefix=STR

// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::mxm::block_size>() {
// CHECK-NEXT:  return "_ZN3mxm10block_sizeE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace mxm {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(alpha) &__shim_0() {
// CHECK-NEXT:  return alpha;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace mxm
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::mxm::__sycl_detail::__shim_0()>() {
// CHECK-NEXT:  return "P____ZN3mxm12_GLOBAL__N_15alphaE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-EMPTY:
// CHECK-NOT:{{.}}

// CONTROL-DAG: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID<mxm::block_size>()
// CONTROL-DAG: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID<mxm::(anonymous namespace)::alpha>()

// UNDEF-NOT: get_spec_constant_symbolic_ID

// DEF-DAG: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID<mxm::block_size>()
// DEF-DAG: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID<mxm::(anonymous namespace)::alpha>()

// STR-DAG: {{^_ZN3mxm10block_sizeE$}}
// STR-DAG: {{^P____ZN3mxm12_GLOBAL__N_15alphaE$}}
