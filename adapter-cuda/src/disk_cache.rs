//! Specialised PTX on disk (issue 32): a launch with values seen by an earlier process loads
//! the PTX it saved, without the specialiser. One file per key; written to a temporary file
//! in the same directory and renamed, so a reader sees a whole file or none, whatever other
//! processes do; bounded in total size by deleting the least recently used files (a hit
//! refreshes its file's modification time). Every error is a miss or a file not saved.
#![forbid(unsafe_code)]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

/// The project's cache directory (the driver's too; `off` or empty: no disk cache).
pub(crate) const DIRECTORY_VARIABLE: &str = "SYCL_SPECCONST_CACHE_DIR";
/// The size bound in MiB.
pub(crate) const MAX_MB_VARIABLE: &str = "SYCL_SPECCONST_CACHE_MAX_MB";
const DEFAULT_MAX_MB: u64 = 256;
const SUFFIX: &str = "ptx";
/// A temporary file this old was left by a process that died between write and rename.
const STALE_TEMPORARY: Duration = Duration::from_secs(3600);

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DiskCache {
    directory: PathBuf,
    max_bytes: u64,
}

/// What a specialisation's PTX depends on.
pub(crate) struct KeyParts<'a> {
    pub(crate) image_sha256: &'a [u8; 32],
    pub(crate) kernel: &'a str,
    pub(crate) values: &'a [u8],
    pub(crate) capability: (i32, i32),
}

/// The file name stem of a key: a sha256 over its parts, each length-prefixed (no two keys
/// concatenate alike), and the adapter's version (another version may generate other PTX).
pub(crate) fn key(parts: &KeyParts<'_>) -> String {
    let mut hash = Sha256::new();
    let mut field = |bytes: &[u8]| {
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    };
    field(parts.image_sha256);
    field(parts.kernel.as_bytes());
    field(parts.values);
    field(&parts.capability.0.to_le_bytes());
    field(&parts.capability.1.to_le_bytes());
    field(env!("CARGO_PKG_VERSION").as_bytes());
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl DiskCache {
    /// The cache the environment asks for.
    pub(crate) fn from_environment() -> Option<DiskCache> {
        DiskCache::from_settings(
            std::env::var_os(DIRECTORY_VARIABLE),
            std::env::var_os("XDG_CACHE_HOME"),
            std::env::var_os("HOME"),
            std::env::var(MAX_MB_VARIABLE).ok(),
        )
    }

    /// `ptx/` in the project's cache directory, as the driver finds it: `directory` if set
    /// (`off` or empty: none); else `$XDG_CACHE_HOME/sycl-specconst` (an absolute path only);
    /// else `$HOME/.cache/sycl-specconst`. A subdirectory: the driver's files stay apart.
    pub(crate) fn from_settings(
        directory: Option<OsString>,
        xdg_cache_home: Option<OsString>,
        home: Option<OsString>,
        max_mb: Option<String>,
    ) -> Option<DiskCache> {
        let root = match directory {
            Some(d) if d.is_empty() || d == "off" => return None,
            Some(d) => PathBuf::from(d),
            None => match xdg_cache_home.filter(|x| Path::new(x).is_absolute()) {
                Some(xdg) => Path::new(&xdg).join("sycl-specconst"),
                None => Path::new(&home.filter(|h| !h.is_empty())?)
                    .join(".cache")
                    .join("sycl-specconst"),
            },
        };
        let directory = root.join(SUFFIX);
        let max_mb = max_mb
            .and_then(|m| m.trim().parse::<u64>().ok())
            .unwrap_or(DEFAULT_MAX_MB);
        Some(DiskCache {
            directory,
            max_bytes: max_mb.saturating_mul(1024 * 1024),
        })
    }

    #[cfg(test)]
    fn at(directory: &Path, max_bytes: u64) -> DiskCache {
        DiskCache {
            directory: directory.to_path_buf(),
            max_bytes,
        }
    }

    fn path(&self, key: &str) -> PathBuf {
        self.directory.join(format!("{key}.{SUFFIX}"))
    }

    /// The PTX saved under `key` (it ends in its NUL, or it is no hit).
    pub(crate) fn get(&self, key: &str) -> Option<Vec<u8>> {
        let path = self.path(key);
        let bytes = std::fs::read(&path).ok()?;
        if bytes.last() != Some(&0) {
            return None;
        }
        // Used now: the last to be deleted.
        if let Ok(file) = std::fs::File::options().write(true).open(&path) {
            let _ = file.set_modified(SystemTime::now());
        }
        Some(bytes)
    }

    /// A file that turned out unusable (its PTX does not load).
    pub(crate) fn remove(&self, key: &str) {
        let _ = std::fs::remove_file(self.path(key));
    }

    /// Saves `ptx` under `key`, then keeps the directory within its bound.
    pub(crate) fn put(&self, key: &str, ptx: &[u8]) -> std::io::Result<()> {
        static SERIAL: AtomicU64 = AtomicU64::new(0);
        std::fs::create_dir_all(&self.directory)?;
        // Unique per process and call: concurrent writers never share a temporary file.
        let temporary = self.directory.join(format!(
            ".{key}.{}.{}.tmp",
            std::process::id(),
            SERIAL.fetch_add(1, Ordering::Relaxed)
        ));
        let written = std::fs::write(&temporary, ptx)
            .and_then(|()| std::fs::rename(&temporary, self.path(key)));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written?;
        self.trim();
        Ok(())
    }

    /// Deletes the least recently used files until the rest fit the bound, and temporary
    /// files left by dead processes. Files another process deletes meanwhile are simply gone.
    fn trim(&self) {
        let Ok(entries) = std::fs::read_dir(&self.directory) else {
            return;
        };
        let now = SystemTime::now();
        let mut files: Vec<(SystemTime, u64, PathBuf)> = Vec::new();
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            let Some(modified) = entry
                .metadata()
                .ok()
                .and_then(|m| m.modified().ok().map(|t| (t, m.len())))
            else {
                continue;
            };
            match path.extension() {
                Some(x) if x == SUFFIX => files.push((modified.0, modified.1, path)),
                Some(x)
                    if x == "tmp"
                        && now.duration_since(modified.0).unwrap_or_default() > STALE_TEMPORARY =>
                {
                    let _ = std::fs::remove_file(path);
                }
                _ => {}
            }
        }
        let mut total: u64 = files.iter().map(|(_, len, _)| len).sum();
        files.sort();
        for (_, len, path) in files {
            if total <= self.max_bytes {
                break;
            }
            let _ = std::fs::remove_file(path);
            total = total.saturating_sub(len);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ptx(text: &str) -> Vec<u8> {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        bytes
    }

    fn parts<'a>(image: &'a [u8; 32], values: &'a [u8]) -> KeyParts<'a> {
        KeyParts {
            image_sha256: image,
            kernel: "_ZTS1K",
            values,
            capability: (9, 0),
        }
    }

    #[test]
    fn keys_differ_in_every_part() {
        let image = [1u8; 32];
        let base = key(&parts(&image, &[1, 2]));
        assert_eq!(base.len(), 64);
        assert_eq!(base, key(&parts(&image, &[1, 2])));
        assert_ne!(base, key(&parts(&[2u8; 32], &[1, 2])));
        assert_ne!(base, key(&parts(&image, &[1, 3])));
        let mut other = parts(&image, &[1, 2]);
        other.kernel = "_ZTS1L";
        assert_ne!(base, key(&other));
        other = parts(&image, &[1, 2]);
        other.capability = (8, 0);
        assert_ne!(base, key(&other));
    }

    #[test]
    fn the_directory_follows_the_environment() {
        let dir = |d: Option<&str>, x: Option<&str>, h: Option<&str>| {
            DiskCache::from_settings(
                d.map(Into::into),
                x.map(Into::into),
                h.map(Into::into),
                None,
            )
            .map(|c| c.directory)
        };
        assert_eq!(dir(Some("off"), Some("/x"), Some("/h")), None);
        assert_eq!(dir(Some(""), Some("/x"), Some("/h")), None);
        assert_eq!(
            dir(Some("/c"), Some("/x"), Some("/h")),
            Some("/c/ptx".into())
        );
        assert_eq!(
            dir(None, Some("/x"), Some("/h")),
            Some("/x/sycl-specconst/ptx".into())
        );
        assert_eq!(
            dir(None, None, Some("/h")),
            Some("/h/.cache/sycl-specconst/ptx".into())
        );
        assert_eq!(
            dir(None, Some("relative"), Some("/h")),
            Some("/h/.cache/sycl-specconst/ptx".into())
        );
        assert_eq!(dir(None, None, None), None);
        let bound = |m: Option<&str>| {
            DiskCache::from_settings(Some("/c".into()), None, None, m.map(Into::into))
                .map(|c| c.max_bytes)
        };
        assert_eq!(bound(None), Some(256 << 20));
        assert_eq!(bound(Some("3")), Some(3 << 20));
        assert_eq!(bound(Some("lots")), Some(256 << 20));
    }

    #[test]
    fn a_saved_file_is_a_hit_and_nothing_else_is() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let cache = DiskCache::at(&dir.path().join("made/on/demand"), 1 << 20);
        assert_eq!(cache.get("k"), None);
        cache.put("k", &ptx(".version 7.8")).expect("saved");
        assert_eq!(cache.get("k"), Some(ptx(".version 7.8")));
        assert_eq!(cache.get("other"), None);
        // No temporary files left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("made/on/demand"))
            .expect("listed")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(names, vec![OsString::from("k.ptx")]);
        // A file without its NUL (truncated by hand, say) is a miss.
        std::fs::write(cache.path("k"), b".version").expect("written");
        assert_eq!(cache.get("k"), None);
        cache.remove("k");
        assert!(!cache.path("k").exists());
    }

    #[test]
    fn the_bound_deletes_the_least_recently_used() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        // Room for two 100-byte files.
        let cache = DiskCache::at(dir.path(), 250);
        let body = ptx(&"x".repeat(99));
        let old = SystemTime::now() - Duration::from_secs(3600);
        for (i, name) in ["a", "b"].iter().enumerate() {
            cache.put(name, &body).expect("saved");
            std::fs::File::options()
                .write(true)
                .open(cache.path(name))
                .and_then(|f| f.set_modified(old + Duration::from_secs(i as u64)))
                .expect("dated");
        }
        // "a" is older, but a hit makes it the most recent: "b" goes when "c" comes.
        assert!(cache.get("a").is_some());
        cache.put("c", &body).expect("saved");
        assert!(cache.path("a").exists());
        assert!(!cache.path("b").exists());
        assert!(cache.path("c").exists());
    }

    #[test]
    fn stale_temporary_files_go_and_fresh_ones_stay() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let cache = DiskCache::at(dir.path(), 1 << 20);
        let stale = dir.path().join(".k.1.0.tmp");
        let fresh = dir.path().join(".k.2.0.tmp");
        for path in [&stale, &fresh] {
            std::fs::write(path, b"partial").expect("written");
        }
        std::fs::File::options()
            .write(true)
            .open(&stale)
            .and_then(|f| f.set_modified(SystemTime::now() - 2 * STALE_TEMPORARY))
            .expect("dated");
        cache.put("k", &ptx("x")).expect("saved");
        assert!(!stale.exists(), "a dead writer's file stays");
        assert!(fresh.exists(), "a live writer's file went");
    }

    #[test]
    fn concurrent_writers_leave_whole_files() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let cache = DiskCache::at(dir.path(), 1 << 20);
        let bodies: Vec<Vec<u8>> = (0..8).map(|i| ptx(&format!("{i}").repeat(5000))).collect();
        std::thread::scope(|scope| {
            for body in &bodies {
                let cache = &cache;
                scope.spawn(move || {
                    for _ in 0..20 {
                        cache.put("same", body).expect("saved");
                        let read = cache.get("same").expect("a hit");
                        assert!(bodies_contain(read), "a torn file");
                    }
                });
            }
        });
        fn bodies_contain(read: Vec<u8>) -> bool {
            (0..8).any(|i| read == ptx(&format!("{i}").repeat(5000)))
        }
        let left = std::fs::read_dir(dir.path()).expect("listed").count();
        assert_eq!(left, 1, "temporary files left behind");
    }
}
