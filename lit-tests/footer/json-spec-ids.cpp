// issue §3: --json reflection. Per spec id: C++ name, footer TARGET, symbolic ID, mangled name,
// linkage, value type and source location (file as given, line, column of the name); the TU's
// source and unique prefix; kernels (none here).
// RUN: %sycl-footer %s --json --unique-prefix P -- %mockflags > %t.json
// RUN: python3 %S/Inputs/flatjson.py %t.json | FileCheck %s --match-full-lines -DFILE=%s
// RUN: %sycl-footer %s --json --unique-prefix P -o %t.o.json -- %mockflags
// RUN: diff %t.json %t.o.json

#include "sycl.hpp"

sycl::specialization_id<int> GlobalSpecID;
constexpr sycl::specialization_id internal_b{2.5f};
namespace Foo {
inline namespace Bar {
struct W {
  static constexpr sycl::specialization_id<double> m{1.0};
};
} // namespace Bar
namespace {
sycl::specialization_id<char> anon;
}
} // namespace Foo

// CHECK:kernels.#=0
// CHECK:source="[[FILE]]"
// CHECK:spec_ids.#=4
// CHECK-DAG:spec_ids.0.linkage="external"
// CHECK-DAG:spec_ids.0.location.column=30
// CHECK-DAG:spec_ids.0.location.file="[[FILE]]"
// CHECK-DAG:spec_ids.0.location.line=11
// CHECK-DAG:spec_ids.0.mangled_name="_Z12GlobalSpecID"
// CHECK-DAG:spec_ids.0.name="GlobalSpecID"
// CHECK-DAG:spec_ids.0.symbolic_id="_Z12GlobalSpecID"
// CHECK-DAG:spec_ids.0.target="::GlobalSpecID"
// CHECK-DAG:spec_ids.0.value_type="int"
// CHECK-DAG:spec_ids.1.linkage="internal"
// CHECK-DAG:spec_ids.1.location.column=35
// CHECK-DAG:spec_ids.1.location.file="[[FILE]]"
// CHECK-DAG:spec_ids.1.location.line=12
// CHECK-DAG:spec_ids.1.mangled_name="_ZL10internal_b"
// CHECK-DAG:spec_ids.1.name="internal_b"
// CHECK-DAG:spec_ids.1.symbolic_id="P____ZL10internal_b"
// CHECK-DAG:spec_ids.1.target="::internal_b"
// CHECK-DAG:spec_ids.1.value_type="float"
// CHECK-DAG:spec_ids.2.linkage="external"
// CHECK-DAG:spec_ids.2.location.column=52
// CHECK-DAG:spec_ids.2.location.file="[[FILE]]"
// CHECK-DAG:spec_ids.2.location.line=16
// CHECK-DAG:spec_ids.2.mangled_name="_ZN3Foo3Bar1W1mE"
// CHECK-DAG:spec_ids.2.name="Foo::{{(Bar::)?}}W::m"
// CHECK-DAG:spec_ids.2.symbolic_id="_ZN3Foo3Bar1W1mE"
// CHECK-DAG:spec_ids.2.target="::Foo::W::m"
// CHECK-DAG:spec_ids.2.value_type="double"
// CHECK-DAG:spec_ids.3.linkage="internal"
// CHECK-DAG:spec_ids.3.location.column=31
// CHECK-DAG:spec_ids.3.location.file="[[FILE]]"
// CHECK-DAG:spec_ids.3.location.line=20
// CHECK-DAG:spec_ids.3.mangled_name="_ZN3Foo12_GLOBAL__N_14anonE"
// CHECK-DAG:spec_ids.3.name="Foo::{{.*}}anon"
// CHECK-DAG:spec_ids.3.symbolic_id="P____ZN3Foo12_GLOBAL__N_14anonE"
// CHECK-DAG:spec_ids.3.target="::Foo::__sycl_detail::__shim_0()"
// CHECK-DAG:spec_ids.3.value_type="char"
// CHECK-DAG:unique_prefix="P"
