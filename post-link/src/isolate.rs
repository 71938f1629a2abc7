//! Runs LLVM jobs in a forked child process (`process::run_in_child`, which checks that
//! forking is sound) and hands their bytes back.
//!
//! Why: LLVM 22's SPIR-V backend keeps its module analysis in a static
//! (`SPIRVModuleAnalysis::MAI`, llvm/llvm-project issue 160613, made a member only after LLVM 22
//! by pull request 160956). A second module emitted by the same process can reuse result ids and
//! come out invalid ("Id … is defined more than once"; measured: 4 bad images in 6 four-image
//! links). A child forked from a process that never emitted SPIR-V starts from the clean static,
//! so every SPIR-V emission runs in one, and the parent never emits.
//!
//! The child inherits the parent's memory copy-on-write (the module is not serialised) and ends
//! with `_exit`, so it neither runs destructors nor flushes the parent's buffered output twice.
//! A fork while another thread runs is refused (an error, never a deadlock): the SPIR-V
//! emitters run after every worker thread of the process has been joined.

use crate::llvm::{Context, Module};

/// Parses `bytes` (LLVM IR from a file someone else wrote) in `ctx`, bitcode after a forked
/// child has read it first. Debian's LLVM 22 is built without assertions, and its bitcode
/// reader crashes on some damaged files (found by fuzzing: SIGSEGV in `ArrayType::get` under
/// `parseBitcodeFile`); in the child such a crash becomes an error naming the file. The child
/// costs one fork and a second read of the bytes; it is refused while other threads run.
pub fn parse_untrusted<'c>(
    ctx: &'c Context,
    bytes: Vec<u8>,
    name: &str,
) -> Result<Module<'c>, String> {
    if is_bitcode(&bytes) {
        let probe = bytes.clone();
        process::run_in_child(move || {
            Context::new()
                .parse_ir(probe, name)
                .map(|_module| Vec::new())
        })
        .map_err(|e| match e {
            process::ForkError::Killed(_) => {
                format!("LLVM's bitcode reader crashed on it ({e}): the bitcode is damaged")
            }
            other => other.to_string(),
        })?;
    }
    ctx.parse_ir(bytes, name)
}

/// Raw bitcode (`BC` 0xC0DE) or the wrapper header LLVM writes for some targets.
fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// Runs `job` in a child process (`process::run_in_child`, which refuses to fork while other
/// threads run) and returns its result; every failure comes back as text.
pub fn run_in_child<F>(job: F) -> Result<Vec<u8>, String>
where
    F: FnOnce() -> Result<Vec<u8>, String>,
{
    process::run_in_child(job).map_err(|e| e.to_string())
}
