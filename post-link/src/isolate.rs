//! Runs a job in a forked child process and hands its bytes back: the one other `unsafe` module
//! (libc's `fork`, `pipe`, `waitpid`).
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
//! Callers must not fork while other threads may hold locks: the SPIR-V emitters run after every
//! worker thread of the process has been joined.

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};

use crate::llvm::{Context, Module};

/// Parses `bytes` (LLVM IR from a file someone else wrote) in `ctx`, bitcode after a forked
/// child has read it first. Debian's LLVM 22 is built without assertions, and its bitcode
/// reader crashes on some damaged files (found by fuzzing: SIGSEGV in `ArrayType::get` under
/// `parseBitcodeFile`); in the child such a crash becomes an error naming the file. The child
/// costs one fork and a second read of the bytes. Same precondition as [`run_in_child`]: no
/// other thread may hold a lock.
pub fn parse_untrusted<'c>(
    ctx: &'c Context,
    bytes: Vec<u8>,
    name: &str,
) -> Result<Module<'c>, String> {
    if is_bitcode(&bytes) {
        let probe = bytes.clone();
        run_in_child(move || {
            Context::new()
                .parse_ir(probe, name)
                .map(|_module| Vec::new())
        })
        .map_err(|e| {
            if e.starts_with(KILLED) {
                format!("LLVM's bitcode reader crashed on it ({e}): the bitcode is damaged")
            } else {
                e
            }
        })?;
    }
    ctx.parse_ir(bytes, name)
}

/// Raw bitcode (`BC` 0xC0DE) or the wrapper header LLVM writes for some targets.
fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// How [`run_in_child`] reports a child ended by a signal.
const KILLED: &str = "the process doing it was killed by signal";

/// Runs `job` in a child process and returns its result. Errors of the child (its `Err`, a
/// panic, a signal, an exit through LLVM's fatal-error handler) come back as `Err` text.
pub fn run_in_child<F>(job: F) -> Result<Vec<u8>, String>
where
    F: FnOnce() -> Result<Vec<u8>, String>,
{
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(format!(
            "cannot create a pipe: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: pipe2 succeeded, so both descriptors are open and owned by nobody else.
    let (read_end, write_end) =
        unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: fork has no preconditions of its own; the child only runs `job` and `_exit`s.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(format!(
            "cannot start a process: {}",
            std::io::Error::last_os_error()
        ));
    }
    if pid == 0 {
        drop(read_end);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
            .unwrap_or_else(|_| Err("the job panicked".to_string()));
        let mut message = Vec::new();
        match outcome {
            Ok(bytes) => {
                message.push(0u8);
                message.extend_from_slice(&bytes);
            }
            Err(text) => {
                message.push(1u8);
                message.extend_from_slice(text.as_bytes());
            }
        }
        let mut pipe = std::fs::File::from(write_end);
        let code = i32::from(pipe.write_all(&message).is_err());
        drop(pipe);
        // SAFETY: ends the child without running the parent's exit handlers or destructors.
        unsafe { libc::_exit(code) }
    }
    drop(write_end);
    let mut message = Vec::new();
    let read = std::fs::File::from(read_end).read_to_end(&mut message);
    let status = wait_for(pid)?;
    read.map_err(|e| format!("cannot read the result of process {pid}: {e}"))?;
    if libc::WIFSIGNALED(status) {
        return Err(format!("{KILLED} {}", libc::WTERMSIG(status)));
    }
    let code = libc::WEXITSTATUS(status);
    match message.split_first() {
        Some((0, bytes)) if code == 0 => Ok(bytes.to_vec()),
        Some((1, text)) => Err(String::from_utf8_lossy(text).into_owned()),
        _ => Err(format!(
            "the process doing it ended with exit code {code} and no result"
        )),
    }
}

fn wait_for(pid: libc::pid_t) -> Result<libc::c_int, String> {
    let mut status = 0;
    loop {
        // SAFETY: `pid` is our own child; `status` is a valid out-parameter.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            return Ok(status);
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("cannot wait for process {pid}: {err}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::run_in_child;

    #[test]
    fn bytes_and_errors_come_back() {
        let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        let expected = big.clone();
        assert_eq!(run_in_child(move || Ok(big)), Ok(expected));
        assert_eq!(run_in_child(|| Ok(Vec::new())), Ok(Vec::new()));
        assert_eq!(
            run_in_child(|| Err("no target".to_string())),
            Err("no target".to_string())
        );
    }

    #[test]
    fn child_state_does_not_leak_into_the_parent() {
        static TOUCHED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        let r = run_in_child(|| {
            TOUCHED.store(true, std::sync::atomic::Ordering::SeqCst);
            Ok(vec![1])
        });
        assert_eq!(r, Ok(vec![1]));
        assert!(!TOUCHED.load(std::sync::atomic::Ordering::SeqCst));
    }

    #[test]
    fn a_dying_child_is_an_error() {
        let r = run_in_child(|| {
            // SAFETY: test only: ends the child abruptly, as LLVM's fatal handler would.
            unsafe { libc::_exit(3) }
        });
        assert!(matches!(r, Err(text) if text.contains("exit code 3")));
        let r = run_in_child(|| {
            // SAFETY: test only: the child kills itself.
            unsafe { libc::raise(libc::SIGKILL) };
            Ok(vec![])
        });
        assert!(matches!(r, Err(text) if text.contains("signal 9")));
    }
}
