// footer.md §5A: `Foo::X` and `Foo::Bar::X` with `Bar` inline. `::Foo::Bar::X` names the inner
// one (Bar is kept because the lookup of X in Foo is ambiguous), but after `Bar` is declared no
// qualified or unqualified name reaches `Foo::X`: the tool warns, clang-style, and leaves it out
// so the footer stays valid C++.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h 2> %t.err
// RUN: FileCheck %s --input-file=%t.h
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h

#include "sycl.hpp"

namespace Foo {
sycl::specialization_id<int> X;
inline namespace Bar {
sycl::specialization_id<int> X;
}
} // namespace Foo

// CHECK-NOT: _ZN3Foo1XE
// CHECK: get_spec_constant_symbolic_ID_impl<::Foo::Bar::X>() {
// CHECK-NEXT: return "_ZN3Foo3Bar1XE";
// CHECK-NOT: _ZN3Foo1XE
// WARN: dpcpp-invalid-inline-ambiguous.cpp:13:30: warning: specialization id 'Foo::X' cannot be named from the integration footer
