//! The one executor of a plan (`plan::Plan`): it sets up signal handling, checks the
//! installation, runs each job in order, and owns what every job shares: `-###` (print the
//! steps instead of running them), `-v` (print them as they run), `SYCL_SPECCONST_TIMING=1`
//! (each step's wall time), starting children (one message for a compiler that cannot be
//! run), the generated files' directories (removed on every exit path, signals included), and
//! how a failure ends the run (its message, its exit status).

use std::ffi::OsStr;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode};
use std::time::{Duration, Instant};

use crate::args::CommandLine;
use crate::plan::{Destination, Job, LinkInput, Plan};
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

/// How steps are shown: `-###` prints them instead of running, `-v` prints and runs.
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

    pub(crate) fn show(&self, line: &str) {
        if self.dry_run || self.verbose {
            eprintln!("{line}");
        }
    }

    pub(crate) fn command(&self, cmd: &Command) {
        if self.dry_run || self.verbose {
            let mut line = String::new();
            line.push(' ');
            for part in std::iter::once(cmd.get_program()).chain(cmd.get_args()) {
                let _ = write!(line, "\"{}\" ", part.to_string_lossy().replace('"', "\\\""));
            }
            eprintln!("{}", line.trim_end());
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

/// The jobs' shared services; one per run.
pub(crate) struct Executor<'a> {
    pub(crate) tc: &'a Toolchain,
    pub(crate) cl: &'a CommandLine,
    pub(crate) echo: Echo,
}

impl<'a> Executor<'a> {
    pub(crate) fn new(tc: &'a Toolchain, cl: &'a CommandLine) -> Self {
        Executor {
            tc,
            cl,
            echo: Echo::of(cl),
        }
    }

    /// Installs the termination cleanup (before any thread starts: a SIGTERM or Ctrl-C from
    /// here on kills the compilers and removes the work directories).
    pub(crate) fn start(&self) -> Result<()> {
        process::install_termination_cleanup()
            .map_err(|e| Failure::Message(format!("cannot set up signal handling: {e}")))
    }

    /// Intel's headers and the device prelude are installed (not looked at under `-###`).
    pub(crate) fn check_installation(&self) -> Result<()> {
        if !self.echo.dry_run {
            self.tc.check_headers()?;
        }
        Ok(())
    }

    /// Runs every job of `plan` in order; the first failure ends the run.
    pub(crate) fn run(&self, plan: &Plan<'_>) -> Result<()> {
        // A link's objects go to its own directory, made before the compiles.
        let link_scratch = match &plan.link_output {
            Some(output) => Some(self.scratch(output)?),
            None => None,
        };
        for job in &plan.jobs {
            self.run_job(job, link_scratch.as_ref())?;
        }
        Ok(())
    }

    fn run_job(&self, job: &Job<'_>, link_scratch: Option<&Scratch>) -> Result<()> {
        match job {
            Job::Dependencies => crate::compile::dependencies_only(self),
            Job::CompileSource {
                source,
                output,
                phase,
            } => {
                let output = match output {
                    Destination::Default => None,
                    Destination::File(path) => Some(path.clone()),
                    Destination::LinkObject(name) => Some(link_object(link_scratch, name)?),
                };
                crate::compile::compile_source(self, source, output.as_deref(), *phase)
            }
            Job::Preprocess { source, output } => {
                crate::preprocess::preprocess_source(self, source, output.as_deref())
            }
            Job::Clang {
                input,
                output,
                phase,
            } => self.command(&mut crate::compile::clang_alone(
                self,
                input,
                output.as_deref(),
                *phase,
            )),
            Job::DeviceCode { source, output } => {
                crate::compile::compile_device_only(self, source, output)
            }
            Job::DevicePhase { source } => crate::compile::device_phase_only(self, source),
            Job::Link { inputs, output } => {
                let inputs = inputs
                    .iter()
                    .map(|i| match i {
                        LinkInput::File(path) => Ok(path.to_path_buf()),
                        LinkInput::Compiled(name) => link_object(link_scratch, name),
                    })
                    .collect::<Result<Vec<PathBuf>>>()?;
                let scratch = link_scratch.ok_or_else(no_link_directory)?;
                crate::pipeline::link(self, &inputs, output, scratch)
            }
        }
    }

    /// Runs a child to completion (shown first; only shown under `-###`); a failed child's
    /// exit status ends the run.
    pub(crate) fn command(&self, cmd: &mut Command) -> Result<()> {
        self.echo.command(cmd);
        if self.echo.dry_run {
            return Ok(());
        }
        let status = process::status(cmd).map_err(|e| cannot_run(cmd, &e))?;
        if status.success() {
            Ok(())
        } else {
            Err(Failure::Reported(status.code().unwrap_or(1)))
        }
    }

    /// Starts a child, shown first.
    pub(crate) fn spawn(&self, cmd: &mut Command) -> Result<Child> {
        self.echo.command(cmd);
        process::spawn(cmd).map_err(|e| cannot_run(cmd, &e))
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

/// Where the link's object `name` is compiled.
fn link_object(link_scratch: Option<&Scratch>, name: &OsStr) -> Result<PathBuf> {
    Ok(link_scratch.ok_or_else(no_link_directory)?.path(name))
}

/// A plan whose jobs write into a link directory it does not have: a bug in `plan`.
fn no_link_directory() -> Failure {
    Failure::Message("internal error: a link job without its directory".into())
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
