//! Process-wide tuning of glibc's allocator, which libclang (and the clang inside it) uses.
//! The only `unsafe` of this crate.

/// One TU at a time: have every thread allocate from glibc's main heap.
///
/// libclang parses on a thread of its own and the walk runs on another, and glibc gives each
/// new thread a heap of its own that grows by one `mprotect` call at a time: a 10,000-spec-id TU
/// made ~2,600 such calls and spent twice clang's system time. The main heap grows with `brk`,
/// as in `clang++` itself, and no other thread allocates meanwhile. Batch mode, whose threads do
/// run at once, keeps the per-thread heaps.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn use_main_heap_for_every_thread() {
    /// Extra bytes each `brk` asks for: fewer, larger steps (untouched pages cost nothing).
    const TOP_PAD_BYTES: libc::c_int = 32 << 20;
    // SAFETY: mallopt only sets allocator parameters; it is called before any other thread
    // exists, and a rejected value merely leaves glibc's default in place.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_TOP_PAD, TOP_PAD_BYTES);
    }
}

/// Other C libraries: nothing to tune.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn use_main_heap_for_every_thread() {}
