// Mock of the 2021-era <CL/sycl/detail/spec_const_integration.hpp>: the wrapper forwarding to
// the v2 footer's _impl specializations (v1 footers specialize the wrapper itself, which is
// also fine: those explicit specializations precede this definition of the primary template).
#pragma once
__SYCL_INLINE_NAMESPACE(cl) {
namespace sycl {
namespace detail {
template <auto &SpecName> const char *get_spec_constant_symbolic_ID() {
  return get_spec_constant_symbolic_ID_impl<SpecName>();
}
} // namespace detail
} // namespace sycl
} // __SYCL_INLINE_NAMESPACE(cl)
