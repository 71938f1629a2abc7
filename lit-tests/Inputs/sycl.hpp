// Minimal SYCL 2020 mock for focused front-end tests (host view).
#pragma once
#include <type_traits>

namespace sycl {
inline namespace _V1 {

template <typename T> class specialization_id {
public:
  using value_type = T;
  template <class... Args>
  explicit constexpr specialization_id(Args &&...args)
      : MDefaultValue(static_cast<Args &&>(args)...) {}
  specialization_id(const specialization_id &) = delete;
  specialization_id &operator=(const specialization_id &) = delete;

private:
  T MDefaultValue;
};
template <typename T> specialization_id(T) -> specialization_id<T>;

namespace detail {
template <auto &SpecName> const char *get_spec_constant_symbolic_ID_impl();
template <auto &SpecName> const char *get_spec_constant_symbolic_ID();
} // namespace detail

class kernel_handler {
public:
  template <auto &S>
  typename std::remove_reference_t<decltype(S)>::value_type get_specialization_constant() {
    return {};
  }
};

class handler {
public:
  template <auto &S, typename T>
  void set_specialization_constant(T) {
    (void)detail::get_spec_constant_symbolic_ID<S>();
  }
  template <typename KernelName = void, typename KernelType>
  void single_task(const KernelType &) {}
  template <typename KernelName = void, typename KernelType>
  void parallel_for(int, const KernelType &) {}
};

class queue {
public:
  template <typename F> void submit(F f) {
    handler h;
    f(h);
  }
};

} // namespace _V1
} // namespace sycl
