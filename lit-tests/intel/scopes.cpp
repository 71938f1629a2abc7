// Every non-template scope a spec id can live in, on the real Intel headers, all used from one
// kernel that takes a kernel_handler: global (external, `static constexpr`, `inline
// constexpr`), a named namespace (external and `constexpr` = internal with `L`), an inline
// namespace (dropped from TARGET because not ambiguous, kept in the mangling), a static member
// in it, an anonymous namespace in a named one (variable and static member of a class: shims 0
// and 1) and a named namespace in a global anonymous one (shim 2). An `extern` declaration
// without definition is left out. Expected text: footer.md §2.2, §4.2–§4.4, §6.1–§6.6.
// REQUIRES: intel-sycl-headers
//
// RUN: %sycl-footer %s --unique-prefix P -o %t.footer.h -- -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.footer.h
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %s -o %t.nofooter.o
// RUN: llvm-nm-22 -C --undefined-only %t.nofooter.o | FileCheck %s --check-prefix=CONTROL
// RUN: cat %s %t.footer.h > %t.full.cpp
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %t.full.cpp -o %t.o
// RUN: llvm-nm-22 -C --undefined-only %t.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm-22 -C --defined-only %t.o | FileCheck %s --check-prefix=DEF

#include <sycl/sycl.hpp>

sycl::specialization_id<int> GlobalSpecID;
static constexpr sycl::specialization_id<int> st_id{4};
inline constexpr sycl::specialization_id<short> inl_id{3};
extern sycl::specialization_id<long> ext_only;

namespace Foo {
sycl::specialization_id<int> NSSpecID;
constexpr sycl::specialization_id<float> scale{2.0f};
inline namespace Bar {
sycl::specialization_id<int> InlineNSSpecID;
struct Wrapper {
  static constexpr sycl::specialization_id<double> factor{0.5};
};
} // namespace Bar
namespace {
constexpr sycl::specialization_id<int> hidden{7};
struct Local {
  static constexpr sycl::specialization_id<unsigned> m{1u};
};
} // namespace
} // namespace Foo

namespace {
namespace inner {
constexpr sycl::specialization_id<char> same_name{'a'};
}
} // namespace
namespace outer {
constexpr sycl::specialization_id<char> same_name{'b'};
}

void run(sycl::queue &q, sycl::buffer<double, 1> &out) {
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor acc{out, cgh, sycl::write_only};
    cgh.set_specialization_constant<GlobalSpecID>(1);
    cgh.set_specialization_constant<st_id>(2);
    cgh.set_specialization_constant<inl_id>(3);
    cgh.set_specialization_constant<Foo::NSSpecID>(4);
    cgh.set_specialization_constant<Foo::scale>(5.0f);
    cgh.set_specialization_constant<Foo::InlineNSSpecID>(6);
    cgh.set_specialization_constant<Foo::Wrapper::factor>(7.0);
    cgh.set_specialization_constant<Foo::hidden>(8);
    cgh.set_specialization_constant<Foo::Local::m>(9u);
    cgh.set_specialization_constant<inner::same_name>('c');
    cgh.set_specialization_constant<outer::same_name>('d');
    cgh.single_task<class ScopesKernel>([=](sycl::kernel_handler kh) {
      acc[0] = kh.get_specialization_constant<GlobalSpecID>() +
               kh.get_specialization_constant<st_id>() +
               kh.get_specialization_constant<inl_id>() +
               kh.get_specialization_constant<Foo::NSSpecID>() +
               kh.get_specialization_constant<Foo::scale>() +
               kh.get_specialization_constant<Foo::InlineNSSpecID>() +
               kh.get_specialization_constant<Foo::Wrapper::factor>() +
               kh.get_specialization_constant<Foo::hidden>() +
               kh.get_specialization_constant<Foo::Local::m>() +
               kh.get_specialization_constant<inner::same_name>() +
               kh.get_specialization_constant<outer::same_name>();
    });
  });
}

// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::GlobalSpecID>() {
// CHECK-NEXT:  return "_Z12GlobalSpecID";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::st_id>() {
// CHECK-NEXT:  return "P____ZL5st_id";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::inl_id>() {
// CHECK-NEXT:  return "_Z6inl_id";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::NSSpecID>() {
// CHECK-NEXT:  return "_ZN3Foo8NSSpecIDE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::scale>() {
// CHECK-NEXT:  return "P____ZN3FooL5scaleE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::InlineNSSpecID>() {
// CHECK-NEXT:  return "_ZN3Foo3Bar14InlineNSSpecIDE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::Wrapper::factor>() {
// CHECK-NEXT:  return "_ZN3Foo3Bar7Wrapper6factorE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace Foo {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(hidden) &__shim_0() {
// CHECK-NEXT:  return hidden;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace Foo
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::__sycl_detail::__shim_0()>() {
// CHECK-NEXT:  return "P____ZN3Foo12_GLOBAL__N_16hiddenE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace Foo {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(Local::m) &__shim_1() {
// CHECK-NEXT:  return Local::m;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace Foo
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Foo::__sycl_detail::__shim_1()>() {
// CHECK-NEXT:  return "P____ZN3Foo12_GLOBAL__N_15Local1mE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::same_name) &__shim_2() {
// CHECK-NEXT:  return inner::same_name;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail::__shim_2()>() {
// CHECK-NEXT:  return "P____ZN12_GLOBAL__N_15inner9same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::same_name>() {
// CHECK-NEXT:  return "P____ZN5outerL9same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-EMPTY:
// CHECK-NOT:{{.}}

// CONTROL-DAG: get_spec_constant_symbolic_ID<GlobalSpecID>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<st_id>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<inl_id>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Foo::NSSpecID>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Foo::scale>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Foo::Bar::InlineNSSpecID>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Foo::Bar::Wrapper::factor>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Foo::(anonymous namespace)::hidden>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Foo::(anonymous namespace)::Local::m>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<(anonymous namespace)::inner::same_name>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<outer::same_name>()

// UNDEF-NOT: get_spec_constant_symbolic_ID

// DEF-DAG: get_spec_constant_symbolic_ID<GlobalSpecID>()
// DEF-DAG: get_spec_constant_symbolic_ID<Foo::(anonymous namespace)::Local::m>()
// DEF-DAG: get_spec_constant_symbolic_ID<(anonymous namespace)::inner::same_name>()
// DEF-DAG: get_spec_constant_symbolic_ID<outer::same_name>()
