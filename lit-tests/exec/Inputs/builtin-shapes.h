// The shapes the built-in function tests (exec/builtins-*.cpp) call each function in: a scalar,
// sycl::vec<E, N> or sycl::marray<E, N>; its element type, length and name for messages.
#pragma once
#include <sycl/sycl.hpp>
#include <cstddef>

template <typename S> struct shape {
  using elem = S;
  static constexpr int n = 1;
  static constexpr bool is_vec = false;
  static const char *name() { return "scalar"; }
};
template <typename E, int N> struct shape<sycl::vec<E, N>> {
  using elem = E;
  static constexpr int n = N;
  static constexpr bool is_vec = true;
  static const char *name() { return "vec"; }
};
template <typename E, std::size_t N> struct shape<sycl::marray<E, N>> {
  using elem = E;
  static constexpr int n = int(N);
  static constexpr bool is_vec = false;
  static const char *name() { return "marray"; }
};
