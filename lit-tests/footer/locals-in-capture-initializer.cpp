// footer.md §1.3: function-local statics are not footer entries, also where libclang reports
// them oddly: inside a lambda's init-capture and inside the initialiser of a by-copy capture,
// libclang hands the visitor children of nodes it never reported itself. Only the
// namespace-scope `g` qualifies.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h

#include "sycl.hpp"

constexpr sycl::specialization_id<int> g{7};

struct Copyable {
  int v;
};

int use_locals() {
  Copyable c{1};
  auto with_init_capture = [x = [] {
    static constexpr sycl::specialization_id<int> in_init_capture{1};
    return 2;
  }()] { return x; };
  auto by_copy = [c] {
    static constexpr sycl::specialization_id<int> in_by_copy_lambda{3};
    return c.v;
  };
  return with_init_capture() + by_copy();
}

// CHECK: get_spec_constant_symbolic_ID_impl<::g>()
// CHECK-NOT: in_init_capture
// CHECK-NOT: in_by_copy_lambda
// COUNT: {{^}}1{{$}}
