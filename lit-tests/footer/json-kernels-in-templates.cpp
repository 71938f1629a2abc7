// Kernels launched inside a function template are reported from the template pattern: the
// kernel name as written (still dependent: `K<T>`), the callable, and whether it takes a
// kernel_handler. A declared kernel name `class Plain` is reported as `Plain`.
// RUN: %sycl-footer %s --json -- %mockflags > %t.json
// RUN: FileCheck %s --input-file=%t.json

#include "sycl.hpp"

template <class T> class K;
struct Functor {
  void operator()(sycl::kernel_handler) const {}
};

template <class T> void run(sycl::handler &h) {
  h.single_task<K<T>>([=](sycl::kernel_handler kh) { (void)kh; });
  h.parallel_for<class Plain>(8, [=](int i) { (void)i; });
  h.single_task<K<T *>>(Functor{});
}
template void run<int>(sycl::handler &);

// CHECK:      "kernels": [
// CHECK:          "name": "K<T>",
// CHECK-NEXT:     "invoker": "single_task",
// CHECK-NEXT:     "callable": "lambda",
// CHECK-NEXT:     "takes_kernel_handler": true,
// CHECK-NEXT:     "location": {
// CHECK-NEXT:       "file": "{{.*}}json-kernels-in-templates.cpp",
// CHECK-NEXT:       "line": 15,
// CHECK:          "name": "Plain",
// CHECK-NEXT:     "invoker": "parallel_for",
// CHECK-NEXT:     "callable": "lambda",
// CHECK-NEXT:     "takes_kernel_handler": false,
// CHECK:          "name": "K<T *>",
// CHECK-NEXT:     "invoker": "single_task",
// CHECK-NEXT:     "callable": "Functor",
// CHECK-NEXT:     "takes_kernel_handler": true,
