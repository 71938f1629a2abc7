// examples/convolution.cpp on the real Intel headers. `coeff_id` is a namespace-scope
// `constexpr` variable: internal linkage, so its ID is PREFIX + "___" + `_ZL8coeff_id`
// (footer.md §2.2, §6.1) and its TARGET is `::coeff_id` (§4.3).
// Without the footer the host object needs get_spec_constant_symbolic_ID<coeff_id>() from
// elsewhere (footer.md §4.8); with it appended the object defines it and the ID string.
// REQUIRES: intel-sycl-headers
//
// Exact text with an explicit prefix (the flags are the TU's compile flags, driver SYCL flags
// included: the tool must turn them into a host parse).
// RUN: %sycl-footer %S/../../examples/convolution.cpp --unique-prefix P -- -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include > %t.P.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.P.h
//
// Default (deterministic) prefix: `uid` + 16 lowercase hex digits (footer.md §3.3).
// RUN: %sycl-footer %S/../../examples/convolution.cpp -o %t.footer.h -- -std=c++17 -isystem %intel_include
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.footer.h
//
// Control: the example alone leaves the symbol undefined.
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %S/../../examples/convolution.cpp -o %t.nofooter.o
// RUN: llvm-nm-22 -C --undefined-only %t.nofooter.o | FileCheck %s --check-prefix=CONTROL
//
// Source + footer: no undefined get_spec_constant_symbolic_ID left, the wrapper and the _impl
// specialization are defined, and the ID string is in the object.
// RUN: cat %S/../../examples/convolution.cpp %t.footer.h > %t.full.cpp
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %t.full.cpp -o %t.o
// RUN: llvm-nm-22 -C --undefined-only %t.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm-22 -C --defined-only %t.o | FileCheck %s --check-prefix=DEF
// RUN: llvm-strings-22 %t.o | FileCheck %s --check-prefix=STR

// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::coeff_id>() {
// CHECK-NEXT:  return "P____ZL8coeff_id";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-EMPTY:
// CHECK-NOT:{{.}}

// DEFAULT: get_spec_constant_symbolic_ID_impl<::coeff_id>() {
// DEFAULT-NEXT: return "{{uid[0-9a-f]{16}____ZL8coeff_id}}";

// CONTROL: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID<coeff_id>()

// UNDEF-NOT: get_spec_constant_symbolic_ID

// DEF-DAG: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID<coeff_id>()
// DEF-DAG: char const* sycl::_V1::detail::get_spec_constant_symbolic_ID_impl<coeff_id>()

// STR: {{^uid[0-9a-f]{16}____ZL8coeff_id$}}
