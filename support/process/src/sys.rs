//! The crate's only `unsafe`: the code a child runs between `fork` and `exec`, the forked
//! job runner's `fork`, and the C library's allocator and exit calls.

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

/// The kernel's id of the calling thread.
pub(crate) fn current_thread_id() -> i32 {
    nix::unistd::gettid().as_raw()
}

/// `fork` with a pipe back from the child: the child runs `job`, writes what it returns to
/// the pipe and ends with `_exit`; the parent gets the child's pid and the pipe's read end.
///
/// Sound because of `_alone`: no other thread of the process can hold a lock or be inside the
/// allocator (the child continues with a copy of every lock in the state it had, and `job`
/// allocates); `crate::fork` makes that proof only after checking.
pub(crate) fn fork_with_pipe(
    _alone: &crate::fork::SoleThread<'_>,
    job: impl FnOnce() -> Vec<u8>,
) -> std::io::Result<(libc::pid_t, std::os::fd::OwnedFd)> {
    use std::io::Write;
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: pipe2 succeeded, so both descriptors are open and owned by nobody else.
    let (read_end, write_end) =
        unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let parent = std::process::id();
    // SAFETY: `_alone` proves no other thread holds a lock; the child only runs `job`, writes
    // and `_exit`s.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if pid == 0 {
        drop(read_end);
        if join_the_lifecycle(parent).is_err() {
            // SAFETY: as below; the parent reads no result and reports the exit.
            unsafe { libc::_exit(1) }
        }
        let message = job();
        let mut pipe = std::fs::File::from(write_end);
        let code = i32::from(pipe.write_all(&message).is_err());
        drop(pipe);
        // SAFETY: ends the child without running the parent's exit handlers or destructors.
        unsafe { libc::_exit(code) }
    }
    Ok((pid, read_end))
}

/// In a forked child, before its job: it dies with the thread that forked it (the driver
/// killed outright included), and the termination signals, which the driver's threads keep
/// blocked for the clean-up thread, act on it again (a Ctrl-C to the process group ends it at
/// once). An exec'd child gets both from `die_with_parent` and the standard library.
fn join_the_lifecycle(parent: u32) -> nix::Result<()> {
    nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
    // The parent died before the signal was asked for: none would come.
    if nix::unistd::getppid().as_raw() != parent as libc::pid_t {
        return Err(nix::errno::Errno::ESRCH);
    }
    termination_signals().thread_unblock()
}

/// Waits until the child `pid` has ended, leaving it to be reaped ([`wait_for_child`]).
pub(crate) fn wait_for_exit_unreaped(pid: libc::pid_t) -> std::io::Result<()> {
    use nix::sys::wait::{Id, WaitPidFlag, waitid};
    let child = nix::unistd::Pid::from_raw(pid);
    loop {
        match waitid(Id::Pid(child), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT) {
            Ok(_) => return Ok(()),
            Err(nix::errno::Errno::EINTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
}

/// Waits for the child `pid` and returns its raw wait status.
pub(crate) fn wait_for_child(pid: libc::pid_t) -> std::io::Result<libc::c_int> {
    let mut status = 0;
    loop {
        // SAFETY: `status` is a valid out-parameter; waitpid reads nothing else of ours.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            return Ok(status);
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// glibc's allocator tuning: one arena for every thread, and `brk` steps of `top_pad` bytes.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) fn use_one_arena(top_pad: libc::c_int) {
    // SAFETY: mallopt only sets allocator parameters, and a rejected value leaves glibc's
    // default in place. Callers run it before other threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_TOP_PAD, top_pad);
    }
}

/// `_exit`: ends the process without exit handlers.
pub(crate) fn exit_now(code: u8) -> ! {
    // SAFETY: `_exit` ends the process; nothing of ours runs afterwards.
    unsafe { libc::_exit(libc::c_int::from(code)) }
}

/// The soft address-space limit, if any.
pub(crate) fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct passed.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    (read && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}
