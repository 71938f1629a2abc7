//! Writing a run's output files, shared by `sycl-footer`, `sycl-post-link` and `sycl-clang++`.
//!
//! The commit protocol ([`commit`]): every regular output is first written completely to a
//! temporary file in its own directory; only when all of them exist are they renamed into
//! place, so a file that cannot be written (missing directory, no permission, full disk)
//! leaves every existing output untouched, and readers never see half a file. A new file gets
//! 0666 minus the umask, as `open(2)` gives; a replaced file keeps its mode. An output that is
//! a symbolic link is replaced by the new file, as clang replaces its outputs (the link's
//! target is never written through); one that names a directory is refused; one that is a
//! special file (`/dev/null`, a FIFO) is written in place, as compilers do, before the renames
//! (one that fails, such as `/dev/full`, leaves the regular outputs untouched).
//!
//! A rename that fails after others succeeded puts everything back: replaced files are kept
//! under a temporary hard link until the last rename, files the run created are removed.
//!
//! Runs that share outputs do not mix their sets: the renames happen with an exclusive lock
//! (`flock`) on every output directory, so two runs writing the same `-o` leave one run's
//! complete set. Catchable termination signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ) are
//! held while a commit runs: one arriving then takes effect after the temporary files are
//! renamed or removed, never between two renames. A run that is killed outright (SIGKILL)
//! may leave temporary files; they are named `.sycl-specconst-<pid>-…`, and a later commit
//! into the same directory removes those whose process is gone.

#![forbid(unsafe_code)]

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// An output that could not be written: `cannot write PATH: reason`.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {reason}", .path.display())]
pub struct WriteError {
    pub path: PathBuf,
    pub reason: String,
}

fn error(path: &Path, e: &std::io::Error) -> WriteError {
    WriteError {
        path: path.to_path_buf(),
        reason: plain_io_error(e),
    }
}

/// The OS error alone: the temporary file's name would only confuse.
pub fn plain_io_error(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "is a directory".into(),
        _ => std::io::Error::from(e.kind()).to_string(),
    }
}

/// Where an output goes.
enum Destination {
    /// Written through a temporary file and a rename (at this path: a link's target).
    Regular(PathBuf),
    /// Written in place.
    Special,
}

fn destination(path: &Path) -> Result<Destination, WriteError> {
    match std::fs::symlink_metadata(path) {
        // A link is replaced like a file: its target stays as it was.
        Ok(m) if m.file_type().is_symlink() || m.is_file() => {
            Ok(Destination::Regular(path.to_path_buf()))
        }
        Ok(m) if m.is_dir() => Err(WriteError {
            path: path.to_path_buf(),
            reason: "is a directory".into(),
        }),
        Ok(_) => Ok(Destination::Special),
        Err(_) => Ok(Destination::Regular(path.to_path_buf())),
    }
}

/// Prefix of every temporary file; the process id follows.
const TEMP_PREFIX: &str = ".sycl-specconst-";

/// Termination signals held during a commit.
fn held_signals() -> nix::sys::signal::SigSet {
    use nix::sys::signal::Signal;
    let mut set = nix::sys::signal::SigSet::empty();
    for s in [
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGQUIT,
        Signal::SIGXFSZ,
    ] {
        set.add(s);
    }
    set
}

/// Holds the termination signals until dropped (then the previous mask returns, and a signal
/// that arrived meanwhile is delivered).
struct SignalsHeld(Option<nix::sys::signal::SigSet>);

impl SignalsHeld {
    fn new() -> SignalsHeld {
        let mut old = nix::sys::signal::SigSet::empty();
        let held = nix::sys::signal::pthread_sigmask(
            nix::sys::signal::SigmaskHow::SIG_BLOCK,
            Some(&held_signals()),
            Some(&mut old),
        );
        SignalsHeld(held.ok().map(|()| old))
    }
}

impl Drop for SignalsHeld {
    fn drop(&mut self) {
        if let Some(old) = self.0.take() {
            let _ = nix::sys::signal::pthread_sigmask(
                nix::sys::signal::SigmaskHow::SIG_SETMASK,
                Some(&old),
                None,
            );
        }
    }
}

/// Removes temporary files of processes that no longer run (killed mid-commit) from `dir`.
fn remove_stale_temporaries(dir: &Path) {
    remove_files_of_dead_processes(dir, |name| {
        name.strip_prefix(TEMP_PREFIX)?
            .split('-')
            .next()?
            .parse()
            .ok()
    });
}

/// Removes the files in `dir` whose name `pid_of` maps to the id of a process that no longer
/// runs: what a process killed outright (SIGKILL) left behind. Names it maps to nothing stay.
pub fn remove_files_of_dead_processes(dir: &Path, pid_of: impl Fn(&str) -> Option<i32>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(&pid_of).filter(|&p| p > 0) else {
            continue;
        };
        let gone = matches!(
            nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None),
            Err(nix::errno::Errno::ESRCH)
        );
        if gone {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// An exclusive lock on the file at `path` (made if missing), once no other process holds it,
/// for one builder of a cache entry among concurrent ones; `None` (build anyway) if it cannot
/// be had, or after `patience` (a holder stopped, not killed: a killed one's lock goes with it).
/// Held until the lock is dropped.
pub fn build_lock(
    path: &Path,
    patience: std::time::Duration,
) -> Option<nix::fcntl::Flock<std::fs::File>> {
    use nix::fcntl::{Flock, FlockArg};
    let mut file = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .ok()?;
    let deadline = std::time::Instant::now() + patience;
    loop {
        match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            Ok(lock) => return Some(lock),
            Err((back, nix::errno::Errno::EWOULDBLOCK)) if std::time::Instant::now() < deadline => {
                file = back;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(_) => return None,
        }
    }
}

/// Whether the file system holding `dir` has `bytes` free for this user: a cache checks
/// before writing an entry, since a full disk must be met before a write, not half-way.
pub fn has_room(dir: &Path, bytes: u64) -> bool {
    match nix::sys::statvfs::statvfs(dir) {
        Ok(st) => st.blocks_available().saturating_mul(st.fragment_size()) >= bytes,
        Err(_) => false,
    }
}

/// The process id in the name of a file staged by [`staged_name`] for a cache entry named
/// `<prefix>…<extension>`, or of a file a tool derived from that name while writing it: clang
/// writes `<entry>.<pid>-<hex>.tmp.tmp` and renames it to the staged name, a `-MF` beside it is
/// `<entry>.<pid>.tmp.d`, LLVM's output streams use `<entry>.<pid>.tmp.temp-stream-<x>`.
/// Whatever follows the process id must start as one of those do (`.tmp`, `-`).
pub fn staged_pid(name: &str, prefix: &str, extension: &str) -> Option<i32> {
    let rest = name.strip_prefix(prefix)?;
    let (_, tail) = rest.rsplit_once(&format!("{extension}."))?;
    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
    let after = &tail[digits..];
    if !(after.starts_with(".tmp") || after.starts_with('-') && after.ends_with(".tmp")) {
        return None;
    }
    tail[..digits].parse().ok().filter(|&p| p > 0)
}

/// Where a process writes a cache entry before renaming it into place: `<path>.<pid>.tmp`,
/// so concurrent builders never share a file and [`remove_files_of_dead_processes`] can
/// tell the leftovers of dead ones.
pub fn staged_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{}.tmp", std::process::id()));
    PathBuf::from(name)
}

/// The files of a cache directory to evict: those named `<prefix>…<suffix>` beyond the `keep`
/// most recently modified, least recent first, skipping any modified within `grace` (another
/// process may be about to use it).
pub fn least_recently_used(
    dir: &Path,
    prefix: &str,
    suffix: &str,
    keep: usize,
    grace: std::time::Duration,
) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(prefix) && name.ends_with(suffix)
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    if files.len() <= keep {
        return Vec::new();
    }
    files.sort();
    let now = std::time::SystemTime::now();
    let excess = files.len() - keep;
    files
        .into_iter()
        .take(excess)
        .filter(|(used, _)| {
            grace.is_zero() || now.duration_since(*used).is_ok_and(|age| age > grace)
        })
        .map(|(_, path)| path)
        .collect()
}

/// Writes every `(path, bytes)` as one commit (see the crate documentation).
pub fn commit(files: &[(&Path, &[u8])]) -> Result<(), WriteError> {
    let _held = SignalsHeld::new();
    let temp_prefix = format!("{TEMP_PREFIX}{}-", std::process::id());
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut staged = Vec::with_capacity(files.len());
    let mut special = Vec::new();
    for &(path, bytes) in files {
        let target = match destination(path)? {
            Destination::Special => {
                special.push((path, bytes));
                continue;
            }
            Destination::Regular(target) => target,
        };
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // tempfile creates 0600 files; an output keeps the mode of the file it replaces, and a
        // new one gets 0666 minus the umask, as if created with open(2).
        let mode = std::fs::symlink_metadata(&target)
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map_or(0o666, |m| m.permissions().mode() & 0o7777);
        if !dirs.contains(&dir) {
            remove_stale_temporaries(&dir);
            dirs.push(dir.clone());
        }
        let mut tmp = tempfile::Builder::new()
            .prefix(&temp_prefix)
            .permissions(std::fs::Permissions::from_mode(mode))
            .tempfile_in(&dir)
            .map_err(|e| error(path, &e))?;
        tmp.write_all(bytes).map_err(|e| error(path, &e))?;
        staged.push((tmp, target, path));
    }
    // One run's set at a time: the directories are locked in a fixed order (no deadlock
    // between runs sharing several). Directories that cannot be locked (a file system without
    // flock) are renamed into unlocked, as before.
    // One lock per directory, however it is spelt (`.` and its absolute path): a second
    // lock of one directory through another open file would wait for the first forever.
    let mut opened: Vec<((u64, u64), std::fs::File)> = dirs
        .iter()
        .filter_map(|d| std::fs::File::open(d).ok())
        .filter_map(|f| {
            use std::os::unix::fs::MetadataExt;
            let m = f.metadata().ok()?;
            Some(((m.dev(), m.ino()), f))
        })
        .collect();
    opened.sort_by_key(|(id, _)| *id);
    opened.dedup_by_key(|(id, _)| *id);
    let _locks: Vec<_> = opened
        .into_iter()
        .filter_map(|(_, f)| nix::fcntl::Flock::lock(f, nix::fcntl::FlockArg::LockExclusive).ok())
        .collect();
    // Special files first: one that fails (`/dev/full`) must leave every regular output as
    // it was, and a special file cannot be put back anyway.
    for (path, bytes) in special {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| error(path, &e))?;
        file.write_all(bytes).map_err(|e| error(path, &e))?;
    }
    // No fsync: like clang's own outputs, the rename makes the write atomic for readers; it
    // does not try to survive power loss.
    rename_all(staged, &temp_prefix, |_| Ok(()))
}

/// Renames every staged file into place, or none: the files replaced so far are kept under a
/// temporary name (a hard link) until all renames succeeded, and put back when one fails, so
/// a failed commit leaves the outputs as they were (new files removed, old ones restored).
/// `before_rename` lets tests make a rename fail.
fn rename_all(
    staged: Vec<(tempfile::NamedTempFile, PathBuf, &Path)>,
    temp_prefix: &str,
    before_rename: impl Fn(&Path) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    // (target, the old version's backup if it existed)
    let mut done: Vec<(PathBuf, Option<PathBuf>)> = Vec::with_capacity(staged.len());
    let undo = |done: &[(PathBuf, Option<PathBuf>)]| {
        for (target, backup) in done.iter().rev() {
            match backup {
                Some(b) => {
                    let _ = std::fs::rename(b, target);
                }
                None => {
                    let _ = std::fs::remove_file(target);
                }
            }
        }
    };
    for (n, (tmp, target, path)) in staged.into_iter().enumerate() {
        let backup = if target.exists() {
            let b = target.with_file_name(format!("{temp_prefix}old-{n}"));
            let _ = std::fs::remove_file(&b);
            match std::fs::hard_link(&target, &b) {
                Ok(()) => Some(b),
                Err(e) => {
                    undo(&done);
                    return Err(error(path, &e));
                }
            }
        } else {
            None
        };
        let renamed = before_rename(&target)
            .and_then(|()| tmp.persist(&target).map(|_| ()).map_err(|e| e.error));
        if let Err(e) = renamed {
            if let Some(b) = &backup {
                let _ = std::fs::remove_file(b);
            }
            undo(&done);
            return Err(error(path, &e));
        }
        done.push((target, backup));
    }
    for (_, backup) in done {
        if let Some(b) = backup {
            let _ = std::fs::remove_file(b);
        }
    }
    Ok(())
}

/// One file, committed alone.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    commit(&[(path, bytes)])
}

/// Whether two paths name the same file: the same inode when both exist, else the same
/// absolute path.
pub fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => std::path::absolute(a).ok() == std::path::absolute(b).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_build_lock_waits_for_its_holder() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let path = dir.path().join("entry.lock");
        let held = build_lock(&path, std::time::Duration::ZERO).expect("free lock");
        // Held (even by this process, through another open): no lock within the patience.
        assert!(build_lock(&path, std::time::Duration::from_millis(60)).is_none());
        drop(held);
        assert!(build_lock(&path, std::time::Duration::ZERO).is_some());
    }

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().expect("temporary directory")
    }

    #[test]
    fn new_files_get_the_umask_mode_replaced_files_keep_theirs() {
        let d = dir();
        let fresh = d.path().join("fresh");
        write(&fresh, b"x").expect("write");
        let mode = std::fs::metadata(&fresh)
            .expect("meta")
            .permissions()
            .mode()
            & 0o777;
        assert_ne!(mode, 0o600, "not tempfile's private mode");
        let kept = d.path().join("kept");
        std::fs::write(&kept, b"old").expect("old");
        std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        write(&kept, b"new").expect("write");
        let meta = std::fs::metadata(&kept).expect("meta");
        assert_eq!(meta.permissions().mode() & 0o777, 0o640);
        assert_eq!(std::fs::read(&kept).expect("read"), b"new");
    }

    #[test]
    fn one_unwritable_file_leaves_every_output_untouched() {
        let d = dir();
        let a = d.path().join("a");
        std::fs::write(&a, b"old").expect("old");
        let missing = d.path().join("no/such/dir/b");
        let err = commit(&[(&a, b"new"), (&missing, b"x")]).expect_err("must fail");
        assert_eq!(err.path, missing);
        assert_eq!(std::fs::read(&a).expect("read"), b"old");
        let leftovers: Vec<_> = std::fs::read_dir(d.path()).expect("list").collect();
        assert_eq!(leftovers.len(), 1, "only `a` remains: no temporary file");
    }

    #[test]
    fn symlinks_are_replaced_not_written_through_and_directories_refused() {
        let d = dir();
        let target = d.path().join("target");
        std::fs::write(&target, b"old").expect("old");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        let link = d.path().join("link");
        symlink(&target, &link).expect("link");
        write(&link, b"new").expect("write");
        let meta = std::fs::symlink_metadata(&link).expect("meta");
        assert!(meta.is_file());
        // A new file: the link target's mode is not taken over.
        assert_ne!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read(&link).expect("read"), b"new");
        assert_eq!(std::fs::read(&target).expect("read"), b"old");
        let err = write(d.path(), b"x").expect_err("directory");
        assert_eq!(err.reason, "is a directory");
    }

    #[test]
    fn one_directory_spelt_twice_is_locked_once() {
        let d = dir();
        let relative_dir = d.path().join("sub");
        std::fs::create_dir(&relative_dir).expect("mkdir");
        let a = relative_dir.join("a");
        let b = d.path().join("sub/../sub/b");
        // Would wait for its own lock forever if the directory were locked twice.
        commit(&[(&a, b"1"), (&b, b"2")]).expect("commit");
        assert_eq!(std::fs::read(&a).expect("a"), b"1");
    }

    #[test]
    fn concurrent_commits_of_one_set_leave_one_runs_set() {
        let d = dir();
        let names: Vec<PathBuf> = ["out.table", "out_0.bc", "out_0.prop", "out_0.sym"]
            .iter()
            .map(|n| d.path().join(n))
            .collect();
        for round in 0..100 {
            std::thread::scope(|s| {
                for run in [b"first", b"other"] {
                    let names = &names;
                    s.spawn(move || {
                        let files: Vec<(&Path, &[u8])> =
                            names.iter().map(|p| (p.as_path(), &run[..])).collect();
                        commit(&files).expect("commit");
                    });
                }
            });
            let contents: Vec<Vec<u8>> = names
                .iter()
                .map(|p| std::fs::read(p).expect("read"))
                .collect();
            assert!(
                contents.iter().all(|c| *c == contents[0]),
                "round {round}: a mixed set {contents:?}"
            );
        }
    }

    #[test]
    fn temporaries_of_dead_processes_are_removed_live_ones_kept() {
        let d = dir();
        let mut child = std::process::Command::new("true").spawn().expect("spawn");
        let dead = child.id();
        child.wait().expect("wait");
        let stale = d.path().join(format!("{TEMP_PREFIX}{dead}-abc"));
        let live = d
            .path()
            .join(format!("{TEMP_PREFIX}{}-def", std::process::id()));
        std::fs::write(&stale, b"x").expect("stale");
        std::fs::write(&live, b"x").expect("live");
        write(&d.path().join("out"), b"new").expect("write");
        assert!(!stale.exists(), "a dead process's temporary file goes");
        assert!(live.exists(), "a running process's temporary file stays");
    }

    #[test]
    fn a_failed_rename_puts_every_output_back() {
        let d = dir();
        let old = d.path().join("out.table");
        std::fs::write(&old, b"old table").expect("old");
        let fresh = d.path().join("out_0.prop");
        let last = d.path().join("out_0.bc");
        std::fs::write(&last, b"old code").expect("old");
        let stage = || {
            let mut tmp = tempfile::Builder::new()
                .prefix(".sycl-specconst-test-")
                .tempfile_in(d.path())
                .expect("temp");
            tmp.write_all(b"new").expect("write");
            tmp
        };
        let staged = vec![
            (stage(), old.clone(), old.as_path()),
            (stage(), fresh.clone(), fresh.as_path()),
            (stage(), last.clone(), last.as_path()),
        ];
        let failing = last.clone();
        let err = rename_all(staged, ".sycl-specconst-test-", |target| {
            if target == failing {
                Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied))
            } else {
                Ok(())
            }
        })
        .expect_err("the third rename fails");
        assert_eq!(err.path, last);
        assert_eq!(std::fs::read(&old).expect("read"), b"old table");
        assert!(!fresh.exists(), "a file the run created is removed again");
        assert_eq!(std::fs::read(&last).expect("read"), b"old code");
        let names: Vec<String> = std::fs::read_dir(d.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names.len(),
            2,
            "no backups or temporary files left: {names:?}"
        );
    }

    #[test]
    fn a_failing_special_file_leaves_the_regular_outputs_untouched() {
        let d = dir();
        let regular = d.path().join("footer.h");
        std::fs::write(&regular, b"old").expect("old");
        let full = Path::new("/dev/full");
        if !full.exists() {
            return;
        }
        assert!(commit(&[(&regular, b"new"), (full, b"x")]).is_err());
        assert_eq!(std::fs::read(&regular).expect("read"), b"old");
        let left: Vec<_> = std::fs::read_dir(d.path()).expect("dir").collect();
        assert_eq!(left.len(), 1, "no temporary file is left");
    }

    #[test]
    fn special_files_are_written_in_place() {
        write(Path::new("/dev/null"), b"discarded").expect("write /dev/null");
        let meta = std::fs::metadata("/dev/null").expect("meta");
        assert!(!meta.is_file(), "still the device");
    }
}
