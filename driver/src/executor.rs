//! The one executor of a plan (`plan::Plan`): it sets up signal handling, checks the
//! installation, and runs each job in order, dispatching it to its module with the run's
//! shared services (`run::Context`: `-###`, `-v`, timing, children, the generated files'
//! directories, removed on every exit path, signals included).

use std::ffi::OsStr;
use std::path::PathBuf;

use crate::args::CommandLine;
use crate::compile::SourceCompile;
use crate::pipeline::Link;
use crate::plan::{Destination, Job, Labelled, LinkInput, Plan, Steps};
use crate::run::{Context, Failure, Result, Scratch};
use crate::toolchain::Toolchain;

/// Runs a plan's jobs; one per run.
pub(crate) struct Executor<'a> {
    cx: Context<'a>,
}

impl<'a> Executor<'a> {
    pub(crate) fn new(tc: &'a Toolchain, cl: &'a CommandLine) -> Self {
        Executor {
            cx: Context::new(tc, cl),
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
        if !self.cx.echo.dry_run {
            self.cx.tc.check_headers()?;
        }
        Ok(())
    }

    /// Runs a job step by step, each timed (`-###`: shows them instead); the first failure
    /// ends it.
    fn run_steps<J: Steps>(&self, mut job: J, steps: &[J::Step]) -> Result<()> {
        for &step in steps {
            if self.cx.echo.dry_run {
                job.show(step);
            } else {
                self.cx.timed(step.label(), || job.run(step))?;
            }
        }
        Ok(())
    }

    /// Runs every job of `plan` in order; the first failure ends the run.
    pub(crate) fn run(&self, plan: &Plan<'_>) -> Result<()> {
        // A link's objects go to its own directory, made before the compiles.
        let link_scratch = match &plan.link_output {
            Some(output) => Some(self.cx.scratch(output)?),
            None => None,
        };
        for job in &plan.jobs {
            self.run_job(job, link_scratch.as_ref())?;
        }
        Ok(())
    }

    fn run_job(&self, job: &Job<'_>, link_scratch: Option<&Scratch>) -> Result<()> {
        match job {
            Job::Dependencies => crate::compile::dependencies_only(&self.cx),
            Job::CompileSource {
                source,
                output,
                phase,
                steps,
            } => {
                let output = match output {
                    Destination::Default => None,
                    Destination::File(path) => Some(path.clone()),
                    Destination::LinkObject(name) => Some(link_object(link_scratch, name)?),
                };
                let compile =
                    SourceCompile::of_source(&self.cx, source, output.as_deref(), *phase)?;
                self.run_steps(compile, steps)
            }
            Job::Preprocess { source, output } => {
                crate::preprocess::preprocess_source(&self.cx, source, output.as_deref())
            }
            Job::Clang {
                input,
                output,
                phase,
            } => self.cx.command(&mut crate::compile::clang_alone(
                &self.cx,
                input,
                output.as_deref(),
                *phase,
            )),
            Job::DeviceCode {
                source,
                output,
                steps,
            } => self.run_steps(SourceCompile::device_only(&self.cx, source, output)?, steps),
            Job::DevicePhase { source } => crate::compile::device_phase_only(&self.cx, source),
            Job::Link {
                inputs,
                output,
                steps,
            } => {
                let inputs = inputs
                    .iter()
                    .map(|i| match i {
                        LinkInput::File(path) => Ok(path.to_path_buf()),
                        LinkInput::Compiled(name) => link_object(link_scratch, name),
                    })
                    .collect::<Result<Vec<PathBuf>>>()?;
                let scratch = link_scratch.ok_or_else(no_link_directory)?;
                self.run_steps(Link::new(&self.cx, inputs, output, scratch), steps)
            }
        }
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
