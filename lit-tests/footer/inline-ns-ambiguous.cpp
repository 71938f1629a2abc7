// footer.md §6.2 row 2 and §5A bullet 1: Foo::NSSpecID and Foo::Bar::NSSpecID (Bar inline).
// The inline one keeps `Bar` in TARGET (lookup of NSSpecID in Foo is ambiguous), exactly as
// DPC++ prints it. DPC++ prints `::Foo::NSSpecID` for the other one, which does not compile (the
// qualified lookup is ambiguous); the project's footer must compile, and a spec id it cannot
// name must not disappear silently (a diagnostic naming it on stderr).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h 2> %t.err
// RUN: grep -F -B4 -A5 '<::Foo::Bar::NSSpecID>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=BAR
// RUN: FileCheck %s --input-file=%t.h --check-prefix=NOT-DPCXX
// RUN: FileCheck %s --input-file=%t.h --check-prefix=FRAME --match-full-lines
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: cat %t.err %t.h | FileCheck %s --check-prefix=OUTER
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

namespace Foo {
sycl::specialization_id<int> NSSpecID;
inline namespace Bar {
sycl::specialization_id<int> NSSpecID;
}
} // namespace Foo

// BAR:namespace sycl {
// BAR-NEXT:inline namespace _V1 {
// BAR-NEXT:namespace detail {
// BAR-NEXT:template<>
// BAR-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::Bar::NSSpecID>() {
// BAR-NEXT:  return "_ZN3Foo3Bar8NSSpecIDE";
// BAR-NEXT:}
// BAR-NEXT:} // namespace detail
// BAR-NEXT:} // namespace _V1
// BAR-NEXT:} // namespace sycl

// NOT-DPCXX-NOT: get_spec_constant_symbolic_ID_impl<::Foo::NSSpecID>
// FRAME:#include <sycl/detail/defines_elementary.hpp>
// FRAME:#include <sycl/detail/spec_const_integration.hpp>
// Foo::NSSpecID is either named some valid way (with its own ID) or reported.
// OUTER: {{_ZN3Foo8NSSpecIDE|warning: .*NSSpecID}}
