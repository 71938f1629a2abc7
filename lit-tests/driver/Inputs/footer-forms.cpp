#include <sycl/sycl.hpp>
// Spec ids in the forms whose footer entries depend on how the translation unit is visited
// (header-cache.test builds this with and without Intel's headers from the cache).

template <typename T> constexpr sycl::specialization_id<T> per_type{T(1)};
template constexpr sycl::specialization_id<long> per_type<long>;
template <> constexpr sycl::specialization_id<short> per_type<short>{short(2)};

template <int N> struct Holder {
  static constexpr sycl::specialization_id<int> value{N};
  struct Inner {
    static constexpr sycl::specialization_id<float> scale{N * 0.5f};
  };
};
template struct Holder<3>;

namespace {
constexpr sycl::specialization_id<unsigned> hidden{7u};
}
inline namespace v2 {
constexpr sycl::specialization_id<sycl::access::mode> mode_id{sycl::access::mode::read};
}

template <typename T> void launch(sycl::queue &q, T *out) {
  q.single_task([=](sycl::kernel_handler kh) {
    out[0] = T(kh.get_specialization_constant<per_type<T>>() +
               kh.get_specialization_constant<Holder<5>::value>() +
               kh.get_specialization_constant<hidden>());
  });
}

void run(sycl::queue &q, long *a, int *b) {
  launch(q, a);
  launch(q, b);
}
