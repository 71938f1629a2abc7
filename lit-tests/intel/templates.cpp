// Templates on the real Intel headers: an explicitly instantiated class template member, an
// explicit specialization of a variable template, a spec id declared through an alias type, an
// explicit instantiation inside an inline namespace (dropped from TARGET), and four implicit
// instantiations reached only from uses: a class template member named only inside the kernel
// (never on the host), a variable template specialization, a member variable template, and an
// out-of-line defined static member of a namespace's class template. An uninstantiated
// template contributes nothing. footer.md §1.2, §1.4, §4.3, §6.2–§6.4: declared entries in
// declaration order (explicit instantiations where written), implicit ones after them (their
// relative order is not checked).
// REQUIRES: intel-sycl-headers
//
// Host compile first (footer appended), then the footer text.
// RUN: %sycl-footer %s --unique-prefix P -o %t.footer.h -- -std=c++17 -isystem %intel_include
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %s -o %t.nofooter.o
// RUN: llvm-nm-22 -C --undefined-only %t.nofooter.o | FileCheck %s --check-prefix=CONTROL
// RUN: cat %s %t.footer.h > %t.full.cpp
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %t.full.cpp -o %t.o
// RUN: llvm-nm-22 -C --undefined-only %t.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm-22 -C --defined-only %t.o | FileCheck %s --check-prefix=DEF
// RUN: FileCheck %s --match-full-lines --strict-whitespace --check-prefix=IMPL1 --input-file=%t.footer.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --check-prefix=IMPL2 --input-file=%t.footer.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --check-prefix=IMPL3 --input-file=%t.footer.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --check-prefix=IMPL4 --input-file=%t.footer.h
// RUN: grep -c 'get_spec_constant_symbolic_ID_impl<' %t.footer.h | FileCheck %s --check-prefix=COUNT
// Order (footer.md §1.4, project rule): declared entries, explicit instantiations where
// written, then the implicit instantiations.
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.footer.h

#include <sycl/sycl.hpp>

template <typename T> struct Params {
  static constexpr sycl::specialization_id<T> value{T(1)};
};
template struct Params<double>;

template <int N> struct Tap {
  static constexpr sycl::specialization_id<int> weight{N};
};

template <typename T> inline constexpr sycl::specialization_id<T> var_id{T(2)};
template <> inline constexpr sycl::specialization_id<char> var_id<char>{'x'};

struct Holder {
  template <int N> static constexpr sycl::specialization_id<int> sc{N};
};

using int_id = sycl::specialization_id<int>;
constexpr int_id via_alias{5};

namespace lib {
template <typename T> struct Cfg {
  static const sycl::specialization_id<T> id;
};
template <typename T> const sycl::specialization_id<T> Cfg<T>::id{T(3)};
} // namespace lib

namespace v {
inline namespace v2 {
template <typename T> struct Opt {
  static constexpr sycl::specialization_id<T> on{};
};
} // namespace v2
} // namespace v
template struct v::Opt<bool>;

template <typename T> struct Unused {
  static constexpr sycl::specialization_id<T> never{};
};

void run(sycl::queue &q, sycl::buffer<double, 1> &out) {
  q.submit([&](sycl::handler &cgh) {
    sycl::accessor acc{out, cgh, sycl::write_only};
    cgh.set_specialization_constant<Params<double>::value>(1.5);
    cgh.set_specialization_constant<var_id<char>>('y');
    cgh.set_specialization_constant<var_id<float>>(2.5f);
    cgh.set_specialization_constant<Holder::sc<20>>(21);
    cgh.set_specialization_constant<via_alias>(6);
    cgh.set_specialization_constant<lib::Cfg<long>::id>(4L);
    cgh.set_specialization_constant<v::Opt<bool>::on>(true);
    cgh.single_task<class TemplatesKernel>([=](sycl::kernel_handler kh) {
      acc[0] = kh.get_specialization_constant<Params<double>::value>() +
               kh.get_specialization_constant<Tap<3>::weight>() +
               kh.get_specialization_constant<var_id<char>>() +
               kh.get_specialization_constant<var_id<float>>() +
               kh.get_specialization_constant<Holder::sc<20>>() +
               kh.get_specialization_constant<via_alias>() +
               kh.get_specialization_constant<lib::Cfg<long>::id>() +
               (kh.get_specialization_constant<v::Opt<bool>::on>() ? 1 : 0);
    });
  });
}

// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::Params<double>::value>() {
// CHECK-NEXT:  return "_ZN6ParamsIdE5valueE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::var_id<char>>() {
// CHECK-NEXT:  return "_Z6var_idIcE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::via_alias>() {
// CHECK-NEXT:  return "P____ZL9via_alias";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::v::Opt<bool>::on>() {
// CHECK-NEXT:  return "_ZN1v2v23OptIbE2onE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::Tap<3>::weight>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::var_id<float>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::Holder::sc<20>>() {
// CHECK-DAG:inline const char *get_spec_constant_symbolic_ID_impl<::lib::Cfg<long>::id>() {
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-EMPTY:
// CHECK-NOT:{{.}}

// IMPL1:inline const char *get_spec_constant_symbolic_ID_impl<::Tap<3>::weight>() {
// IMPL1-NEXT:  return "_ZN3TapILi3EE6weightE";

// IMPL2:inline const char *get_spec_constant_symbolic_ID_impl<::var_id<float>>() {
// IMPL2-NEXT:  return "_Z6var_idIfE";

// IMPL3:inline const char *get_spec_constant_symbolic_ID_impl<::Holder::sc<20>>() {
// IMPL3-NEXT:  return "_ZN6Holder2scILi20EEE";

// IMPL4:inline const char *get_spec_constant_symbolic_ID_impl<::lib::Cfg<long>::id>() {
// IMPL4-NEXT:  return "_ZN3lib3CfgIlE2idE";

// COUNT: {{^8$}}

// Tap<3>::weight is only read in the kernel: the host never asks for its ID.
// CONTROL-DAG: get_spec_constant_symbolic_ID<Params<double>::value>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<var_id<char>>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<var_id<float>>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<Holder::sc<20>>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<via_alias>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<lib::Cfg<long>::id>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<v::v2::Opt<bool>::on>()

// UNDEF-NOT: get_spec_constant_symbolic_ID

// DEF-DAG: get_spec_constant_symbolic_ID<Params<double>::value>()
// DEF-DAG: get_spec_constant_symbolic_ID<var_id<float>>()
// DEF-DAG: get_spec_constant_symbolic_ID<Holder::sc<20>>()
// DEF-DAG: get_spec_constant_symbolic_ID<lib::Cfg<long>::id>()
// DEF-DAG: get_spec_constant_symbolic_ID<v::v2::Opt<bool>::on>()
