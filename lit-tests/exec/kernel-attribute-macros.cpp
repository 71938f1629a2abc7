// SYCL kernel attributes written through macros are the attributes the macros expand to, as
// in DPC++: object-like and function-like macros, macro arguments (a size, a template
// parameter), after a lambda's parameter list and before a functor's operator() (in the
// source and in a header), beside attributes written out and macros that expand to something
// else (noexcept) or to nothing. sycl-clang++ reads attributes from the tokens as written and
// reads such a region again from clang's expansion of it (the expansion parse), so a required
// work-group size refuses other launches, device_has and reqd_sub_group_size decide
// compatibility. The -E output, where the attributes stand expanded, compiles back to the same
// object.
// REQUIRES: sycl-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/macros.cpp && cp %S/Inputs/kernel-attribute-macros.h %t
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c macros.cpp -o macros.o 2>&1 | FileCheck --check-prefix=BUILD --allow-empty %s
// BUILD-NOT: error
// RUN: cd %t && %sycl-clangxx -fsycl macros.o -o app
// RUN: %t/app | FileCheck %s --implicit-check-not=FAILED
// CHECK: WG_4 lambda: ok
// CHECK: WG_4 lambda, other size throws: ok
// CHECK: WG(SIZE) functor: ok
// CHECK: WG(SIZE) functor, other size throws: ok
// CHECK: WG(N) functor template: ok
// CHECK: WG(N) functor template, other size throws: ok
// CHECK: WG(S) lambda in a function template: ok
// CHECK: macro beside a written attribute: ok
// CHECK: header functor: ok
// CHECK: header functor, other size throws: ok
// CHECK: REQUIRES_GPU incompatible: ok
// CHECK: REQUIRES_CPU compatible: ok
// CHECK: SUB_GROUP(7) incompatible: ok
// CHECK: noexcept and empty macros: ok
// CHECK: failures: 0
//
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -E macros.cpp -o macros.ii
// RUN: cd %t && mv macros.cpp macros.orig && cp macros.ii macros.cpp
// RUN: cd %t && %sycl-clangxx -fsycl -std=c++17 -c macros.cpp -o macros-back.o
// RUN: cd %t && mv macros.orig macros.cpp
// RUN: cmp %t/macros.o %t/macros-back.o
#include "kernel-attribute-macros.h"
#include <cstdio>

#define WG_4 [[sycl::reqd_work_group_size(4)]]
#define WG(x) [[sycl::reqd_work_group_size(x)]]
#define SIZE 2
#define NOEXCEPT noexcept
#define NOTHING

struct Sized {
  int *out;
  WG(SIZE) void operator()(sycl::nd_item<1> it) const { out[it.get_global_linear_id()] = 2; }
};

template <int N> struct SizedOf {
  int *out;
  WG(N)
  void operator()(sycl::nd_item<1> it) const { out[it.get_global_linear_id()] = N; }
};

template <size_t S> class Rows;
template <size_t S> bool rows(sycl::queue &q, int *out, size_t local) {
  try {
    q.parallel_for<Rows<S>>(sycl::nd_range<1>(16, local), [=](sycl::nd_item<1> it) WG(S) {
      out[it.get_global_linear_id()] = int(S);
    }).wait();
    return out[15] == int(S);
  } catch (const sycl::exception &e) {
    return false;
  }
}

class Four;
class Beside;
class NeedsGpu;
class NeedsCpu;
class OddSubGroup;
class Plain;

// Whether `launch` throws errc::nd_range.
template <typename F> bool refused(F launch) {
  try {
    launch();
  } catch (const sycl::exception &e) {
    return e.code() == sycl::errc::nd_range;
  }
  return false;
}

// The sub-group size the kernel `K` was compiled with (0: none required).
template <typename K> size_t compiled_sub_group_size(sycl::queue &q) {
  return sycl::get_kernel_bundle<sycl::bundle_state::executable>(
             q.get_context(), {q.get_device()}, {sycl::get_kernel_id<K>()})
      .get_kernel(sycl::get_kernel_id<K>())
      .template get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(
          q.get_device());
}

int main() {
  sycl::queue q{sycl::cpu_selector_v};
  sycl::device dev = q.get_device();
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    std::printf("%s: %s\n", what, ok ? "ok" : "FAILED");
    failures += !ok;
  };
  int *out = sycl::malloc_shared<int>(64, q);

  auto four = [&](size_t local) {
    q.parallel_for<Four>(sycl::nd_range<1>(16, local), [=](sycl::nd_item<1> it) WG_4 {
      out[it.get_global_linear_id()] = int(it.get_local_range(0));
    }).wait();
  };
  four(4);
  check(out[15] == 4, "WG_4 lambda");
  check(refused([&] { four(8); }), "WG_4 lambda, other size throws");

  q.parallel_for(sycl::nd_range<1>(16, 2), Sized{out}).wait();
  check(out[15] == 2, "WG(SIZE) functor");
  check(refused([&] { q.parallel_for(sycl::nd_range<1>(16, 4), Sized{out}).wait(); }),
        "WG(SIZE) functor, other size throws");

  q.parallel_for(sycl::nd_range<1>(16, 8), SizedOf<8>{out}).wait();
  check(out[15] == 8, "WG(N) functor template");
  check(refused([&] { q.parallel_for(sycl::nd_range<1>(16, 4), SizedOf<8>{out}).wait(); }),
        "WG(N) functor template, other size throws");

  check(rows<4>(q, out, 4) && !rows<4>(q, out, 8), "WG(S) lambda in a function template");

  // A written attribute and one through a macro in the same region.
  auto beside = [&](size_t local) {
    q.parallel_for<Beside>(sycl::nd_range<1>(32, local), [=](sycl::nd_item<1> it)
                               [[sycl::reqd_work_group_size(16)]] SUB_GROUP(8) {
      out[it.get_global_linear_id()] = int(it.get_sub_group().get_max_local_range()[0]);
    }).wait();
  };
  beside(16);
  check(out[31] == 8 && compiled_sub_group_size<Beside>(q) == 8 && refused([&] { beside(8); }),
        "macro beside a written attribute");

  q.parallel_for(sycl::nd_range<1>(32, 16), HeaderPair{out}).wait();
  check(out[31] == 8 && compiled_sub_group_size<HeaderPair>(q) == 8, "header functor");
  check(refused([&] { q.parallel_for(sycl::nd_range<1>(32, 8), HeaderPair{out}).wait(); }),
        "header functor, other size throws");

  if (false) {
    q.single_task<NeedsGpu>([=]() REQUIRES_GPU {});
    q.parallel_for<OddSubGroup>(sycl::nd_range<1>(7, 7), [=](sycl::nd_item<1>) SUB_GROUP(7) {});
  }
  check(!sycl::is_compatible<NeedsGpu>(dev), "REQUIRES_GPU incompatible");
  q.single_task<NeedsCpu>([=]() REQUIRES_CPU { out[0] = 42; }).wait();
  check(out[0] == 42 && sycl::is_compatible<NeedsCpu>(dev), "REQUIRES_CPU compatible");
  check(!sycl::is_compatible<OddSubGroup>(dev), "SUB_GROUP(7) incompatible");

  // Macros that are no attributes: nothing required, any work-group size runs.
  q.parallel_for<Plain>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> it) NOEXCEPT NOTHING {
    out[it.get_global_linear_id()] = int(it.get_local_range(0));
  }).wait();
  check(out[15] == 8 && sycl::is_compatible<Plain>(dev), "noexcept and empty macros");

  sycl::free(out, q);
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
