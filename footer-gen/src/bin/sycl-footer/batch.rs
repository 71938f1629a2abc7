//! `-p BUILD_DIR`: one footer per entry of `compile_commands.json`, analysed in parallel.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Deserialize;

use footer_gen::{Style, render};

use crate::{driver_query, output};

pub(crate) struct Batch<'a> {
    pub(crate) build_dir: &'a Path,
    pub(crate) output_dir: &'a Path,
    pub(crate) style: Style,
    pub(crate) json: bool,
    pub(crate) unique_prefix: Option<String>,
    pub(crate) jobs: usize,
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum BatchError {
    #[error(transparent)]
    Libclang(plugin::Error),
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a valid compilation database: {source}")]
    Parse {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path}: entry {index}: {message}")]
    Entry {
        path: PathBuf,
        index: usize,
        message: String,
    },
}

#[derive(Deserialize)]
struct Entry {
    directory: PathBuf,
    file: PathBuf,
    arguments: Option<Vec<String>>,
    command: Option<String>,
}

/// One TU to analyse.
#[derive(Debug, PartialEq)]
struct Job {
    /// Its entry's index in the database.
    index: usize,
    directory: PathBuf,
    source: PathBuf,
    flags: Vec<String>,
    footer: PathBuf,
}

/// `path` with `.` and `..` resolved lexically (`a/b/../c` is `a/c`), as the compilation
/// database's paths are meant: two spellings of one source are one source.
fn normalized(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// Compiler arguments of an entry minus the compiler, the source (however the argument spells
/// it: Bear writes an absolute `file` and a relative argument), outputs, phase and dependency
/// options; the entry's directory becomes `-working-directory` so relative `-I` paths keep
/// working.
fn flags_of(directory: &Path, source: &Path, argv: &[String]) -> Vec<String> {
    use clang_args::Role;
    let words: Vec<std::ffi::OsString> = argv.iter().skip(1).map(Into::into).collect();
    let mut flags = vec![format!("-working-directory={}", directory.display())];
    for arg in clang_args::parse(&words) {
        let is_the_source =
            arg.role == Role::Input && normalized(&directory.join(&arg.words[0])) == source;
        if is_the_source
            || matches!(
                arg.role,
                Role::Output | Role::Phase | Role::DependencyOutput
            )
        {
            continue;
        }
        // The words came from strings.
        flags.extend(arg.words.iter().map(|w| w.to_string_lossy().into_owned()));
    }
    flags
}

/// The jobs of a database, and warnings about entries left out.
#[cfg(test)]
fn jobs_from(
    db_path: &Path,
    output_dir: &Path,
    text: &str,
) -> Result<(Vec<Job>, Vec<String>), BatchError> {
    jobs_asking_drivers(
        db_path,
        output_dir,
        text,
        &mut driver_query::Cache::default(),
    )
}

/// The jobs of a database and warnings about entries left out, with the SYCL header
/// directories each `sycl-clang++` entry's compiler reports added to its flags (`drivers` asks
/// each compiler once).
fn jobs_asking_drivers(
    db_path: &Path,
    output_dir: &Path,
    text: &str,
    drivers: &mut driver_query::Cache,
) -> Result<(Vec<Job>, Vec<String>), BatchError> {
    // Absolute, so that a relative `directory` (and `-p .`) gives a usable working directory.
    let db_absolute = std::path::absolute(db_path).unwrap_or_else(|_| db_path.to_path_buf());
    let db_dir = db_absolute.parent().unwrap_or(Path::new("/"));
    let entries: Vec<Entry> = serde_json::from_str(text).map_err(|source| BatchError::Parse {
        path: db_path.to_path_buf(),
        source,
    })?;
    let mut jobs = Vec::with_capacity(entries.len());
    let mut skipped = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        let argv = match (&entry.arguments, &entry.command) {
            (Some(a), _) => a.clone(),
            (None, Some(c)) => shlex::split(c).ok_or_else(|| BatchError::Entry {
                path: db_path.to_path_buf(),
                index,
                message: "unbalanced quotes in \"command\"".into(),
            })?,
            (None, None) => {
                return Err(BatchError::Entry {
                    path: db_path.to_path_buf(),
                    index,
                    message: "neither \"arguments\" nor \"command\"".into(),
                });
            }
        };
        // A relative directory is relative to the database's own directory.
        let directory = normalized(&db_dir.join(&entry.directory));
        let source = normalized(&directory.join(&entry.file));
        // Mirror the absolute source path under the output directory: unique and predictable.
        let relative: PathBuf = source
            .components()
            .filter(|c| matches!(c, std::path::Component::Normal(_)))
            .collect();
        let mut footer = output_dir.join(relative).into_os_string();
        footer.push(".footer.h");
        let footer = PathBuf::from(footer);
        if let Some(first) = jobs.iter().position(|j: &Job| j.footer == footer) {
            // The same source again (another target's flags): one footer per source file.
            skipped.push(format!(
                "sycl-footer: warning: {}: entry {index} compiles {} again (first: entry {}); \
                 its footer would replace the first one's, so it is skipped",
                db_path.display(),
                source.display(),
                jobs[first].index
            ));
            continue;
        }
        let mut flags = flags_of(&directory, &source, &argv);
        // Where a sycl-clang++ entry's compiler finds Intel's headers (clangd asks the same).
        let compiler = argv.first().map(String::as_str).unwrap_or("");
        for dir in drivers.dirs(compiler, &directory) {
            flags.push("-isystem".into());
            flags.push(dir.to_string_lossy().into_owned());
        }
        jobs.push(Job {
            index,
            flags,
            directory,
            source,
            footer,
        });
    }
    Ok((jobs, skipped))
}

/// Runs the batch; returns the number of TUs that failed (each reported on stderr).
pub(crate) fn run(batch: &Batch<'_>) -> Result<usize, BatchError> {
    let db_path = batch.build_dir.join("compile_commands.json");
    let text = std::fs::read_to_string(&db_path).map_err(|source| BatchError::Read {
        path: db_path.clone(),
        source,
    })?;
    let mut drivers = driver_query::Cache::default();
    let (jobs, skipped) = jobs_asking_drivers(&db_path, batch.output_dir, &text, &mut drivers)?;
    for warning in skipped {
        eprintln!("{warning}");
    }
    // Before the workers start: loading libclang may set LIBCLANG_PATH for the process.
    plugin::load_libclang().map_err(BatchError::Libclang)?;
    let next = AtomicUsize::new(0);
    let failures = AtomicUsize::new(0);
    let stderr = Mutex::new(());
    std::thread::scope(|scope| {
        for _ in 0..batch.jobs.min(jobs.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = jobs.get(i) else { break };
                    if let Err(message) = run_job(batch, job) {
                        failures.fetch_add(1, Ordering::SeqCst);
                        let _guard = stderr.lock();
                        eprintln!("{message}");
                    }
                }
            });
        }
    });
    Ok(failures.load(Ordering::SeqCst))
}

fn run_job(batch: &Batch<'_>, job: &Job) -> Result<(), String> {
    // libclang reports these as a bare failure code: say what is wrong first.
    if !job.directory.is_dir() {
        return Err(format!(
            "sycl-footer: error: entry {}: directory {} does not exist; no footer written for {}",
            job.index,
            job.directory.display(),
            job.source.display()
        ));
    }
    let options = plugin::Options {
        source: job.source.clone(),
        args: job.flags.iter().map(std::ffi::OsString::from).collect(),
        unique_prefix: batch.unique_prefix.clone(),
        skip_teardown: false,
        header_cache: None,
        kernel_details: false,
    };
    let analysis = plugin::analyze(&options).map_err(|e| match e {
        plugin::Error::Compile { diagnostics, .. } => format!(
            "{}\nsycl-footer: error: errors in {}; no footer written",
            diagnostics.join("\n"),
            job.source.display()
        ),
        other => format!("sycl-footer: error: {other}"),
    })?;
    if !analysis.warnings.is_empty() {
        eprintln!("{}", analysis.warnings.join("\n"));
    }
    let text = if batch.json {
        output::json(&analysis).map_err(|e| e.to_string())?
    } else {
        render(&analysis.spec_ids, batch.style)
    };
    if let Some(dir) = job.footer.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("sycl-footer: error: cannot create {}: {e}", dir.display()))?;
    }
    output::write_output(&job.footer, text.as_bytes())
        .map_err(|e| format!("sycl-footer: error: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs(db: &str) -> (Vec<Job>, Vec<String>) {
        jobs_from(Path::new("/b/compile_commands.json"), Path::new("/out"), db)
            .expect("valid database")
    }

    #[test]
    fn entries_become_jobs_with_working_directory_and_without_outputs() {
        let (jobs, skipped) = jobs(
            r#"[
          {"directory": "/b", "file": "src/a.cpp",
           "command": "clang++ -Iinc -DX=\"1 2\" -c src/a.cpp -o a.o"},
          {"directory": "/b", "file": "/s/b.cpp",
           "arguments": ["g++", "-O2", "-MD", "-MF", "b.d", "-c", "/s/b.cpp", "-ob.o"]}
        ]"#,
        );
        assert!(skipped.is_empty());
        assert_eq!(
            jobs[0],
            Job {
                index: 0,
                directory: PathBuf::from("/b"),
                source: PathBuf::from("/b/src/a.cpp"),
                flags: vec![
                    "-working-directory=/b".into(),
                    "-Iinc".into(),
                    "-DX=1 2".into()
                ],
                footer: PathBuf::from("/out/b/src/a.cpp.footer.h"),
            }
        );
        assert_eq!(jobs[1].flags, vec!["-working-directory=/b", "-O2"]);
        assert_eq!(jobs[1].footer, PathBuf::from("/out/s/b.cpp.footer.h"));
    }

    #[test]
    fn dependency_options_go_in_every_spelling() {
        // A joined -MF used to stay, and libclang then wrote a depfile of its own.
        let (jobs, _) = jobs(
            r#"[{"directory": "/b", "file": "a.cpp",
                 "arguments": ["cc", "-MMD", "-MFa.d", "-MTa.o", "-MP", "-O1", "-c", "a.cpp"]}]"#,
        );
        assert_eq!(jobs[0].flags, vec!["-working-directory=/b", "-O1"]);
    }

    #[test]
    fn relative_directories_are_relative_to_the_database() {
        let (jobs, _) =
            jobs(r#"[{"directory": "sub", "file": "a.cpp", "command": "cc -c a.cpp"}]"#);
        assert_eq!(jobs[0].directory, PathBuf::from("/b/sub"));
        assert_eq!(jobs[0].source, PathBuf::from("/b/sub/a.cpp"));
        assert_eq!(jobs[0].flags, vec!["-working-directory=/b/sub"]);
    }

    #[test]
    fn fuzz_compile_databases() {
        let seeds = vec![
            br#"[{"directory": "/b", "file": "src/a.cpp", "command": "clang++ -Iinc -DX=\"1 2\" -c src/a.cpp -o a.o"}]"#.to_vec(),
            br#"[{"directory": "../x", "file": "../a.cpp", "arguments": ["g++", "-MD", "-MFb.d", "-c", "../a.cpp", "-o", "a.o"]}]"#.to_vec(),
        ];
        fuzz::run("compile-database", &seeds, |bytes| {
            let _ = jobs_from(
                Path::new("/b/compile_commands.json"),
                Path::new("/out"),
                &String::from_utf8_lossy(bytes),
            );
        });
    }

    #[test]
    fn a_database_found_through_a_relative_path_gives_absolute_directories() {
        // `sycl-footer -p .`: the database's directory was empty, so a directory "." became
        // an empty working directory, which libclang refused.
        let (jobs, _) = jobs_from(
            Path::new("compile_commands.json"),
            Path::new("/out"),
            r#"[{"directory": ".", "file": "a.cpp", "command": "cc -c a.cpp"}]"#,
        )
        .expect("valid database");
        let cwd = std::env::current_dir().expect("cwd");
        assert_eq!(jobs[0].directory, cwd);
        assert_eq!(jobs[0].source, cwd.join("a.cpp"));
    }

    #[test]
    fn the_source_argument_is_removed_however_it_is_spelled() {
        // Bear: an absolute file, a relative argument.
        let (jobs, _) = jobs(
            r#"[{"directory": "/b", "file": "/b/src/a.cpp",
                 "arguments": ["c++", "-c", "./src/../src/a.cpp", "-I", "src"]}]"#,
        );
        assert_eq!(jobs[0].flags, vec!["-working-directory=/b", "-I", "src"]);
    }

    #[test]
    fn parent_components_are_resolved_and_duplicates_skipped() {
        let (jobs, skipped) = jobs(
            r#"[{"directory": "/b/x", "file": "../a.cpp", "command": "cc -c ../a.cpp"},
                {"directory": "/b/y", "file": "../x/a.cpp", "command": "cc -c ../x/a.cpp"},
                {"directory": "/b", "file": "a.cpp", "command": "cc -DSECOND -c a.cpp"}]"#,
        );
        assert_eq!(jobs.len(), 2);
        assert_eq!(jobs[0].footer, PathBuf::from("/out/b/a.cpp.footer.h"));
        assert_eq!(jobs[1].footer, PathBuf::from("/out/b/x/a.cpp.footer.h"));
        assert_eq!(skipped.len(), 1);
        assert!(skipped[0].contains("entry 2 compiles /b/a.cpp again (first: entry 0)"));
    }

    #[test]
    fn malformed_databases_are_errors() {
        let p = Path::new("db.json");
        assert!(jobs_from(p, Path::new("/o"), "{").is_err());
        assert!(jobs_from(p, Path::new("/o"), r#"[{"directory":"/","file":"a.cpp"}]"#).is_err());
        assert!(
            jobs_from(
                p,
                Path::new("/o"),
                r#"[{"directory":"/","file":"a.cpp","command":"cc 'x"}]"#
            )
            .is_err()
        );
    }
}
