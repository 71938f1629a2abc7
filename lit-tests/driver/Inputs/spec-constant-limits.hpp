// Spec ids declared in a header (spec-constant-limits-header.cpp): one too large for SPIR-V,
// and with CLASH one the other TU declares with another type.
#include <sycl/sycl.hpp>
namespace shared {
#ifndef CLASH
struct Huge {
  float f[66000];
};
inline constexpr sycl::specialization_id<Huge> huge_in_header;
#else
inline constexpr sycl::specialization_id<float> clash{2};
#endif
} // namespace shared
