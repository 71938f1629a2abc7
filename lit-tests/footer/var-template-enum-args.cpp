// footer.md §4.3: variable-template specializations with enumeration arguments. clang prints an
// argument that has an enumerator as that enumerator, qualified by the enumeration's scopes and,
// for scoped enumerations, by the enumeration (`ns::Green`, `ns::Mode::Off`; the first
// enumerator when several share the value), as in its diagnostics for the same
// specializations. Two departures keep the footer compilable: a value without an enumerator
// keeps a cast (clang prints the bare number, which does not convert back), and an enumerator
// of an anonymous namespace is named without it (clang: `(anonymous namespace)::HB`).
// (An enumeration that is also an earlier argument, `v<ns::Color, ns::Red>`, is mangled with a
// substitution; check_footer_ids cannot compare those, so the demangler's unit test covers it.)
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

enum G { GA, GB };
namespace ns {
enum Color { Red, Green };
enum class Mode : short { On = 3, Off = -1 };
struct H {
  enum In { X = 7 };
  enum class Sc { Y };
};
enum Big : unsigned long long { Huge = 18446744073709551615ull };
enum Dup { First = 1, Second = 1 };
} // namespace ns
namespace {
enum Hidden { HA, HB };
}

template <G V> inline constexpr sycl::specialization_id<int> vg{1};
template <ns::Color V> inline constexpr sycl::specialization_id<int> vc{2};
template <ns::Mode V> inline constexpr sycl::specialization_id<int> vm{3};
template <ns::H::In V> inline constexpr sycl::specialization_id<int> vh{4};
template <ns::H::Sc V> inline constexpr sycl::specialization_id<int> vs{5};
template <ns::Big V> inline constexpr sycl::specialization_id<int> vb{6};
template <ns::Dup V> inline constexpr sycl::specialization_id<int> vd{7};
template <Hidden V> inline constexpr sycl::specialization_id<int> vx{9};

void use(sycl::handler &h) {
  h.set_specialization_constant<vg<GB>>(1);
  h.set_specialization_constant<vc<ns::Green>>(1);
  h.set_specialization_constant<vm<ns::Mode::Off>>(1);
  h.set_specialization_constant<vm<(ns::Mode)5>>(1);
  h.set_specialization_constant<vh<ns::H::X>>(1);
  h.set_specialization_constant<vs<ns::H::Sc::Y>>(1);
  h.set_specialization_constant<vb<ns::Huge>>(1);
  h.set_specialization_constant<vd<ns::Second>>(1);
  h.set_specialization_constant<vx<HB>>(1);
}

// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vg<GB>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vc<ns::Green>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vm<ns::Mode::Off>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vm<(ns::Mode)5>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vh<ns::H::X>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vs<ns::H::Sc::Y>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vb<ns::Huge>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vd<ns::First>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::vx<HB>>() {
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// COUNT:{{^}}9{{$}}
