// footer.md §1.1 / issue §2: only `specialization_id` of namespace sycl (sycl::_V1) counts. Class
// templates of the same name globally, in another namespace, in a nested namespace called
// `sycl`, or in sycl::_V1::detail are look-alikes and excluded.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

template <typename T> struct specialization_id {
  constexpr specialization_id(T) {}
};
namespace mine {
template <typename T> struct specialization_id {
  constexpr specialization_id(T) {}
};
namespace sycl {
template <typename T> struct specialization_id {
  constexpr specialization_id(T) {}
};
} // namespace sycl
} // namespace mine
namespace sycl {
inline namespace _V1 {
namespace detail {
template <typename T> struct specialization_id {
  constexpr specialization_id(T) {}
};
} // namespace detail
} // namespace _V1
} // namespace sycl

constexpr specialization_id<int> g1{1};
constexpr mine::specialization_id<int> g2{2};
constexpr mine::sycl::specialization_id<int> g3{3};
constexpr sycl::detail::specialization_id<int> g4{4};
mine::specialization_id<int> g5{5};
constexpr sycl::specialization_id real{6};

// CHECK-NOT:{{.}}
// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::real>() {
// CHECK-NEXT:  return "P____ZL4real";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-NOT:{{[[:space:]].|[[:space:]][[:space:]]}}
