// <sycl/stream.hpp> for sycl-clang++'s device compile (named before Intel's headers in its
// search list): Intel's header, then two functions through which the wrapper kernels that
// sycl-clang++ generates (offload::device::wrap_kernels) run a captured stream's own
// __init before the kernel body and its __finalize after it, as the kernels DPC++'s compiler
// generates do. Both members are private and inline, so nothing else would emit them; they are
// reached through a class the stream befriends. Written for sycl-specconst; see
// docs/device-library.md ("sycl::stream").
#pragma once
#include_next <sycl/stream.hpp>

#ifdef __SYCL_DEVICE_ONLY__
namespace __sycl_specconst {
struct stream_members;
}
// stream names every weak_object specialisation its friend; this one, for a type of ours,
// calls the two members directly (a call through a member pointer would reach SPIR-V as an
// indirect call, which the CPU device cannot take).
template <> class ::sycl::ext::oneapi::weak_object<::__sycl_specconst::stream_members> {
  using size = decltype(sizeof(0));
  using range = ::sycl::range<1>;
  using id = ::sycl::id<1>;

public:
  static void init(::sycl::stream &out, ::sycl::detail::GlobalBufPtrType buffer,
                   size buffer_access, size buffer_memory, size buffer_offset,
                   ::sycl::detail::GlobalOffsetPtrType offsets, size offsets_access,
                   size offsets_memory, size offsets_offset,
                   ::sycl::detail::GlobalBufPtrType flush, size flush_access, size flush_memory,
                   size flush_offset, size flush_size) {
    // As DPC++'s kernels: default-constructed (precision and width -1, decimal, …), then
    // initialised from the runtime's arguments.
    ::new (static_cast<void *>(&out))::sycl::stream();
    out.__init(buffer, range(buffer_access), range(buffer_memory), id(buffer_offset), offsets,
               range(offsets_access), range(offsets_memory), id(offsets_offset), flush,
               range(flush_access), range(flush_memory), id(flush_offset), flush_size);
  }
  static void finalize(::sycl::stream &out) { out.__finalize(); }
};

// Emitted whether or not a kernel of the TU captures a stream ([[clang::sycl_external]]);
// wrap_kernels gives them internal linkage, so several TUs' copies never meet in the device
// link, and the optimiser drops them where no wrapper calls them.
extern "C" [[clang::sycl_external]] void __sycl_specconst_stream_init(
    ::sycl::stream *out, ::sycl::detail::GlobalBufPtrType buffer, decltype(sizeof(0)) buffer_access,
    decltype(sizeof(0)) buffer_memory, decltype(sizeof(0)) buffer_offset,
    ::sycl::detail::GlobalOffsetPtrType offsets, decltype(sizeof(0)) offsets_access,
    decltype(sizeof(0)) offsets_memory, decltype(sizeof(0)) offsets_offset,
    ::sycl::detail::GlobalBufPtrType flush, decltype(sizeof(0)) flush_access,
    decltype(sizeof(0)) flush_memory, decltype(sizeof(0)) flush_offset,
    decltype(sizeof(0)) flush_size) {
  ::sycl::ext::oneapi::weak_object<::__sycl_specconst::stream_members>::init(
      *out, buffer, buffer_access, buffer_memory, buffer_offset, offsets, offsets_access,
      offsets_memory, offsets_offset, flush, flush_access, flush_memory, flush_offset,
      flush_size);
}
extern "C" [[clang::sycl_external]] void
__sycl_specconst_stream_finalize(::sycl::stream *out) {
  ::sycl::ext::oneapi::weak_object<::__sycl_specconst::stream_members>::finalize(*out);
}
#endif
