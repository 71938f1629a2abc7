// issue §2/§3, footer.md §7.1: kernel detection in --json. Lambdas and functors passed to
// single_task/parallel_for, with and without a kernel_handler parameter, with and without a
// kernel name type; in source order, each with the line of its launch.
// RUN: %sycl-footer %s --json --unique-prefix P -- %mockflags > %t.json
// RUN: python3 %S/Inputs/flatjson.py %t.json | FileCheck %s --match-full-lines
// RUN: %sycl-footer %s --unique-prefix P -o %t.h -- %mockflags
// RUN: wc -c < %t.h | FileCheck %s --check-prefix=ZERO

#include "sycl.hpp"

class KernelName;
namespace kn {
struct Functor;
}
struct FunctorKH {
  void operator()(sycl::kernel_handler kh) const { (void)kh; }
};
struct FunctorPlain {
  void operator()() const {}
};
struct FunctorItem {
  void operator()(int, sycl::kernel_handler) const {}
};

void submit(sycl::queue &q) {
  q.submit([&](sycl::handler &h) {
    h.single_task<KernelName>([=](sycl::kernel_handler kh) { (void)kh; });
    h.single_task([=]() {});
    h.parallel_for<kn::Functor>(8, FunctorItem{});
    h.single_task(FunctorKH{});
    h.parallel_for(8, [=](int i) { (void)i; });
    h.single_task(FunctorPlain{});
    h.parallel_for<class LocalName>(8, [=](int i, sycl::kernel_handler kh) { (void)i, (void)kh; });
  });
}

// CHECK:kernels.#=7
// CHECK-DAG:kernels.0.callable="lambda"
// CHECK-DAG:kernels.0.invoker="single_task"
// CHECK-DAG:kernels.0.location.line=27
// CHECK-DAG:kernels.0.name="KernelName"
// CHECK-DAG:kernels.0.takes_kernel_handler=true
// CHECK-DAG:kernels.1.callable="lambda"
// CHECK-DAG:kernels.1.invoker="single_task"
// CHECK-DAG:kernels.1.location.line=28
// CHECK-DAG:kernels.1.name=null
// CHECK-DAG:kernels.1.takes_kernel_handler=false
// CHECK-DAG:kernels.2.callable="FunctorItem"
// CHECK-DAG:kernels.2.invoker="parallel_for"
// CHECK-DAG:kernels.2.location.line=29
// CHECK-DAG:kernels.2.name="kn::Functor"
// CHECK-DAG:kernels.2.takes_kernel_handler=true
// CHECK-DAG:kernels.3.callable="FunctorKH"
// CHECK-DAG:kernels.3.invoker="single_task"
// CHECK-DAG:kernels.3.location.line=30
// CHECK-DAG:kernels.3.name=null
// CHECK-DAG:kernels.3.takes_kernel_handler=true
// CHECK-DAG:kernels.4.callable="lambda"
// CHECK-DAG:kernels.4.invoker="parallel_for"
// CHECK-DAG:kernels.4.location.line=31
// CHECK-DAG:kernels.4.name=null
// CHECK-DAG:kernels.4.takes_kernel_handler=false
// CHECK-DAG:kernels.5.callable="FunctorPlain"
// CHECK-DAG:kernels.5.invoker="single_task"
// CHECK-DAG:kernels.5.location.line=32
// CHECK-DAG:kernels.5.name=null
// CHECK-DAG:kernels.5.takes_kernel_handler=false
// CHECK-DAG:kernels.6.callable="lambda"
// CHECK-DAG:kernels.6.invoker="parallel_for"
// CHECK-DAG:kernels.6.location.line=33
// CHECK-DAG:kernels.6.name="{{.*}}LocalName"
// CHECK-DAG:kernels.6.takes_kernel_handler=true
// CHECK-DAG:spec_ids.#=0
// ZERO: {{^ *0$}}
