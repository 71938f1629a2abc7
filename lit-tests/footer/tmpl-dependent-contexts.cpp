// footer.md §1.2: spec ids named only in dependent contexts, collected when the context is
// instantiated: static members and static member variable templates of class templates
// (class-type, builtin and non-type arguments; nested templates, whose manglings use
// substitutions check_footer_ids.py cannot follow, are in exec/template-spec-ids.cpp), member variable templates of
// a plain class, namespace-scope variable templates, a class template in an anonymous
// namespace, spec ids passed as `auto &` and `const specialization_id<int> &` template
// arguments through other function templates, a generic lambda called with a concrete type,
// and kernels in function templates. Naming a member (or member variable template) of a class
// template specialization instantiates the class, so its other static members (holder<Five>::sc,
// holder<char>::sc) are collected too. The IDs are checked against clang's own manglings.
// Relative order of implicit instantiations is unspecified.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: grep -F -B4 -A5 '<::holder<Tag>::sc>() {' %t.h | FileCheck %s --match-full-lines --strict-whitespace --check-prefix=TAG
// RUN: grep -F -A1 '<::holder<int>::sc>() {' %t.h | FileCheck %s --check-prefix=INT
// RUN: grep -F -A1 '<::holder<Tag>::vt<2>>() {' %t.h | FileCheck %s --check-prefix=VT
// RUN: grep -F -A1 '<::Plain::m<double>>() {' %t.h | FileCheck %s --check-prefix=PLAIN
// RUN: grep -F -A1 '<::nsvt<Tag>>() {' %t.h | FileCheck %s --check-prefix=NSVT
// RUN: grep -F -A1 '<::holder<Five>::vt<5>>() {' %t.h | FileCheck %s --check-prefix=BYREF
// RUN: grep -F -A1 '<::Sized<8>::sc>() {' %t.h | FileCheck %s --check-prefix=CREF
// RUN: grep -F -A1 '<::holder<float>::sc>() {' %t.h | FileCheck %s --check-prefix=GENERIC
// RUN: grep -F -A1 '<::holder<char>::vt<3>>() {' %t.h | FileCheck %s --check-prefix=KERNEL
// RUN: grep -F -A1 '<::holder<Five>::sc>() {' %t.h | FileCheck %s --check-prefix=CLASS
// RUN: grep -F -A1 '__shim_' %t.h | FileCheck %s --check-prefix=ANON
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

struct Tag {};
struct Five {
  static constexpr int value = 5;
};
template <typename T> struct holder {
  static constexpr sycl::specialization_id<int> sc{7};
  template <int N> static constexpr sycl::specialization_id<int> vt{N};
};
struct Plain {
  template <typename T> static constexpr sycl::specialization_id<T> m{};
};
template <typename T> constexpr sycl::specialization_id<int> nsvt{1};
template <int N> struct Sized {
  static constexpr sycl::specialization_id<int> sc{N};
};
namespace {
template <int N> struct Hidden {
  static constexpr sycl::specialization_id<int> sc{N};
};
} // namespace

template <typename T> void set_all(sycl::handler &h) {
  h.set_specialization_constant<holder<T>::sc>(1);
  h.set_specialization_constant<holder<T>::template vt<2>>(2);
  h.set_specialization_constant<Plain::m<double>>(4.0);
  h.set_specialization_constant<nsvt<T>>(5);
  h.set_specialization_constant<Hidden<sizeof(T) + 3>::sc>(6);
}
template <auto &S> void set_one(sycl::handler &h) { h.set_specialization_constant<S>(7); }
template <typename T> void through(sycl::handler &h) {
  set_one<holder<T>::template vt<T::value>>(h);
}
template <const sycl::specialization_id<int> &S> void set_cref(sycl::handler &h) {
  h.set_specialization_constant<S>(8);
}
template <typename T> void launch(sycl::handler &h) {
  h.single_task([=](sycl::kernel_handler kh) {
    (void)kh.get_specialization_constant<holder<T>::template vt<3>>();
  });
}

void run(sycl::handler &h) {
  set_all<Tag>(h);
  set_all<int>(h);
  through<Five>(h);
  set_cref<Sized<8>::sc>(h);
  auto generic = [&](auto tag) { h.set_specialization_constant<holder<decltype(tag)>::sc>(9); };
  generic(1.0f);
  launch<char>(h);
}

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
// TAG:namespace sycl {
// TAG-NEXT:inline namespace _V1 {
// TAG-NEXT:namespace detail {
// TAG-NEXT:template<>
// TAG-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::holder<Tag>::sc>() {
// TAG-NEXT:  return "_ZN6holderI3TagE2scE";
// TAG-NEXT:}
// TAG-NEXT:} // namespace detail
// TAG-NEXT:} // namespace _V1
// TAG-NEXT:} // namespace sycl
// INT:  return "_ZN6holderIiE2scE";
// VT:  return "_ZN6holderI3TagE2vtILi2EEE";
// PLAIN:  return "_ZN5Plain1mIdEE";
// NSVT:  return "_Z4nsvtI3TagE";
// BYREF:  return "_ZN6holderI4FiveE2vtILi5EEE";
// CREF:  return "_ZN5SizedILi8EE2scE";
// GENERIC:  return "_ZN6holderIfE2scE";
// KERNEL:  return "_ZN6holderIcE2vtILi3EEE";
// CLASS:  return "_ZN6holderI4FiveE2scE";
// ANON-DAG:  return Hidden<4>::sc;
// ANON-DAG:  return Hidden<7>::sc;
// ANON-DAG:  return "P____ZN12_GLOBAL__N_16HiddenILi4EE2scE";
// ANON-DAG:  return "P____ZN12_GLOBAL__N_16HiddenILi7EE2scE";
// COUNT:{{^}}15{{$}}
