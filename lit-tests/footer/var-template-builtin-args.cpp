// footer.md §6.4: variable-template specializations with builtin type arguments and integral
// value arguments of every builtin kind. Their symbolic IDs are built from the arguments libclang
// spells in the specialization's USR (not by asking libclang's mangler); each ID is checked here
// against the symbol clang itself emits for the TARGET variable. Qualified, pointer and class
// arguments, `_Float16`/`__fp16` and 128-bit values take libclang's mangler: they are here too.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P

#include "sycl.hpp"

struct Cls {};

namespace ns {
template <typename T> inline constexpr sycl::specialization_id<int> t{1};
template <typename T, typename U> inline constexpr sycl::specialization_id<int> t2{2};
template <bool V> inline constexpr sycl::specialization_id<int> vb{3};
template <char V> inline constexpr sycl::specialization_id<int> vc{4};
template <signed char V> inline constexpr sycl::specialization_id<int> vsc{5};
template <unsigned char V> inline constexpr sycl::specialization_id<int> vuc{6};
template <short V> inline constexpr sycl::specialization_id<int> vs{7};
template <unsigned short V> inline constexpr sycl::specialization_id<int> vus{8};
template <int V> inline constexpr sycl::specialization_id<int> vi{9};
template <unsigned V> inline constexpr sycl::specialization_id<int> vu{10};
template <long V> inline constexpr sycl::specialization_id<int> vl{11};
template <unsigned long V> inline constexpr sycl::specialization_id<int> vul{12};
template <long long V> inline constexpr sycl::specialization_id<int> vll{13};
template <unsigned long long V> inline constexpr sycl::specialization_id<int> vull{14};
template <wchar_t V> inline constexpr sycl::specialization_id<int> vw{15};
template <char16_t V> inline constexpr sycl::specialization_id<int> v16{16};
template <char32_t V> inline constexpr sycl::specialization_id<int> v32{17};
template <__int128 V> inline constexpr sycl::specialization_id<int> vi128{18};
template <int V, typename T> static constexpr sycl::specialization_id<int> internal{19};
} // namespace ns

namespace {
template <typename T> constexpr sycl::specialization_id<int> anon{20};
}
template <typename T> inline constexpr sycl::specialization_id<int> global{21};

void use(sycl::handler &h) {
  h.set_specialization_constant<ns::t<void>>(1);
  h.set_specialization_constant<ns::t<bool>>(1);
  h.set_specialization_constant<ns::t<char>>(1);
  h.set_specialization_constant<ns::t<signed char>>(1);
  h.set_specialization_constant<ns::t<unsigned char>>(1);
  h.set_specialization_constant<ns::t<short>>(1);
  h.set_specialization_constant<ns::t<unsigned short>>(1);
  h.set_specialization_constant<ns::t<int>>(1);
  h.set_specialization_constant<ns::t<unsigned>>(1);
  h.set_specialization_constant<ns::t<long>>(1);
  h.set_specialization_constant<ns::t<unsigned long>>(1);
  h.set_specialization_constant<ns::t<long long>>(1);
  h.set_specialization_constant<ns::t<unsigned long long>>(1);
  h.set_specialization_constant<ns::t<__int128>>(1);
  h.set_specialization_constant<ns::t<unsigned __int128>>(1);
  h.set_specialization_constant<ns::t<float>>(1);
  h.set_specialization_constant<ns::t<double>>(1);
  h.set_specialization_constant<ns::t<long double>>(1);
  h.set_specialization_constant<ns::t<__float128>>(1);
  h.set_specialization_constant<ns::t<wchar_t>>(1);
  h.set_specialization_constant<ns::t<char16_t>>(1);
  h.set_specialization_constant<ns::t<char32_t>>(1);
  h.set_specialization_constant<ns::t<decltype(nullptr)>>(1);
  h.set_specialization_constant<ns::t<_Float16>>(1);
  h.set_specialization_constant<ns::t<__fp16>>(1);
  h.set_specialization_constant<ns::t<const int>>(1);
  h.set_specialization_constant<ns::t<int *>>(1);
  h.set_specialization_constant<ns::t<Cls>>(1);
  h.set_specialization_constant<ns::t2<int, double>>(1);
  h.set_specialization_constant<ns::vb<true>>(1);
  h.set_specialization_constant<ns::vb<false>>(1);
  h.set_specialization_constant<ns::vc<'a'>>(1);
  h.set_specialization_constant<ns::vc<(char)-56>>(1);
  h.set_specialization_constant<ns::vsc<-3>>(1);
  h.set_specialization_constant<ns::vuc<200>>(1);
  h.set_specialization_constant<ns::vs<-7>>(1);
  h.set_specialization_constant<ns::vus<9>>(1);
  h.set_specialization_constant<ns::vi<0>>(1);
  h.set_specialization_constant<ns::vi<-2147483647 - 1>>(1);
  h.set_specialization_constant<ns::vi<2147483647>>(1);
  h.set_specialization_constant<ns::vu<4294967295u>>(1);
  h.set_specialization_constant<ns::vl<-5>>(1);
  h.set_specialization_constant<ns::vul<7>>(1);
  h.set_specialization_constant<ns::vll<-5>>(1);
  h.set_specialization_constant<ns::vull<18446744073709551615ull>>(1);
  h.set_specialization_constant<ns::vw<L'x'>>(1);
  h.set_specialization_constant<ns::v16<u'z'>>(1);
  h.set_specialization_constant<ns::v32<U'w'>>(1);
  h.set_specialization_constant<ns::vi128<-3>>(1);
  h.set_specialization_constant<ns::internal<-1, long>>(1);
  h.set_specialization_constant<anon<int>>(1);
  h.set_specialization_constant<global<unsigned long long>>(1);
}

// Every specialization gets its entry, with clang's mangled name as ID (checked against the IR
// above); a few spelled out:
// CHECK-DAG:  return "_ZN2ns1tIvEE";
// CHECK-DAG:  return "_ZN2ns1tIDsEE";
// CHECK-DAG:  return "_ZN2ns2t2IidEE";
// CHECK-DAG:  return "_ZN2ns2vcILcn56EEE";
// CHECK-DAG:  return "_ZN2ns4vullILy18446744073709551615EEE";
// CHECK-DAG:  return "P____ZN2nsL8internalILin1ElEE";
// CHECK-DAG:  return "P____ZN12_GLOBAL__N_14anonIiEE";
// CHECK-DAG:  return "_Z6globalIyE";
// CHECK-DAG:get_spec_constant_symbolic_ID_impl<::ns::t<__fp16>>() {
// CHECK-DAG:get_spec_constant_symbolic_ID_impl<::ns::t<_Float16>>() {
// RUN: grep -c "^template<>$" %t.h | FileCheck %s --check-prefix=COUNT
// COUNT:{{^}}52{{$}}
