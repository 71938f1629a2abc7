//! What the jobs and the executor share: how a run fails (`Failure`) and ends, how steps are
//! shown (`Echo`: `-###`, `-v`) and timed, and the jobs' services (`Context`: children, the
//! generated files' directories). The executor (`executor`) dispatches the plan's jobs to
//! their modules; those import this module, never the executor.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Output, Stdio};
use std::time::{Duration, Instant};

use crate::args::CommandLine;
use crate::toolchain::Toolchain;

/// Why a run stopped. `Reported` means the diagnostics are already on stderr.
#[derive(Debug)]
pub(crate) enum Failure {
    Reported(i32),
    Message(String),
    /// The analysis (libclang) found errors in the source. Where clang's own compile runs too,
    /// it reports them; where it does not, or succeeds, these are printed.
    AnalysisErrors(Vec<String>),
}

impl From<String> for Failure {
    fn from(m: String) -> Self {
        Failure::Message(m)
    }
}

impl From<offload::device_code::Error> for Failure {
    fn from(e: offload::device_code::Error) -> Self {
        Failure::Message(e.to_string())
    }
}

pub(crate) type Result<T> = std::result::Result<T, Failure>;

/// Prints the driver's own error line.
pub(crate) fn report(message: &str) {
    eprintln!("sycl-clang++: error: {message}");
}

/// How a run ends: success, or its failure reported and turned into the exit status.
pub(crate) fn exit_code(result: Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Reported(code)) => {
            ExitCode::from(u8::try_from(code.clamp(1, 255)).unwrap_or(1))
        }
        Err(Failure::Message(m)) => {
            report(&m);
            ExitCode::FAILURE
        }
        Err(Failure::AnalysisErrors(diagnostics)) => {
            for d in diagnostics {
                eprintln!("{d}");
            }
            ExitCode::FAILURE
        }
    }
}

/// One line of what a run shows (`-###` instead of running, `-v` as it runs): a child's
/// command line, or what a step does in process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// The program and its arguments.
    Command(Vec<OsString>),
    /// A step done in process, as ` # sycl-clang++: …`.
    Note(String),
}

impl Shown {
    pub(crate) fn command(cmd: &Command) -> Shown {
        Shown::Command(
            std::iter::once(cmd.get_program())
                .chain(cmd.get_args())
                .map(OsStr::to_os_string)
                .collect(),
        )
    }
}

impl fmt::Display for Shown {
    /// As clang's `-###`: each word quoted, quotes in it escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shown::Command(words) => {
                for word in words {
                    write!(f, " \"{}\"", word.to_string_lossy().replace('"', "\\\""))?;
                }
                Ok(())
            }
            Shown::Note(note) => f.write_str(note),
        }
    }
}

/// What `-###` prints for a plan: every child each job would start and every step it would
/// do in process, in order, with nothing run.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Script(pub(crate) Vec<Shown>);

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|line| writeln!(f, "{line}"))
    }
}

/// How steps are shown: `-v` prints each as it runs; `-###` runs none (`dry_run`: commands are
/// made, and missing PCHs shown instead of built).
#[derive(Clone, Copy)]
pub(crate) struct Echo {
    pub(crate) dry_run: bool,
    pub(crate) verbose: bool,
}

impl Echo {
    pub(crate) fn of(cl: &CommandLine) -> Echo {
        Echo {
            dry_run: cl.dry_run,
            verbose: cl.verbose,
        }
    }

    /// `-v`: a step's line, as it runs (`-###` runs nothing: the executor's `Script` shows
    /// it).
    pub(crate) fn show(&self, line: &Shown) {
        if self.verbose {
            eprintln!("{line}");
        }
    }

    /// Starts a child, shown first. This, `Echo::output`, `Context::command` and the unshown
    /// `run::output` and `run::status` are the driver's only ways to start a child (each
    /// recorded by `process`, so a signal kills it).
    pub(crate) fn start(&self, cmd: &mut Command) -> std::io::Result<Child> {
        self.command(cmd);
        process::spawn(cmd)
    }

    /// Runs a child to completion with its output captured and no input, shown first.
    pub(crate) fn output(&self, cmd: &mut Command) -> std::io::Result<Output> {
        self.command(cmd);
        output(cmd)
    }

    pub(crate) fn command(&self, cmd: &Command) {
        if self.verbose {
            self.show(&Shown::command(cmd));
        }
    }
}

/// `SYCL_SPECCONST_TIMING=1`: each step's wall time on stderr.
pub(crate) fn timing(step: &str, time: Duration) {
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *ENABLED.get_or_init(|| std::env::var_os("SYCL_SPECCONST_TIMING").is_some_and(|v| v == "1"))
    {
        eprintln!(
            "sycl-clang++: timing: {step} {:.1} ms",
            time.as_secs_f64() * 1e3
        );
    }
}

/// What every job uses: the tool chain, the command line, how steps are shown, children,
/// timing and the generated files' directories; one per run.
pub(crate) struct Context<'a> {
    pub(crate) tc: &'a Toolchain,
    pub(crate) cl: &'a CommandLine,
    pub(crate) echo: Echo,
}

impl<'a> Context<'a> {
    pub(crate) fn new(tc: &'a Toolchain, cl: &'a CommandLine) -> Self {
        Context {
            tc,
            cl,
            echo: Echo::of(cl),
        }
    }

    /// Runs a child to completion (`-v`: shown first); a failed child's exit status ends the
    /// run.
    pub(crate) fn command(&self, cmd: &mut Command) -> Result<()> {
        self.echo.command(cmd);
        let status = status(cmd).map_err(|e| cannot_run(cmd, &e))?;
        if status.success() {
            Ok(())
        } else {
            Err(Failure::Reported(status.code().unwrap_or(1)))
        }
    }

    /// Starts a child, shown first.
    pub(crate) fn spawn(&self, cmd: &mut Command) -> Result<Child> {
        self.start(cmd).map_err(|e| cannot_run(cmd, &e))
    }

    /// Starts a child, shown first, keeping the system's error for the caller to word: every
    /// child of a job starts here (recorded for the termination cleanup by `process`).
    pub(crate) fn start(&self, cmd: &mut Command) -> std::io::Result<Child> {
        self.echo.start(cmd)
    }

    /// Runs `step`, timing it.
    pub(crate) fn timed<T>(&self, step: &str, run: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let result = run();
        timing(step, started.elapsed());
        result
    }

    /// The generated files' directory of the run writing `anchor`.
    pub(crate) fn scratch(&self, anchor: &Path) -> Result<Scratch> {
        Scratch::new(self.cl, anchor, self.echo)
    }
}

/// Runs a child that is not a step of the plan (a question to a tool: clang's `-###` or
/// search directories, the linker's script; the `ptxas` check of an image) to completion,
/// unshown, its output captured and no input; recorded like every other child.
pub(crate) fn output(cmd: &mut Command) -> std::io::Result<Output> {
    process::output(cmd.stdin(Stdio::null()))
}

/// Runs a child that is not a step of the plan to completion, unshown, with the driver's own
/// standard streams (clang's `--version` banner).
pub(crate) fn status(cmd: &mut Command) -> std::io::Result<std::process::ExitStatus> {
    process::status(cmd)
}

/// The message for a child that could not be started.
pub(crate) fn cannot_run(cmd: &Command, error: &std::io::Error) -> Failure {
    Failure::Message(format!(
        "cannot run '{}': {error}",
        cmd.get_program().to_string_lossy()
    ))
}

/// The `-save-temps` directory of generated files for an output: `<output>.sycl`, in
/// `-fsycl-footer-path` when given.
fn kept_dir(cl: &CommandLine, output: &Path) -> PathBuf {
    let name = output.file_name().unwrap_or(OsStr::new("out"));
    let mut dir_name = name.to_os_string();
    dir_name.push(".sycl");
    match &cl.generated_dir {
        Some(d) => d.join(dir_name),
        None => output
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .join(dir_name),
    }
}

/// Where one run's generated files live. Without `-save-temps`, a private work directory
/// (`process::WorkDir`: in `$TMPDIR`, or in `-fsycl-footer-path`), named after the output's
/// absolute path so that paths reaching preprocessed output are the same run to run, locked
/// (two runs with the same output take turns), removed on every exit path, signals included;
/// nothing is created next to the user's files. With `-save-temps`, `<output>.sycl`, kept.
pub(crate) struct Scratch {
    dir: PathBuf,
    _work: Option<process::WorkDir>,
}

impl Scratch {
    /// The directory for the run that writes `anchor` (its output, or the source's name).
    fn new(cl: &CommandLine, anchor: &Path, echo: Echo) -> Result<Scratch> {
        let workdir_error = |e: process::WorkDirError| Failure::Message(e.to_string());
        if cl.save_temps {
            let dir = absolute(&kept_dir(cl, anchor));
            if echo.dry_run {
                return Ok(Scratch { dir, _work: None });
            }
            if let Some(base) = &cl.generated_dir {
                std::fs::create_dir_all(base)
                    .map_err(|e| format!("cannot create '{}': {e}", base.display()))?;
            }
            let work = process::WorkDir::named(dir).map_err(workdir_error)?;
            return Ok(Scratch {
                dir: work.path().to_path_buf(),
                _work: Some(work),
            });
        }
        let key = absolute(anchor);
        let base = cl.generated_dir.as_deref().map(absolute);
        if echo.dry_run {
            let dir = process::WorkDir::planned(base.as_deref(), key.as_os_str());
            return Ok(Scratch { dir, _work: None });
        }
        let work =
            process::WorkDir::private(base.as_deref(), key.as_os_str()).map_err(workdir_error)?;
        Ok(Scratch {
            dir: work.path().to_path_buf(),
            _work: Some(work),
        })
    }

    pub(crate) fn path(&self, name: impl AsRef<Path>) -> PathBuf {
        self.dir.join(name)
    }
}

/// Absolute form of a path (generated files are included by absolute path).
pub(crate) fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// A source file as the device code names it for the link (kernel sources, spec-id
/// declarations): canonical, so TUs that reach one header by different paths agree, and
/// absolute, since the link may run in another directory (absolute when it cannot be
/// resolved).
pub(crate) fn canonical_source(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| absolute(p))
}
