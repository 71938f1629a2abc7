//! Process-wide tuning for a one-shot tool (`sycl-footer`): glibc's and mimalloc's allocator
//! (libclang, and the clang inside it, allocate through glibc) and the final exit.

/// One TU at a time: have every thread allocate from glibc's main heap.
///
/// The parse and the walk run on the analysis thread, and glibc gives each new thread a heap
/// of its own that grows by one `mprotect` call at a time: a 10,000-spec-id TU made ~2,600
/// such calls and spent twice clang's system time. The main heap grows with `brk`,
/// as in `clang++` itself, and no other thread allocates meanwhile. Call it before any other
/// thread starts. Batch mode, whose threads do run at once, keeps the per-thread heaps.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn use_main_heap_for_every_thread() {
    /// Extra bytes each `brk` asks for: fewer, larger steps (untouched pages cost nothing).
    const TOP_PAD_BYTES: libc::c_int = 32 << 20;
    crate::sys::use_one_arena(TOP_PAD_BYTES);
}

/// Other C libraries: nothing to tune.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn use_main_heap_for_every_thread() {}

/// Ends the process with `code` once standard output and error are flushed, without running
/// exit handlers: those are libclang's and LLVM's static destructors and the allocator's
/// clean-up, ~4 ms after a 10,000-spec-id TU, all for memory the kernel reclaims anyway.
/// Every output file must be complete (written and renamed) before this is called.
pub fn exit_without_teardown(code: u8) -> ! {
    use std::io::Write;
    // A failed flush cannot be reported anywhere better than the exit status already is.
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    crate::sys::exit_now(code)
}

/// Under an address-space limit (`ulimit -v`), the process runs again with mimalloc's first
/// arena reservation sized to an eighth of the limit: by default it reserves 1 GiB of address
/// space before `main`, and under a 1.3 GB limit that left libclang too little to read the
/// source ("LLVM ERROR: out of memory", an abort). mimalloc reads the size only from its
/// environment at start-up, hence the `exec`; without a limit nothing happens.
pub fn fit_allocator_to_address_space_limit() {
    use std::os::unix::process::CommandExt;
    const VARIABLE: &str = "MIMALLOC_ARENA_RESERVE";
    if std::env::var_os(VARIABLE).is_some() {
        return;
    }
    let Some(limit) = crate::sys::address_space_limit() else {
        return;
    };
    let mib = (limit / 8 / (1 << 20)).max(4);
    let mut args = std::env::args_os();
    let arg0 = args.next().unwrap_or_default();
    // Only returns on failure, and then the run simply goes on as it is.
    let _ = std::process::Command::new("/proc/self/exe")
        .arg0(arg0)
        .args(args)
        .env(VARIABLE, format!("{mib}MiB"))
        .exec();
}
