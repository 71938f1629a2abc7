// Minimal mock of the 2021-era DPC++ headers (<CL/sycl.hpp>), for the v1/v2 footer layouts:
// `__SYCL_INLINE_NAMESPACE(cl) { namespace sycl {`, so the class is `cl::sycl::specialization_id`
// and `sycl::` still works because `cl` is inline.
#pragma once
#include <CL/sycl/detail/defines_elementary.hpp>

__SYCL_INLINE_NAMESPACE(cl) {
namespace sycl {

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
// v1 footers specialize this one directly; v2 footers specialize the _impl variant.
template <auto &SpecName> const char *get_spec_constant_symbolic_ID();
template <auto &SpecName> const char *get_spec_constant_symbolic_ID_impl();
} // namespace detail

} // namespace sycl
} // __SYCL_INLINE_NAMESPACE(cl)
