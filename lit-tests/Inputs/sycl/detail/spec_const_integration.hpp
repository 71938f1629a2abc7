// Mock of the runtime header the footer includes last: the wrapper that forwards to the
// footer's explicit specializations.
#pragma once
namespace sycl {
inline namespace _V1 {
namespace detail {
template <auto &SpecName> const char *get_spec_constant_symbolic_ID() {
  return get_spec_constant_symbolic_ID_impl<SpecName>();
}
} // namespace detail
} // namespace _V1
} // namespace sycl
