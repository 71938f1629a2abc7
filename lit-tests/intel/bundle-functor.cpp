// Host-side readers other than the handler (kernel_bundle set/get/has_specialization_constant
// also need get_spec_constant_symbolic_ID<S>, footer.md §4.8), a named functor kernel taking a
// kernel_handler, value types that are an enum and a class with a constexpr constructor, a
// `const` (not constexpr) namespace-scope id (internal), the same name at global and namespace
// scope (one entry each), and the nested anonymous-namespace chain of footer.md §4.4
// (outer::(anon)::inner::(anon)): shim 0 returns the variable, shim 1 returns shim 0's result.
// REQUIRES: intel-sycl-headers
//
// RUN: %sycl-footer %s --unique-prefix P -o %t.footer.h -- -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file=%t.footer.h
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c %s -o %t.nofooter.o
// RUN: llvm-nm-22 -C --undefined-only %t.nofooter.o | FileCheck %s --check-prefix=CONTROL
// RUN: %clangxx -std=c++17 -fsycl -fsycl-host-only -isystem %intel_include -c -include %s -x c++ %t.footer.h -o %t.o
// RUN: llvm-nm-22 -C --undefined-only %t.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm-22 -C --defined-only %t.o | FileCheck %s --check-prefix=DEF
// RUN: llvm-strings-22 %t.o | FileCheck %s --check-prefix=STR

#include <sycl/sycl.hpp>

enum class Mode : int { Fast, Accurate };
struct Point {
  constexpr Point(float x_, float y_) : x(x_), y(y_) {}
  float x, y;
};

constexpr sycl::specialization_id<int> same_name{1};

namespace app {
const sycl::specialization_id<Mode> mode{Mode::Fast};
struct Tuning {
  static constexpr sycl::specialization_id<Point> origin{1.0f, 2.0f};
};
constexpr sycl::specialization_id<int> same_name{2};
} // namespace app

namespace outer {
namespace {
namespace inner {
namespace {
constexpr sycl::specialization_id<int> deep{13};
}
} // namespace inner
} // namespace
} // namespace outer

struct Fill {
  sycl::accessor<int, 1, sycl::access_mode::write> out;
  void operator()(sycl::item<1> it, sycl::kernel_handler kh) const {
    const Point p = kh.get_specialization_constant<app::Tuning::origin>();
    out[it] = kh.get_specialization_constant<same_name>() +
              kh.get_specialization_constant<app::same_name>() +
              kh.get_specialization_constant<outer::inner::deep>() +
              (kh.get_specialization_constant<app::mode>() == Mode::Accurate ? 1 : 0) +
              static_cast<int>(p.x + p.y);
  }
};

void configure(sycl::kernel_bundle<sycl::bundle_state::input> &kb) {
  kb.set_specialization_constant<app::mode>(Mode::Accurate);
  kb.set_specialization_constant<outer::inner::deep>(14);
  (void)kb.get_specialization_constant<app::Tuning::origin>();
  (void)kb.has_specialization_constant<same_name>();
}

void run(sycl::queue &q, sycl::buffer<int, 1> &buf) {
  q.submit([&](sycl::handler &cgh) {
    cgh.set_specialization_constant<app::same_name>(3);
    sycl::accessor<int, 1, sycl::access_mode::write> acc{buf, cgh};
    cgh.parallel_for(buf.get_range(), Fill{acc});
  });
}

// CHECK:#include <sycl/detail/defines_elementary.hpp>
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::same_name>() {
// CHECK-NEXT:  return "P____ZL9same_name";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::app::mode>() {
// CHECK-NEXT:  return "P____ZN3appL4modeE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::app::Tuning::origin>() {
// CHECK-NEXT:  return "_ZN3app6Tuning6originE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::app::same_name>() {
// CHECK-NEXT:  return "P____ZN3appL9same_nameE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace inner {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(deep) &__shim_0() {
// CHECK-NEXT:  return deep;
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace inner
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace outer {
// CHECK-NEXT:namespace {
// CHECK-NEXT:namespace __sycl_detail {
// CHECK-NEXT:static constexpr decltype(inner::__sycl_detail::__shim_0()) &__shim_1() {
// CHECK-NEXT:  return inner::__sycl_detail::__shim_0();
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace __sycl_detail
// CHECK-NEXT:} // namespace {{$}}
// CHECK-NEXT:} // namespace outer
// CHECK-NEXT:namespace sycl {
// CHECK-NEXT:inline namespace _V1 {
// CHECK-NEXT:namespace detail {
// CHECK-NEXT:template<>
// CHECK-NEXT:inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_1()>() {
// CHECK-NEXT:  return "P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_14deepE";
// CHECK-NEXT:}
// CHECK-NEXT:} // namespace detail
// CHECK-NEXT:} // namespace _V1
// CHECK-NEXT:} // namespace sycl
// CHECK-NEXT:#include <sycl/detail/spec_const_integration.hpp>
// CHECK-EMPTY:
// CHECK-NOT:{{.}}

// CONTROL-DAG: get_spec_constant_symbolic_ID<same_name>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<app::mode>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<app::Tuning::origin>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<app::same_name>()
// CONTROL-DAG: get_spec_constant_symbolic_ID<outer::(anonymous namespace)::inner::(anonymous namespace)::deep>()

// UNDEF-NOT: get_spec_constant_symbolic_ID

// DEF-DAG: get_spec_constant_symbolic_ID<same_name>()
// DEF-DAG: get_spec_constant_symbolic_ID<app::mode>()
// DEF-DAG: get_spec_constant_symbolic_ID<app::Tuning::origin>()
// DEF-DAG: get_spec_constant_symbolic_ID<app::same_name>()
// DEF-DAG: get_spec_constant_symbolic_ID<outer::(anonymous namespace)::inner::(anonymous namespace)::deep>()

// STR-DAG: {{^P____ZL9same_name$}}
// STR-DAG: {{^P____ZN3appL4modeE$}}
// STR-DAG: {{^_ZN3app6Tuning6originE$}}
// STR-DAG: {{^P____ZN3appL9same_nameE$}}
// STR-DAG: {{^P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_14deepE$}}
