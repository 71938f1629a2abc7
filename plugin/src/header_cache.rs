//! Intel's SYCL headers, parsed once and reused by every analysis that starts with them.
//!
//! The analysis is a second parse of the TU beside the compiler's own, and almost all of it is
//! `<sycl/sycl.hpp>`. The analysis needs the user's code
//! in full but nothing of the headers' function bodies, so the headers are parsed once with
//! bodies skipped (clang keeps constexpr and deduced-return bodies: whatever later code may
//! evaluate or deduce) and saved as an AST that the analysis loads with `-include-pch`; the
//! AST is built once per set of flags (measured: `docs/benchmarks.md`).
//!
//! The AST stands in for the source's own first line, so it is used only where that is exact:
//! the source's first tokens are `#include <sycl/sycl.hpp>` (nothing before it can change what
//! the header means) and no flag includes anything ahead of the source
//! (`clang_args::reads_ahead_of_source`). The cache key is libclang's version with every flag of the parse; clang
//! itself refuses an AST whose headers changed since, and an AST that fails where a full parse
//! succeeds is removed and the full parse's result used.

use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::libclang;

/// The tokens a source must start with.
const SYCL_INCLUDE: [&str; 9] = ["#", "include", "<", "sycl", "/", "sycl", ".", "hpp", ">"];
const HEADER_NAME: &str = "sycl-headers.hpp";
const AST_PREFIX: &str = "sycl-headers-";
/// How many ASTs (flag sets) the cache keeps.
const KEPT_ASTS: usize = 8;
const HEADER_TEXT: &str = "#include <sycl/sycl.hpp>\n";
/// How long a save waits for another process saving the same AST.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);
/// A preamble's header lives in `<ast stem>.preamble/`.
const PREAMBLE_DIR_SUFFIX: &str = ".preamble";
/// Free space needed before saving an AST (~24 MB) with a margin: libclang aborts the process
/// when a write fails, so a full disk must be seen before the save, not after.
const NEEDED_BYTES: u64 = 256 << 20;

/// Whether `source`, compiled with `args`, starts with `#include <sycl/sycl.hpp>` and no flag
/// includes anything ahead of it: then a precompiled header of those headers stands for the
/// source's first line exactly. The compiler driver's precompiled headers (`sycl-clang++`'s
/// `pch` module) use the same test as the analysis's AST.
pub fn starts_with_sycl_include(source: &Path, args: &[OsString]) -> bool {
    if clang_args::reads_ahead_of_source(args) {
        return false;
    }
    let Ok(index) = libclang::Index::new() else {
        return false;
    };
    index.leading_tokens(source.as_os_str(), args, SYCL_INCLUDE.len()) == SYCL_INCLUDE
}

/// A saved AST that stands for the start of a source, and how a parse loads it.
pub(crate) struct HeadersAst {
    pub(crate) path: PathBuf,
    /// The source's preamble length, which the parse skips (`None`: the AST stands for
    /// `#include <sycl/sycl.hpp>`, which the source's own then repeats harmlessly).
    skipped: Option<usize>,
}

impl HeadersAst {
    /// Whether it stands for a source's preamble (not Intel's headers).
    pub(crate) fn is_preamble(&self) -> bool {
        self.skipped.is_some()
    }

    /// The flags that load it.
    pub(crate) fn args(&self) -> Vec<OsString> {
        let mut args = vec!["-include-pch".into(), self.path.clone().into_os_string()];
        if let Some(bytes) = self.skipped {
            args.extend([
                "-Xclang".into(),
                format!("-preamble-bytes={bytes},1").into(),
            ]);
        }
        args
    }
}

/// The AST of Intel's headers, or of the source's preamble (`preamble::source_preamble`), for
/// a parse of `source` with `args`, built now if missing; `None` when the source starts with
/// neither or the AST cannot be had (the analysis then parses everything itself).
///
/// Intel's headers are saved with function bodies skipped; a preamble's are not (its own
/// headers may hold kernels, whose bodies the analysis reads). A preamble's header lives alone
/// in a directory of its own and is told the source's directory with `-iquote`, where clang
/// looks first for the source's quoted includes.
pub(crate) fn headers_ast(
    index: &libclang::Index,
    dir: &Path,
    source: &Path,
    args: &[OsString],
) -> Option<HeadersAst> {
    if clang_args::reads_ahead_of_source(args) {
        return None;
    }
    if index.leading_tokens(source.as_os_str(), args, SYCL_INCLUDE.len()) == SYCL_INCLUDE {
        let ast = dir.join(format!(
            "{AST_PREFIX}{:016x}.ast",
            cache_key(args, HEADER_TEXT.as_bytes())
        ));
        let header = dir.join(HEADER_NAME);
        let path = cached_ast(
            index,
            dir,
            &ast,
            &header,
            HEADER_TEXT.as_bytes(),
            args,
            true,
        )?;
        return Some(HeadersAst {
            path,
            skipped: None,
        });
    }
    let preamble = crate::preamble::source_preamble(source, args)?;
    let source_dir = source
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut preamble_args: Vec<OsString> = vec!["-iquote".into(), source_dir.into()];
    preamble_args.extend(args.iter().cloned());
    let key = format!("{:016x}", cache_key(&preamble_args, &preamble.directives));
    let ast = dir.join(format!("{AST_PREFIX}{key}.ast"));
    let header = dir
        .join(format!("{AST_PREFIX}{key}{PREAMBLE_DIR_SUFFIX}"))
        .join(format!("sycl-preamble-{key}.hpp"));
    let path = cached_ast(
        index,
        dir,
        &ast,
        &header,
        &preamble.directives,
        &preamble_args,
        false,
    )?;
    Some(HeadersAst {
        path,
        skipped: Some(preamble.length),
    })
}

/// The AST at `ast`, of `header` (written with `text`) parsed with `args`, saved now if
/// missing.
fn cached_ast(
    index: &libclang::Index,
    dir: &Path,
    ast: &Path,
    header: &Path,
    text: &[u8],
    args: &[OsString],
    skip_bodies: bool,
) -> Option<PathBuf> {
    if let Some(found) = existing_ast(ast) {
        return found.then(|| ast.to_path_buf());
    }
    std::fs::create_dir_all(header.parent()?).ok()?;
    // Concurrent analyses that need this AST (a project's sources under `make -j`) wait for
    // the first to save it.
    let _lock = output::build_lock(&ast.with_extension("lock"), LOCK_PATIENCE);
    if let Some(found) = existing_ast(ast) {
        return found.then(|| ast.to_path_buf());
    }
    match std::fs::symlink_metadata(header) {
        Ok(m) if m.is_file() => {
            if std::fs::read(header).ok().as_deref() != Some(text) {
                output::write(header, text).ok()?;
            }
        }
        // Something else is there (a FIFO would block a read): no cache this time.
        Ok(_) => return None,
        Err(_) => output::write(header, text).ok()?,
    }
    if !output::has_room(dir, NEEDED_BYTES) {
        return None;
    }
    let mut header_args = args.to_vec();
    // The header is a header whatever language a `-x` among the user's flags named.
    header_args.extend(["-x".into(), "c++-header".into()]);
    // libclang writes the AST itself, so the `output` crate's byte-writing commit does not
    // apply: staged under this process's name, then renamed.
    let staged = output::staged_name(ast);
    let saved = index
        .save_header_ast(header, &header_args, &staged, skip_bodies)
        .is_ok();
    if !put_in_place(&staged, ast, saved) {
        return None;
    }
    evict_least_recently_used(dir, KEPT_ASTS);
    Some(ast.to_path_buf())
}

/// Renames a staged AST into place if it was `saved`; whatever fails, the staged file goes
/// (24 MB a build were left behind when the rename failed).
fn put_in_place(staged: &Path, ast: &Path, saved: bool) -> bool {
    if saved && std::fs::rename(staged, ast).is_ok() {
        return true;
    }
    let _ = std::fs::remove_file(staged);
    false
}

/// `Some(true)`: a usable AST is at `path` (marked recently used); `Some(false)`: something
/// that is not a regular file is there (a FIFO, a directory, a link): the cache is not used
/// and nothing is built over it; `None`: nothing is there. Opened without following links
/// and without blocking, so a FIFO cannot hang the build.
fn existing_ast(path: &Path) -> Option<bool> {
    use std::os::unix::fs::OpenOptionsExt;
    match std::fs::symlink_metadata(path) {
        Err(_) => return None,
        Ok(m) if !m.is_file() => return Some(false),
        Ok(_) => {}
    }
    let file = std::fs::File::options()
        .append(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path);
    match file {
        Ok(file) if file.metadata().is_ok_and(|m| m.is_file()) => {
            // Marks it recently used, for eviction.
            let _ = file.set_modified(std::time::SystemTime::now());
            Some(true)
        }
        // Read-only cache or a race with eviction: usable if still a regular file.
        _ => Some(std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())),
    }
}

/// Each AST is ~24 MB, one per set of flags: the cache keeps the most recently used few.
/// ASTs staged by processes that died before renaming them go too.
fn evict_least_recently_used(dir: &Path, keep: usize) {
    remove_dead_processes_staged_asts(dir);
    let evicted =
        output::least_recently_used(dir, AST_PREFIX, ".ast", keep, std::time::Duration::ZERO);
    for path in evicted {
        let _ = std::fs::remove_file(path.with_extension("lock"));
        let _ = std::fs::remove_dir_all(path.with_extension(&PREAMBLE_DIR_SUFFIX[1..]));
        let _ = std::fs::remove_file(path);
    }
}

fn remove_dead_processes_staged_asts(dir: &Path) {
    output::remove_files_of_dead_processes(dir, staged_pid);
}

/// The process id in a staged AST's name (`sycl-headers-<key>.ast.<pid>.tmp`, and libclang's
/// own temporary beside it).
fn staged_pid(name: &str) -> Option<i32> {
    output::staged_pid(name, AST_PREFIX, ".ast")
}

/// Forgets an AST that failed where a full parse succeeded (e.g. built with a flag clang
/// treats as compatible but is not), so the next analysis rebuilds it.
pub(crate) fn discard(ast: &Path) {
    let _ = std::fs::remove_file(ast);
}

/// Everything the parse reads besides the headers themselves (which clang checks when it
/// loads the AST): the flags, the directory relative paths among them start from, the
/// environment clang's driver reads, and the content of the config files the flags name.
fn cache_key(args: &[OsString], header_text: &[u8]) -> u64 {
    // SipHash with fixed keys: stable for a given build of this crate, which is all a cache
    // key needs (another build at worst rebuilds the AST once).
    let mut h = std::hash::DefaultHasher::new();
    "sycl-headers v3".hash(&mut h);
    libclang::clang_version().hash(&mut h);
    header_text.hash(&mut h);
    for a in args {
        a.as_bytes().hash(&mut h);
    }
    std::env::current_dir().ok().hash(&mut h);
    for name in clang_args::COMPILE_ENVIRONMENT {
        std::env::var_os(name).hash(&mut h);
    }
    for config in clang_args::config_files(args) {
        std::fs::read(config).ok().hash(&mut h);
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_covers_config_files_content() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let config = dir.path().join("x.cfg");
        std::fs::write(&config, "-DONE\n").expect("write");
        let args = vec![OsString::from("--config"), config.clone().into_os_string()];
        let before = cache_key(&args, b"");
        assert_eq!(before, cache_key(&args, b""));
        std::fs::write(&config, "-DTWO\n").expect("write");
        assert_ne!(before, cache_key(&args, b""));
    }

    #[test]
    fn eviction_keeps_the_most_recently_used() {
        let dir = std::env::temp_dir().join(format!("header-cache-evict-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temporary test files");
        let base = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        for (i, age) in [5u64, 1, 4, 2, 3].iter().enumerate() {
            let path = dir.join(format!("{AST_PREFIX}{i}.ast"));
            let file = std::fs::File::create(&path).expect("temporary test files");
            file.set_modified(base - std::time::Duration::from_secs(*age))
                .expect("temporary test files");
        }
        std::fs::write(dir.join(HEADER_NAME), HEADER_TEXT).expect("temporary test files");
        evict_least_recently_used(&dir, 3);
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .expect("temporary test files")
            .map(|e| {
                e.expect("temporary test files")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        left.sort();
        // The two oldest (ages 5 and 4: files 0 and 2) are gone; the header stays.
        assert_eq!(
            left,
            [
                format!("{AST_PREFIX}1.ast"),
                format!("{AST_PREFIX}3.ast"),
                format!("{AST_PREFIX}4.ast"),
                HEADER_NAME.to_string()
            ]
        );
        std::fs::remove_dir_all(&dir).expect("temporary test files");
    }

    #[test]
    fn a_failed_rename_leaves_no_staged_ast() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let staged = dir.path().join("sycl-headers-00.ast.1.tmp");
        std::fs::write(&staged, b"ast").expect("write");
        // The destination's directory does not exist: the rename fails.
        assert!(!put_in_place(&staged, &dir.path().join("gone/x.ast"), true));
        assert!(!staged.exists());
        std::fs::write(&staged, b"ast").expect("write");
        let ast = dir.path().join("sycl-headers-00.ast");
        assert!(put_in_place(&staged, &ast, true));
        assert!(ast.exists() && !staged.exists());
    }

    #[test]
    fn staged_asts_name_their_process() {
        assert_eq!(staged_pid("sycl-headers-00ff.ast.1234.tmp"), Some(1234));
        assert_eq!(
            staged_pid("sycl-headers-00ff.ast.1234.tmp.temp-stream-a1b2c3"),
            Some(1234)
        );
        assert_eq!(staged_pid("sycl-headers-00ff.ast"), None);
        assert_eq!(staged_pid("other.ast.12.tmp"), None);
    }

    #[test]
    fn only_regular_files_are_used_as_asts() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let fifo = dir.path().join("fifo.ast");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600))
            .expect("mkfifo");
        // Must return at once: an open of a FIFO without a writer blocked every build.
        assert_eq!(existing_ast(&fifo), Some(false));
        assert_eq!(existing_ast(dir.path()), Some(false));
        assert_eq!(existing_ast(&dir.path().join("missing.ast")), None);
        let real = dir.path().join("real.ast");
        std::fs::write(&real, b"x").expect("write");
        assert_eq!(existing_ast(&real), Some(true));
        let link = dir.path().join("link.ast");
        std::os::unix::fs::symlink(&real, &link).expect("symlink");
        assert_eq!(existing_ast(&link), Some(false));
    }

    #[test]
    fn keys_depend_on_every_flag() {
        let a = cache_key(&["-DA=1".into()], b"#include <a.h>\n");
        assert_eq!(a, cache_key(&["-DA=1".into()], b"#include <a.h>\n"));
        assert_ne!(a, cache_key(&["-DA=2".into()], b"#include <a.h>\n"));
        assert_ne!(
            a,
            cache_key(&["-DA=1".into(), "-O2".into()], b"#include <a.h>\n")
        );
        assert_ne!(a, cache_key(&["-DA=1".into()], b"#include <b.h>\n"));
    }
}
