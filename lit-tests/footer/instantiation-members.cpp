// Issue 11 §1: which members an instantiation declares, and where they go.
// * An explicit instantiation definition instantiates the member classes too, recursively:
//   the spec ids of Outer<3>::Inner and Outer<3>::Inner::Innermost are entries, at the point
//   of instantiation, after Outer<3>'s own; so are those of a specialization whose arguments
//   are class types (WithType<Payload>, found by the probe parse).
// * Naming one member (Blur<2>::width) implicitly instantiates Blur<2>, which declares all
//   its static members: Blur<2>::height is an entry too.
// * A variable left out of the footer (Foo::NSSpecID, ambiguous) does not move the explicit
//   instantiation that follows it after the anonymous-namespace entry declared later.
// RUN: %sycl-footer %s --unique-prefix P -- %mockflags > %t.h 2> %t.err
// RUN: FileCheck %s --input-file=%t.h
// RUN: %clangxx %mockflags -fsyntax-only -include %s -x c++ %t.h
// RUN: %clangxx %mockflags -Xclang -femit-all-decls -S -emit-llvm -o %t.ll -include %s -x c++ %t.h
// RUN: python3 %S/Inputs/check_footer_ids.py %t.ll %t.h P
#include "sycl.hpp"

namespace Foo {
sycl::specialization_id<int> NSSpecID;
inline namespace Bar {
sycl::specialization_id<int> NSSpecID;
}
} // namespace Foo

template <int N> struct Outer {
  static constexpr sycl::specialization_id<int> own{N};
  struct Inner {
    static constexpr sycl::specialization_id<int> deep{N + 1};
    struct Innermost {
      static constexpr sycl::specialization_id<long> deeper{N + 2};
    };
  };
};
template class Outer<3>;

struct Payload {
  int v;
};
template <class T> struct WithType {
  static constexpr sycl::specialization_id<T> value{};
  struct Nested {
    static constexpr sycl::specialization_id<T> inner{};
  };
};
template struct WithType<Payload>;

namespace {
sycl::specialization_id<int> hidden;
}

template <int N> struct Blur {
  static constexpr sycl::specialization_id<int> width{N};
  static constexpr sycl::specialization_id<int> height{N * 2};
};
const void *use() { return &Blur<2>::width; }

// CHECK: get_spec_constant_symbolic_ID_impl<::Foo::Bar::NSSpecID>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Outer<3>::own>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Outer<3>::Inner::deep>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Outer<3>::Inner::Innermost::deeper>()
// CHECK: get_spec_constant_symbolic_ID_impl<::WithType<Payload>::value>()
// CHECK: get_spec_constant_symbolic_ID_impl<::WithType<Payload>::Nested::inner>()
// CHECK: hidden
// CHECK: get_spec_constant_symbolic_ID_impl<::Blur<2>::width>()
// CHECK: get_spec_constant_symbolic_ID_impl<::Blur<2>::height>()
