//! What `sycl-clang++` starts and creates must end with it.
//!
//! * Children ([`spawn`], [`output`], [`status`], and the jobs [`run_in_child`] forks) get a
//!   parent-death signal (SIGKILL when the thread that started them ends, the driver killed
//!   outright included) and are recorded, so that a termination signal to the driver alone
//!   kills them too: no `clang++-22` is left blocked on a footer FIFO, and Ctrl-C does not wait
//!   for an AOT build. They run with the termination signals unblocked.
//! * [`install_termination_cleanup`] turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into a clean-up:
//!   the recorded children are killed, a commit of outputs in progress ([`critical`]) finishes,
//!   the work directories are removed, and the driver then dies of the same signal (its parent
//!   sees the usual status).
//! * [`WorkDir`]: generated files live in a private directory, never next to the user's
//!   files. Its name is derived from a key (the output's path), so the paths that reach
//!   preprocessed output stay the same run to run; two runs with the same key take turns
//!   (an exclusive lock held for the directory's lifetime), and a directory whose owner died
//!   (SIGKILL) is removed by the next run that looks.

#![deny(unsafe_code)]

mod fork;
mod sys;
pub mod tuning;
mod workdir;

use std::io;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

pub use fork::{ForkError, run_in_child};
pub use workdir::{WorkDir, WorkDirError};

/// Process ids of running children.
static CHILDREN: Mutex<Vec<u32>> = Mutex::new(Vec::new());
/// Work directories to remove on a termination signal.
static DIRECTORIES: Mutex<Vec<std::path::PathBuf>> = Mutex::new(Vec::new());
/// Held while outputs are committed: a termination waits for the commit to finish.
static CRITICAL: Mutex<()> = Mutex::new(());
/// A termination signal arrived: no new child may start.
static TERMINATING: AtomicBool = AtomicBool::new(false);

/// A poisoned lock still guards valid data here (lists of ids and paths).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts `cmd` as a recorded child that dies with its parent. Start children from a thread
/// that outlives them (the main thread): Linux sends the parent-death signal when the
/// *thread* that forked ends.
pub fn spawn(cmd: &mut Command) -> io::Result<Child> {
    sys::die_with_parent(cmd);
    let mut children = lock(&CHILDREN);
    if TERMINATING.load(Ordering::SeqCst) {
        return Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "terminating on a signal",
        ));
    }
    let child = cmd.spawn()?;
    children.push(child.id());
    Ok(child)
}

/// Waits for a child started by [`spawn`] and forgets it.
pub fn wait(child: &mut Child) -> io::Result<ExitStatus> {
    let status = child.wait();
    forget(child.id());
    status
}

/// Like `Command::output`, for a recorded child: standard output and error captured.
pub fn output(cmd: &mut Command) -> io::Result<Output> {
    let child = spawn(cmd.stdout(Stdio::piped()).stderr(Stdio::piped()))?;
    let id = child.id();
    let out = child.wait_with_output();
    forget(id);
    out
}

/// Like `Command::status`, for a recorded child.
pub fn status(cmd: &mut Command) -> io::Result<ExitStatus> {
    let mut child = spawn(cmd)?;
    wait(&mut child)
}

fn forget(id: u32) {
    lock(&CHILDREN).retain(|&c| c != id);
}

/// Whether a child's arguments are too long to pass on its command line: Linux refuses one
/// argument over 128 KiB (`MAX_ARG_STRLEN`) and arguments with the environment over
/// `ARG_MAX` (2 MiB by default). Such a list goes through a response file
/// ([`response_file_text`]), with margins for the rest of the command and the environment.
pub fn too_long_for_exec(words: &[std::ffi::OsString]) -> bool {
    const ONE_WORD: usize = 64 << 10;
    const ALL_WORDS: usize = 512 << 10;
    words.iter().any(|w| w.len() > ONE_WORD)
        || words.iter().map(|w| w.len() + 1).sum::<usize>() > ALL_WORDS
}

/// A response file holding `words`, as clang reads one on Unix (GNU style: a backslash takes
/// the next byte as it is, blanks separate words): every byte that is not plain is escaped,
/// an empty word is `''`.
pub fn response_file_text(words: &[std::ffi::OsString]) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    let mut text = Vec::new();
    for word in words {
        if word.is_empty() {
            text.extend_from_slice(b"''");
        }
        for &byte in word.as_bytes() {
            if byte.is_ascii_whitespace() || matches!(byte, b'\\' | b'\'' | b'"') {
                text.push(b'\\');
            }
            text.push(byte);
        }
        text.push(b'\n');
    }
    text
}

/// Runs `f` (a commit of outputs) to its end even if a termination signal arrives meanwhile:
/// the clean-up waits for it.
pub fn critical<R>(f: impl FnOnce() -> R) -> R {
    let _held = lock(&CRITICAL);
    f()
}

pub(crate) fn register_directory(path: &std::path::Path) {
    lock(&DIRECTORIES).push(path.to_path_buf());
}

pub(crate) fn unregister_directory(path: &std::path::Path) {
    lock(&DIRECTORIES).retain(|d| d != path);
}

/// Handles SIGINT, SIGTERM, SIGHUP and SIGQUIT from now on (see the crate documentation).
/// Call it once, from the main thread, before any other thread starts (threads inherit the
/// blocked signals that route every termination to the clean-up thread), and only in a
/// process that will not `exec` (an exec'd program would inherit the blocked signals).
pub fn install_termination_cleanup() -> io::Result<()> {
    let signals = sys::termination_signals();
    signals.thread_block().map_err(io::Error::from)?;
    let (started, registered) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("termination".into())
        .spawn(move || {
            // Registered under the fork gate, and released right before `sigwait`: a fork
            // (which holds the gate) never sees this thread between the two.
            let starting = lock(&fork::FORK_GATE);
            fork::TERMINATION_THREAD.store(sys::current_thread_id(), Ordering::SeqCst);
            let _ = started.send(());
            drop(starting);
            let Ok(signal) = signals.wait() else {
                // Unregistered before the thread's exit runs code that may lock.
                let _unregistering = lock(&fork::FORK_GATE);
                fork::TERMINATION_THREAD.store(0, Ordering::SeqCst);
                return;
            };
            // Never released: no fork may start while the process ends (see `fork`).
            let _no_more_forks = lock(&fork::FORK_GATE);
            clean_up();
            sys::die_of(signal)
        })?;
    // Until the thread is registered, a fork would count it as a running thread and refuse.
    let _ = registered.recv();
    Ok(())
}

/// Kills the children, lets a commit finish, removes the work directories.
fn clean_up() {
    TERMINATING.store(true, Ordering::SeqCst);
    for &id in lock(&CHILDREN).iter() {
        sys::kill_child(id);
    }
    let _commit_done = lock(&CRITICAL);
    for dir in lock(&DIRECTORIES).iter() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clang reads the words back exactly, however odd: the response file is handed to
    /// `clang++-22 -###`, which prints each argument it got.
    #[test]
    fn response_files_round_trip_through_clang() {
        let odd = [
            "-DA=two words",
            "-DB=\"quoted\" 'single'",
            "-DC=back\\slash\\",
            "-DD=line\nbreak\ttab",
            "-DE=",
            "-DF=$HOME*?",
        ];
        let words: Vec<std::ffi::OsString> = odd.iter().map(Into::into).collect();
        let dir = tempfile::tempdir().expect("temporary test files");
        let file = dir.path().join("args.rsp");
        std::fs::write(&file, response_file_text(&words)).expect("write");
        let Ok(out) = Command::new("clang++-22")
            .arg("-###")
            .arg(format!("@{}", file.display()))
            .args(["-fsyntax-only", "-x", "c++", "/dev/null"])
            .output()
        else {
            eprintln!("clang++-22 not found: skipped");
            return;
        };
        let printed = String::from_utf8_lossy(&out.stderr);
        // -### prints each argument in double quotes, escaping ", \ and $.
        for word in odd {
            let shown: String = word
                .chars()
                .flat_map(|c| match c {
                    '"' | '\\' | '$' => vec!['\\', c],
                    _ => vec![c],
                })
                .collect();
            let want = format!("\"{}\"", shown.replacen("-D", "", 1));
            assert!(printed.contains(&want), "{want} not in {printed}");
        }
    }

    #[test]
    fn long_argument_lists_are_seen() {
        let short: Vec<std::ffi::OsString> = vec!["-O2".into(); 1000];
        assert!(!too_long_for_exec(&short));
        assert!(too_long_for_exec(&["x".repeat(140 << 10).into()]));
        assert!(too_long_for_exec(&vec!["-DX=0123456789".into(); 60_000]));
    }

    #[test]
    fn children_are_recorded_while_they_run() {
        let mut child = spawn(Command::new("sleep").arg("5")).expect("sleep starts");
        assert!(lock(&CHILDREN).contains(&child.id()));
        child.kill().expect("kill");
        let status = wait(&mut child).expect("wait");
        assert!(!status.success());
        assert!(!lock(&CHILDREN).contains(&child.id()));
    }

    #[test]
    fn output_captures_and_forgets() {
        let out = output(Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]))
            .expect("sh runs");
        assert_eq!(out.stdout, b"out\n");
        assert_eq!(out.stderr, b"err\n");
        assert_eq!(out.status.code(), Some(3));
    }
}
