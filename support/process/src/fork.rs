//! Runs a job in a forked child and hands its bytes back, soundly: `fork` copies every lock in
//! the state it has at that moment, so the child of a process where another thread holds one
//! (the allocator's included) can deadlock or corrupt memory. [`run_in_child`] therefore forks
//! only when the calling thread is the process's only thread, apart from the termination
//! thread ([`crate::install_termination_cleanup`]) parked in `sigwait`: that one takes
//! [`FORK_GATE`] before it does anything else, and a fork holds the gate until its child is
//! recorded, so it cannot wake into a lock while a fork happens, and it finds the child to kill.

use std::io::Read;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::{lock, sys};

/// Held across every fork; the termination thread takes it first when it wakes.
pub(crate) static FORK_GATE: Mutex<()> = Mutex::new(());
/// The termination thread's kernel id (0: none).
pub(crate) static TERMINATION_THREAD: AtomicI32 = AtomicI32::new(0);

/// Why [`run_in_child`] gave no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForkError {
    /// The job returned an error, or panicked.
    #[error("{0}")]
    Job(String),
    /// Forking now could deadlock the child.
    #[error(
        "internal: cannot run a job in a child process while {0} other thread(s) run (a fork \
         copies their locks)"
    )]
    OtherThreads(usize),
    /// The child died of a signal (a crash in the job, or a kill).
    #[error("the process doing it was killed by signal {0}")]
    Killed(i32),
    /// The child ended without a result (an exit from inside the job).
    #[error("the process doing it ended with exit code {0} and no result")]
    NoResult(i32),
    /// Creating, reading or waiting for the child failed.
    #[error("cannot run a child process: {0}")]
    System(String),
}

/// Runs `job` in a child process and returns its result; the parent's memory is shared with
/// the child copy-on-write, so nothing needs serialising, and nothing the child does (a static
/// it changes, a crash) reaches the parent.
pub fn run_in_child<F>(job: F) -> Result<Vec<u8>, ForkError>
where
    F: FnOnce() -> Result<Vec<u8>, String>,
{
    let gate = lock(&FORK_GATE);
    let alone = SoleThread::check(&gate)?;
    // The clean-up takes the gate before it sets this, so a job either starts before the
    // clean-up (and is recorded, below, for it to kill) or never.
    if crate::TERMINATING.load(Ordering::SeqCst) {
        return Err(ForkError::System("terminating on a signal".into()));
    }
    let child_job = move || {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
            .unwrap_or_else(|_| Err("the job panicked".to_string()));
        let (tag, body) = match outcome {
            Ok(bytes) => (0u8, bytes),
            Err(text) => (1u8, text.into_bytes()),
        };
        let mut message = Vec::with_capacity(body.len() + 1);
        message.push(tag);
        message.extend_from_slice(&body);
        message
    };
    let (pid, read_end) =
        sys::fork_with_pipe(&alone, child_job).map_err(|e| ForkError::System(e.to_string()))?;
    // Recorded like a spawned child, so a termination signal kills it; the gate is released
    // once it is, since the clean-up takes the gate first (no fork may start while the
    // process ends) and must not wait for the job to end.
    let id = u32::try_from(pid).map_err(|e| ForkError::System(e.to_string()))?;
    crate::lock(&crate::CHILDREN).push(id);
    drop(gate);
    let mut message = Vec::new();
    let read = std::fs::File::from(read_end).read_to_end(&mut message);
    // Forgotten before it is reaped: until then its pid cannot be reused, so the clean-up
    // never kills a stranger.
    let ended = sys::wait_for_exit_unreaped(pid);
    crate::forget(id);
    ended.map_err(|e| ForkError::System(e.to_string()))?;
    let status = sys::wait_for_child(pid).map_err(|e| ForkError::System(e.to_string()))?;
    read.map_err(|e| ForkError::System(format!("reading process {pid}'s result: {e}")))?;
    if libc::WIFSIGNALED(status) {
        return Err(ForkError::Killed(libc::WTERMSIG(status)));
    }
    let code = libc::WEXITSTATUS(status);
    match message.split_first() {
        Some((0, bytes)) if code == 0 => Ok(bytes.to_vec()),
        Some((1, text)) => Err(ForkError::Job(String::from_utf8_lossy(text).into_owned())),
        _ => Err(ForkError::NoResult(code)),
    }
}

/// Proof that the calling thread runs alone: no other thread exists but the termination thread
/// parked in `sigwait`, which cannot wake into a lock while the fork gate (borrowed) is held,
/// and no thread can start meanwhile, as only the caller runs.
pub(crate) struct SoleThread<'g> {
    _gate: &'g MutexGuard<'g, ()>,
}

impl<'g> SoleThread<'g> {
    fn check(gate: &'g MutexGuard<'g, ()>) -> Result<Self, ForkError> {
        match other_threads()? {
            0 => Ok(SoleThread { _gate: gate }),
            others => Err(ForkError::OtherThreads(others)),
        }
    }
}

/// Threads of this process other than the caller and the parked termination thread.
fn other_threads() -> Result<usize, ForkError> {
    let me = sys::current_thread_id();
    let parked = TERMINATION_THREAD.load(Ordering::SeqCst);
    let tasks = std::fs::read_dir("/proc/self/task").map_err(|e| {
        ForkError::System(format!(
            "cannot count this process's threads (/proc/self/task): {e}"
        ))
    })?;
    let mut others = 0;
    for task in tasks {
        let task = task.map_err(|e| ForkError::System(e.to_string()))?;
        let id = task
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok());
        if id != Some(me) && (parked == 0 || id != Some(parked)) {
            others += 1;
        }
    }
    Ok(others)
}
