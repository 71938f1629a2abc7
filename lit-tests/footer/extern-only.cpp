// footer.md §1.3 row 7 / §6.6: `extern` declarations without a definition in this TU are not in
// the footer, even when used on the host: 0-byte footer.
// RUN: %sycl-footer %s --unique-prefix P -o %t.h -- %mockflags
// RUN: wc -c < %t.h | FileCheck %s

#include "sycl.hpp"

extern sycl::specialization_id<int> X;
namespace ns {
extern const sycl::specialization_id<float> Y;
}

void use(sycl::handler &h) {
  h.set_specialization_constant<X>(1);
  h.set_specialization_constant<ns::Y>(1.0f);
}

// CHECK: {{^ *0$}}
