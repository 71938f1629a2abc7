// <sycl/sycl.hpp> for editors and tools that parse a SYCL source the way clang's driver does
// (clangd: the device side, with stock clang): sycl-clang++ names this directory first in the
// search list it reports to `-E -v` queries, so the device view gets the device prelude that
// sycl-clang++'s device compile force-includes, then Intel's header (next in the list).
// Written for sycl-specconst; see README.md (clangd).
#ifdef __SYCL_DEVICE_ONLY__
#include "../../sycl-specconst-device-prelude.hpp"
#endif
#include_next <sycl/sycl.hpp>
