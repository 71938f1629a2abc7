// `extern const specialization_id<int> x{1};` is a definition with external linkage (footer.md
// §2.2: ID `_Z1x`, no prefix). DPC++ drops every variable with `extern` storage (§1.3 row 7),
// which leaves host uses of such a definition unresolved at link time; this tool keeps the
// definition and still drops a declaration-only `extern`.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h

#include "sycl.hpp"

extern const sycl::specialization_id<int> defined_extern{1};
extern const sycl::specialization_id<int> declared_only;
namespace ns {
extern const sycl::specialization_id<float> scaled{2.0f};
}

void use(sycl::handler &h) { h.set_specialization_constant<defined_extern>(2); }

// CHECK:inline const char *get_spec_constant_symbolic_ID_impl<::defined_extern>() {
// CHECK-NEXT:  return "_Z14defined_extern";
// CHECK:inline const char *get_spec_constant_symbolic_ID_impl<::ns::scaled>() {
// CHECK-NEXT:  return "_ZN2ns6scaledE";
// CHECK-NOT:declared_only
