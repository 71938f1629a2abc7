// Issue 11 §2: class template specializations in footer targets are named as DPC++'s
// getNameForDiagnostic names them: canonical arguments against the template's parameter list,
// an integral argument with a type suffix only when its parameter's type is deduced. The
// explicit instantiations below write their arguments with suffixes (4u, 4ul, -4ll). clang's
// own diagnostics (the DIAG run) apply the same rule to specializations that are not
// explicitly instantiated (for explicit ones its type printer shows the arguments as written,
// where getNameForDiagnostic does not).
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: not %clangxx %mockflags -fsyntax-only -DDIAG %s 2>&1 | FileCheck --check-prefix=DIAG %s
#include "sycl.hpp"

template <unsigned L> struct Lanes { static constexpr sycl::specialization_id<int> id{1}; };
template <unsigned long L> struct Wide { static constexpr sycl::specialization_id<int> id{2}; };
template <long long L> struct Neg { static constexpr sycl::specialization_id<int> id{3}; };
template <auto A> struct Deduced { static constexpr sycl::specialization_id<int> id{4}; };
template <class T, T V> struct Typed { static constexpr sycl::specialization_id<int> id{5}; };
template <bool B> struct Flag { static constexpr sycl::specialization_id<int> id{6}; };

template struct Lanes<4u>;
template struct Wide<4ul>;
template struct Neg<-4ll>;
template struct Deduced<4u>;
template struct Typed<unsigned, 4u>;
template struct Flag<true>;

// Shims name the specialization the same way.
namespace {
template <unsigned L> struct Hidden { static constexpr sycl::specialization_id<int> id{7}; };
template struct Hidden<4u>;
} // namespace

// CHECK: get_spec_constant_symbolic_ID_impl<::Lanes<4>::id>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Wide<4>::id>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Neg<-4>::id>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Deduced<4U>::id>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Typed<unsigned int, 4>::id>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Flag<true>::id>()
// CHECK: static constexpr decltype(Hidden<4>::id) &__shim_0() {
// CHECK-NEXT: return Hidden<4>::id;

#ifdef DIAG
int probe() {
  // DIAG: no member named 'x' in 'Lanes<5>'
  // DIAG: no member named 'x' in 'Wide<5>'
  // DIAG: no member named 'x' in 'Neg<-5>'
  // DIAG: no member named 'x' in 'Deduced<5U>'
  // DIAG: no member named 'x' in 'Typed<unsigned int, 5>'
  // DIAG: no member named 'x' in 'Flag<false>'
  return Lanes<5u>::x + Wide<5ul>::x + Neg<-5ll>::x + Deduced<5u>::x + Typed<unsigned, 5u>::x +
         Flag<false>::x;
}
#endif
