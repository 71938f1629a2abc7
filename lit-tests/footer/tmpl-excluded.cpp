// footer.md §1.3 rows 2/3 and §6.4: uninstantiated primary templates, uninstantiated partial
// specializations (class and variable), uses inside uninstantiated function templates and
// pointers to never-completed specializations contribute nothing: a 0-byte footer.
// RUN: %sycl-footer %s --unique-prefix P -o %t.h -- %mockflags
// RUN: wc -c < %t.h | FileCheck %s

#include "sycl.hpp"

template <typename T> struct Primary {
  static constexpr sycl::specialization_id<T> a{};
};
template <typename T> struct Partial;
template <typename T> struct Partial<T *> {
  static constexpr sycl::specialization_id<int> a{1};
};
template <typename T> inline constexpr sycl::specialization_id<int> vp{0};
template <typename T> inline constexpr sycl::specialization_id<int> vp<T *>{1};
template <typename T> sycl::specialization_id<T> never_used;
template <typename T> void f(sycl::handler &h) {
  h.set_specialization_constant<Primary<T>::a>(T{});
  h.set_specialization_constant<vp<T *>>(1);
}
Primary<long> *not_instantiated = nullptr;

// CHECK: {{^ *0$}}
