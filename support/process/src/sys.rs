//! The crate's only `unsafe`: the code a child runs between `fork` and `exec`.

#![allow(unsafe_code)]

use std::os::unix::process::CommandExt;
use std::process::Command;

use nix::sys::signal::{SigSet, Signal};

/// The child gets SIGKILL when the thread that started it ends (the driver killed outright
/// included), so a compiler blocked on a FIFO the driver would have fed never lingers.
pub(crate) fn die_with_parent(cmd: &mut Command) {
    let parent = std::process::id();
    // SAFETY: the closure runs in the child between fork and exec, where only
    // async-signal-safe calls are allowed: it calls prctl, getppid and _exit, and neither
    // allocates nor takes a lock (an io::Error from an OS code allocates nothing).
    unsafe {
        cmd.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent died before prctl took effect: no signal would come.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                libc::_exit(1);
            }
            Ok(())
        });
    }
}

/// The signals that end a build: the clean-up thread waits for them. One the driver was
/// started ignoring (SIGINT in a background job, SIGHUP under nohup) stays ignored.
pub(crate) fn termination_signals() -> SigSet {
    let mut set = SigSet::empty();
    for s in [
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGQUIT,
    ] {
        if !is_ignored(s) {
            set.add(s);
        }
    }
    set
}

fn is_ignored(signal: Signal) -> bool {
    let mut current = std::mem::MaybeUninit::<libc::sigaction>::zeroed();
    // SAFETY: with a null new action sigaction only reads the current one into `current`,
    // a valid, writable sigaction; the memory is initialised (zeroed) either way.
    let read = unsafe {
        libc::sigaction(
            signal as libc::c_int,
            std::ptr::null(),
            current.as_mut_ptr(),
        )
    };
    // SAFETY: zero-initialised above, and filled in by sigaction on success.
    let current = unsafe { current.assume_init() };
    read == 0 && current.sa_sigaction == libc::SIG_IGN
}

pub(crate) fn kill_child(id: u32) {
    if let Ok(pid) = i32::try_from(id) {
        // SIGKILL: the child writes only into the work directory, which goes too.
        let _ = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// Ends the process by `signal`, with its default action (the driver installs no handler;
/// the signal was only blocked and waited for), so the parent sees the usual status.
pub(crate) fn die_of(signal: Signal) -> ! {
    let mut only = SigSet::empty();
    only.add(signal);
    let _ = only.thread_unblock();
    let _ = nix::sys::signal::raise(signal);
    // A signal whose default action is not to terminate (none of ours) ends here.
    std::process::exit(128 + signal as i32)
}
