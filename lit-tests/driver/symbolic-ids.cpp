// The symbolic ID each spec id gets in device code is the footer's, byte for byte: external,
// internal (prefixed), anonymous-namespace, static-member and variable-template spec ids.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sycl-clangxx -fsycl -std=c++17 -save-temps -c %s -o ids.o
// RUN: llvm-dis-22 ids.o.sycl/device.bc -o device.ll
// RUN: cat ids.o.sycl/footer.h device.ll | FileCheck %s
// CHECK-DAG: return "[[EXTERNAL:_ZN2ns8externalE]]";
// CHECK-DAG: return "[[INTERNAL:uid[0-9a-f]+____ZL8internal]]";
// CHECK-DAG: return "[[ANON:uid[0-9a-f]+____ZN12_GLOBAL__N_14anonE]]";
// CHECK-DAG: return "[[MEMBER:_ZN6Holder6memberE]]";
// CHECK-DAG: return "[[VARTMPL:_Z5vtmplIiE]]";
// CHECK: target triple = "spir64"
// CHECK-DAG: c"[[EXTERNAL]]\00"
// CHECK-DAG: c"[[INTERNAL]]\00"
// CHECK-DAG: c"[[ANON]]\00"
// CHECK-DAG: c"[[MEMBER]]\00"
// CHECK-DAG: c"[[VARTMPL]]\00"
// No unresolved symbolic-ID call survives.
// CHECK-NOT: __sycl_specconst11symbolic_id
#include <sycl/sycl.hpp>
namespace ns {
extern constexpr sycl::specialization_id<int> external{1};
}
constexpr sycl::specialization_id<int> internal{2};
namespace {
constexpr sycl::specialization_id<int> anon{3};
}
struct Holder {
  static constexpr sycl::specialization_id<int> member{4};
};
template <typename T> inline constexpr sycl::specialization_id<T> vtmpl{T(5)};
class Ids;
void launch(sycl::queue &q, int *p) {
  q.submit([&](sycl::handler &h) {
    h.single_task<Ids>([=](sycl::kernel_handler kh) {
      *p = kh.get_specialization_constant<ns::external>() + kh.get_specialization_constant<internal>() +
           kh.get_specialization_constant<anon>() + kh.get_specialization_constant<Holder::member>() +
           kh.get_specialization_constant<vtmpl<int>>();
    });
  });
}
