//! `run_in_child` in a process of its own: libtest's threads would make every fork refused.

use process::{ForkError, run_in_child};

fn bytes_and_errors_come_back() {
    let big: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    let expected = big.clone();
    assert_eq!(run_in_child(move || Ok(big)), Ok(expected));
    assert_eq!(run_in_child(|| Ok(Vec::new())), Ok(Vec::new()));
    assert_eq!(
        run_in_child(|| Err("no target".to_string())),
        Err(ForkError::Job("no target".to_string()))
    );
    // The child's panic message would only be noise here.
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let panicked = run_in_child(|| panic!("the job fails"));
    std::panic::set_hook(quiet);
    assert_eq!(
        panicked,
        Err(ForkError::Job("the job panicked".to_string()))
    );
}

fn child_state_does_not_leak_into_the_parent() {
    static TOUCHED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let r = run_in_child(|| {
        TOUCHED.store(true, std::sync::atomic::Ordering::SeqCst);
        Ok(vec![1])
    });
    assert_eq!(r, Ok(vec![1]));
    assert!(!TOUCHED.load(std::sync::atomic::Ordering::SeqCst));
}

fn a_dying_child_is_an_error() {
    let r = run_in_child(|| std::process::exit(3));
    assert_eq!(r, Err(ForkError::NoResult(3)));
    let r = run_in_child(|| {
        // The child's own pid: it kills itself, as a crash in LLVM would end it.
        let _ = std::process::Command::new("kill")
            .args(["-9", &std::process::id().to_string()])
            .status();
        std::thread::sleep(std::time::Duration::from_secs(10));
        Ok(vec![])
    });
    assert_eq!(r, Err(ForkError::Killed(9)));
}

/// Another thread might hold a lock the child needs: no fork while one runs.
fn a_fork_is_refused_while_another_thread_runs() {
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    let other = std::thread::spawn(move || {
        let _ = stopped.recv();
    });
    assert_eq!(
        run_in_child(|| Ok(vec![1])),
        Err(ForkError::OtherThreads(1))
    );
    let _ = stop.send(());
    other.join().expect("joined");
    // A joined thread leaves /proc/self/task once the kernel has reaped it.
    let mut result = run_in_child(|| Ok(vec![2]));
    for _ in 0..100 {
        if result != Err(ForkError::OtherThreads(1)) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        result = run_in_child(|| Ok(vec![2]));
    }
    assert_eq!(result, Ok(vec![2]));
}

/// The termination thread, parked in `sigwait`, is the one thread a fork may ignore.
fn the_termination_thread_does_not_stop_a_fork() {
    process::install_termination_cleanup().expect("installed");
    assert_eq!(run_in_child(|| Ok(vec![3])), Ok(vec![3]));
}

/// The termination signals in this thread's signal mask `field` of
/// `/proc/thread-self/status` (`SigBlk`: blocked, `SigIgn`: ignored).
fn termination_signals_in(field: &str) -> Vec<&'static str> {
    let status = std::fs::read_to_string("/proc/thread-self/status").expect("own status");
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok())
        .expect("the mask in /proc/thread-self/status");
    [
        ("SIGHUP", 1),
        ("SIGINT", 2),
        ("SIGQUIT", 3),
        ("SIGTERM", 15),
    ]
    .into_iter()
    .filter(|&(_, number)| mask & (1 << (number - 1)) != 0)
    .map(|(name, _)| name)
    .collect()
}

fn blocked_termination_signals() -> Vec<&'static str> {
    termination_signals_in("SigBlk")
}

/// The forked job dies with its parent and reacts to the termination signals, which the
/// parent's threads keep blocked for the clean-up thread: those the process did not start
/// with ignored (`nohup` ignores SIGHUP, a shell's background job SIGINT and SIGQUIT, and the
/// clean-up leaves an ignored signal ignored).
fn a_forked_job_has_the_signals_of_a_child(ignored_at_start: &[&str]) {
    let expected: Vec<&str> = ["SIGHUP", "SIGINT", "SIGQUIT", "SIGTERM"]
        .into_iter()
        .filter(|s| !ignored_at_start.contains(s))
        .collect();
    assert_eq!(blocked_termination_signals(), expected);
    let in_child = run_in_child(|| {
        let death = nix::sys::prctl::get_pdeathsig().map_err(|e| e.to_string())?;
        Ok(format!("{death:?} {:?}", blocked_termination_signals()).into_bytes())
    });
    assert_eq!(
        in_child.map(|b| String::from_utf8_lossy(&b).into_owned()),
        Ok("Some(SIGKILL) []".to_string())
    );
}

/// Run as a process of its own (`--fork-and-sleep`): a driver whose forked job runs long.
fn fork_and_sleep() {
    process::install_termination_cleanup().expect("installed");
    let _ = run_in_child(|| {
        use std::io::Write;
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{}", std::process::id());
        let _ = out.flush();
        std::thread::sleep(std::time::Duration::from_secs(60));
        Ok(Vec::new())
    });
}

/// Whether process `pid` is gone (reaped, or a zombie of a dead parent).
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// A signal to the parent alone ends its forked job at once: SIGTERM through the clean-up
/// (which kills the recorded job instead of waiting for it), SIGKILL through the parent-death
/// signal. Before, the clean-up waited the job's 60 s, and a SIGKILL left it running.
fn a_signal_to_the_parent_ends_the_forked_job(signal: nix::sys::signal::Signal) {
    use std::io::BufRead;
    use std::os::unix::process::ExitStatusExt;
    let started = std::time::Instant::now();
    let mut parent = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .arg("--fork-and-sleep")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("test binary runs");
    let mut line = String::new();
    std::io::BufReader::new(parent.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("the job's pid");
    let job = line.trim().to_string();
    let parent_pid = nix::unistd::Pid::from_raw(parent.id() as i32);
    nix::sys::signal::kill(parent_pid, signal).expect("signal sent");
    let mut status = None;
    while started.elapsed().as_secs() < 20 {
        status = parent.try_wait().expect("waits");
        if status.is_some() && gone(&job) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    if status.is_none() {
        let _ = parent.kill();
        let _ = parent.wait();
        panic!("{signal} did not end the parent while its job ran");
    }
    let status = parent.wait().expect("waits");
    assert_eq!(status.signal(), Some(signal as i32));
    assert!(
        gone(&job),
        "{signal} to the parent left its job {job} running"
    );
    assert!(started.elapsed().as_secs() < 20);
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--fork-and-sleep") {
        return fork_and_sleep();
    }
    let ignored_at_start = termination_signals_in("SigIgn");
    a_signal_to_the_parent_ends_the_forked_job(nix::sys::signal::Signal::SIGTERM);
    a_signal_to_the_parent_ends_the_forked_job(nix::sys::signal::Signal::SIGKILL);
    bytes_and_errors_come_back();
    child_state_does_not_leak_into_the_parent();
    a_dying_child_is_an_error();
    a_fork_is_refused_while_another_thread_runs();
    // Last: it blocks the termination signals for the rest of the process.
    the_termination_thread_does_not_stop_a_fork();
    a_forked_job_has_the_signals_of_a_child(&ignored_at_start);
    println!("fork: 8 checks passed");
}
