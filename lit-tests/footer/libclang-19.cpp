// The front end also runs on libclang 19 (chosen at run time through LIBCLANG_PATH) and gives
// the same footer as with libclang 22, including class template specializations, whose names
// libclang 19 cannot pretty-print with a policy.
// REQUIRES: libclang-19
// RUN: env LIBCLANG_PATH=/usr/lib/llvm-19/lib %sycl-footer %s --unique-prefix P -- %mockflags > %t.19.h
// RUN: env LIBCLANG_PATH=/usr/lib/llvm-22/lib %sycl-footer %s --unique-prefix P -- %mockflags > %t.22.h
// RUN: diff %t.19.h %t.22.h
// RUN: FileCheck %s --input-file=%t.19.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.19.h

#include "sycl.hpp"

template <typename T, int N> struct Holder {
  static constexpr sycl::specialization_id<T> id{N};
};
namespace ns {
constexpr sycl::specialization_id<float> scale{1.5f};
}

void use(sycl::handler &h) { h.set_specialization_constant<Holder<short, 4>::id>(2); }

// CHECK: get_spec_constant_symbolic_ID_impl<::ns::scale>() {
// CHECK-NEXT:   return "P____ZN2nsL5scaleE";
// CHECK: get_spec_constant_symbolic_ID_impl<::Holder<short, 4>::id>() {
// CHECK-NEXT:   return "_ZN6HolderIsLi4EE2idE";
