// Self-contained mock of the device-side pieces post-link tests need: the Intel getter
// declarations (as in sycl/kernel_handler.hpp), specialization_id and a kernel launcher using
// upstream clang's sycl_kernel_entry_point.
#pragma once

template <typename T>
T __sycl_getScalar2020SpecConstantValue(const char *SymbolicID, const void *DefaultValue,
                                        const void *RTBuffer);
template <typename T>
T __sycl_getComposite2020SpecConstantValue(const char *SymbolicID, const void *DefaultValue,
                                           const void *RTBuffer);

template <typename T> struct specialization_id {
  T MDefaultValue;
  constexpr specialization_id(T v) : MDefaultValue(v) {}
};

template <typename KernelName, typename F>
[[clang::sycl_kernel_entry_point(KernelName)]] void single_task(F f) {
  f();
}

// The symbolic ID of a spec constant, defined per variable (the integration footer's job).
template <auto &S> const char *get_spec_constant_symbolic_ID();
#define SPEC_ID(var, str)                                                                   \
  template <> const char *get_spec_constant_symbolic_ID<var>() { return str; }

// Scalar and composite getters the way kernel_handler calls them: the ID in a local variable.
template <typename T, const specialization_id<T> &S> T get_scalar(const void *buf) {
  const char *SymbolicID = get_spec_constant_symbolic_ID<S>();
  return __sycl_getScalar2020SpecConstantValue<T>(SymbolicID, &S, buf);
}
template <typename T, const specialization_id<T> &S> T get_composite(const void *buf) {
  const char *SymbolicID = get_spec_constant_symbolic_ID<S>();
  return __sycl_getComposite2020SpecConstantValue<T>(SymbolicID, &S, buf);
}
