//! Private, locked work directories for generated files.

use std::ffi::OsStr;
use std::fs::{DirBuilder, File, OpenOptions};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use nix::fcntl::{Flock, FlockArg};
use sha2::Digest;

/// Prefix of every work directory's name.
const PREFIX: &str = "sycl-specconst-";
/// The lock file inside a work directory, held by its owner.
const LOCK: &str = ".lock";

#[derive(Debug, thiserror::Error)]
pub enum WorkDirError {
    #[error("cannot create the work directory '{}': {reason}", .path.display())]
    Create { path: PathBuf, reason: String },
    #[error(
        "refusing to use '{}' for generated files: it is not a directory of this user that only this user can enter",
        .path.display()
    )]
    NotPrivate { path: PathBuf },
}

fn create_error(path: &Path, e: &std::io::Error) -> WorkDirError {
    WorkDirError::Create {
        path: path.to_path_buf(),
        reason: e.to_string(),
    }
}

/// A directory for one run's generated files; removed when dropped unless kept.
#[derive(Debug)]
pub struct WorkDir {
    path: PathBuf,
    /// Held for the directory's lifetime; `None` for a kept, named directory.
    _lock: Option<Flock<File>>,
    keep: bool,
}

impl WorkDir {
    /// The work directory for `key` (e.g. the output's absolute path): `<base>/sycl-specconst-
    /// <hash of key>`, where `base` is `$TMPDIR/sycl-specconst-<uid>` (created private to the
    /// user and checked to be so) or the directory given (`-fsycl-footer-path`, created if
    /// missing). Waits while another run holds the same directory; clears what a killed run
    /// left in it; removes the directories of other dead runs in `base`.
    pub fn private(base: Option<&Path>, key: &OsStr) -> Result<WorkDir, WorkDirError> {
        let base = match base {
            Some(dir) => {
                std::fs::create_dir_all(dir).map_err(|e| create_error(dir, &e))?;
                dir.to_path_buf()
            }
            None => private_base()?,
        };
        let name = format!("{PREFIX}{}", hash_hex(key.as_bytes()));
        remove_abandoned(&base, &name);
        let path = base.join(name);
        let lock = take(&path)?;
        clear_except_lock(&path);
        crate::register_directory(&path);
        Ok(WorkDir {
            path,
            _lock: Some(lock),
            keep: false,
        })
    }

    /// The path [`WorkDir::private`] would use, without creating anything (for `-###`).
    pub fn planned(base: Option<&Path>, key: &OsStr) -> PathBuf {
        let base = base.map_or_else(private_base_path, Path::to_path_buf);
        base.join(format!("{PREFIX}{}", hash_hex(key.as_bytes())))
    }

    /// `-save-temps`: a named directory the user asked for, created if missing (its parent
    /// must exist: no directories the user did not ask for), kept.
    pub fn named(path: PathBuf) -> Result<WorkDir, WorkDirError> {
        match std::fs::create_dir(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                return Err(create_error(&path, &e));
            }
            _ => {}
        }
        if !std::fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
            return Err(WorkDirError::Create {
                path,
                reason: "it exists and is not a directory".into(),
            });
        }
        Ok(WorkDir {
            path,
            _lock: None,
            keep: true,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keeps the directory after the run (`-###` shows paths without creating anything).
    pub fn keep(&mut self) {
        self.keep = true;
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if !self.keep {
            // Removed while still locked: a run waiting for it finds its lock file unlinked
            // and starts over with a new directory.
            let _ = std::fs::remove_dir_all(&self.path);
        }
        crate::unregister_directory(&self.path);
    }
}

/// `$TMPDIR/sycl-specconst-<uid>`, mode 0700, owned by the user, not a link.
fn private_base() -> Result<PathBuf, WorkDirError> {
    let uid = nix::unistd::geteuid().as_raw();
    let base = private_base_path();
    match DirBuilder::new().mode(0o700).create(&base) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
            return Err(create_error(&base, &e));
        }
        _ => {}
    }
    match std::fs::symlink_metadata(&base) {
        Ok(m) if m.is_dir() && m.uid() == uid && m.mode() & 0o077 == 0 => Ok(base),
        _ => Err(WorkDirError::NotPrivate { path: base }),
    }
}

fn private_base_path() -> PathBuf {
    let uid = nix::unistd::geteuid().as_raw();
    std::env::temp_dir().join(format!("{PREFIX}{uid}"))
}

fn hash_hex(key: &[u8]) -> String {
    let digest = sha2::Sha256::digest(key);
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// Creates (or finds) `dir` and takes its lock, waiting for a run that holds it. Retries when
/// the directory was removed meanwhile (its owner finished, or a sweep found it abandoned).
fn take(dir: &Path) -> Result<Flock<File>, WorkDirError> {
    let lock_path = dir.join(LOCK);
    loop {
        match DirBuilder::new().mode(0o700).create(dir) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                return Err(create_error(dir, &e));
            }
            _ => {}
        }
        let file = match open_lock(&lock_path, true) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(create_error(&lock_path, &e)),
        };
        let locked = Flock::lock(file, FlockArg::LockExclusive)
            .map_err(|(_, e)| create_error(&lock_path, &e.into()))?;
        if still_linked(&locked, &lock_path) {
            return Ok(locked);
        }
    }
}

fn open_lock(path: &Path, create: bool) -> std::io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(create)
        .mode(0o600)
        // Never through a link, never blocking on a FIFO someone put there.
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
}

/// Is the locked file still the one at `path` (not unlinked by the previous holder)?
fn still_linked(file: &File, path: &Path) -> bool {
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Removes what a killed run left in its directory.
fn clear_except_lock(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name() == LOCK {
            continue;
        }
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => {
                let _ = std::fs::remove_dir_all(&path);
            }
            _ => {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
}

/// Removes the work directories in `base` whose owner died without removing them (SIGKILL):
/// their lock can be taken at once. Directories without a lock file are left alone (a run
/// may be about to create it).
fn remove_abandoned(base: &Path, own: &str) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    let uid = nix::unistd::geteuid().as_raw();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name == own || !name.as_bytes().starts_with(PREFIX.as_bytes()) {
            continue;
        }
        let path = entry.path();
        let ours = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir() && m.uid() == uid);
        if !ours {
            continue;
        }
        let lock_path = path.join(LOCK);
        let Ok(file) = open_lock(&lock_path, false) else {
            continue;
        };
        if let Ok(locked) = Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            if still_linked(&locked, &lock_path) {
                let _ = std::fs::remove_dir_all(&path);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_key_names_the_same_directory_and_it_goes_when_dropped() {
        let base = tempfile::tempdir().expect("tempdir");
        let first = WorkDir::private(Some(base.path()), OsStr::new("/out/app")).expect("work dir");
        let path = first.path().to_path_buf();
        assert!(path.starts_with(base.path()));
        std::fs::write(path.join("footer.h"), "x").expect("write");
        drop(first);
        assert!(!path.exists());
        let again = WorkDir::private(Some(base.path()), OsStr::new("/out/app")).expect("work dir");
        assert_eq!(again.path(), path);
        let other = WorkDir::private(Some(base.path()), OsStr::new("/out/lib")).expect("work dir");
        assert_ne!(other.path(), path);
    }

    #[test]
    fn a_second_run_waits_for_the_first() {
        let base = tempfile::tempdir().expect("tempdir");
        let first = WorkDir::private(Some(base.path()), OsStr::new("k")).expect("work dir");
        let marker = first.path().join("mine");
        std::fs::write(&marker, "1").expect("write");
        let (tx, rx) = std::sync::mpsc::channel();
        let base_path = base.path().to_path_buf();
        let waiter = std::thread::spawn(move || {
            let second = WorkDir::private(Some(&base_path), OsStr::new("k")).expect("work dir");
            tx.send(second.path().join("mine").exists()).expect("send");
        });
        // The second run is blocked while the first holds the directory.
        assert!(
            rx.recv_timeout(std::time::Duration::from_millis(200))
                .is_err()
        );
        drop(first);
        // It then gets a fresh directory, without the first run's files.
        assert_eq!(
            rx.recv_timeout(std::time::Duration::from_secs(5)),
            Ok(false)
        );
        waiter.join().expect("join");
    }

    #[test]
    fn leftovers_of_dead_runs_are_removed() {
        let base = tempfile::tempdir().expect("tempdir");
        // An abandoned directory: a lock file nobody holds, and files.
        let dead = base.path().join(format!("{PREFIX}0123456789abcdef"));
        std::fs::create_dir(&dead).expect("mkdir");
        std::fs::write(dead.join(LOCK), "").expect("lock");
        std::fs::write(dead.join("footer.h"), "x").expect("file");
        // A directory that is not ours by name stays.
        let user = base.path().join("app.sycl");
        std::fs::create_dir(&user).expect("mkdir");
        let live = WorkDir::private(Some(base.path()), OsStr::new("k")).expect("work dir");
        assert!(!dead.exists());
        assert!(user.exists());
        // A held directory is not removed by another run's sweep.
        let other = WorkDir::private(Some(base.path()), OsStr::new("other")).expect("work dir");
        assert!(live.path().exists());
        drop(other);
    }

    #[test]
    fn a_kept_named_directory_stays_and_needs_its_parent() {
        let base = tempfile::tempdir().expect("tempdir");
        let named = WorkDir::named(base.path().join("app.sycl")).expect("named");
        let path = named.path().to_path_buf();
        drop(named);
        assert!(path.is_dir());
        assert!(WorkDir::named(base.path().join("no/such/dir.sycl")).is_err());
    }
}
