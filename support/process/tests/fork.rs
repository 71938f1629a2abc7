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

fn main() {
    bytes_and_errors_come_back();
    child_state_does_not_leak_into_the_parent();
    a_dying_child_is_an_error();
    a_fork_is_refused_while_another_thread_runs();
    // Last: it blocks the termination signals for the rest of the process.
    the_termination_thread_does_not_stop_a_fork();
    println!("fork: 5 checks passed");
}
