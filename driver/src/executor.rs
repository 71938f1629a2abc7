//! The one executor of a plan (`plan::Plan`): it sets up signal handling, checks the
//! installation, and runs each job in order, dispatching it to its module with the run's
//! shared services (`run::Context`: `-v`, timing, children, the generated files' directories,
//! removed on every exit path, signals included). Each job is first made ready
//! (`Executor::prepare`: one value per job); a run runs that value, and `-###` makes the
//! plan's `Script` from it instead: what each job would run, with nothing run.

use std::ffi::OsStr;
use std::path::PathBuf;

use crate::args::CommandLine;
use crate::compile::SourceCompile;
use crate::pipeline::Link;
use crate::plan::{Destination, Job, Labelled, LinkInput, Plan, Steps};
use crate::run::{Context, Failure, Result, Scratch, Script, Shown};
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

    /// Runs a job step by step, each timed; the first failure ends it.
    fn run_steps<J: Steps>(&self, mut job: J, steps: &[J::Step]) -> Result<()> {
        for &step in steps {
            self.cx.timed(step.label(), || job.run(step))?;
        }
        Ok(())
    }

    /// The link's directory of generated files, when the plan links: its objects go there,
    /// so it is made before the compiles.
    fn link_scratch(&self, plan: &Plan<'_>) -> Result<Option<Scratch>> {
        match &plan.link_output {
            Some(output) => Ok(Some(self.cx.scratch(output)?)),
            None => Ok(None),
        }
    }

    /// `-###`: what running `plan` would do, every job's children and in-process steps in
    /// order, with nothing run. Printed, it is what `-###` prints. On a failure, what the
    /// jobs before showed comes with it.
    pub(crate) fn script(&self, plan: &Plan<'_>) -> (Script, Result<()>) {
        let mut script = Script::default();
        let result = self.link_scratch(plan).and_then(|link_scratch| {
            plan.jobs.iter().try_for_each(|job| {
                script
                    .0
                    .extend(self.prepare(job, link_scratch.as_ref())?.shown());
                Ok(())
            })
        });
        (script, result)
    }

    /// `job` made ready to show or run: its outputs' paths resolved, its compile, link or
    /// commands made, all as one value, so what `-###` shows is what a run runs.
    fn prepare<'p>(
        &'p self,
        job: &'p Job<'_>,
        link_scratch: Option<&'p Scratch>,
    ) -> Result<Prepared<'p>> {
        let cx = &self.cx;
        Ok(match job {
            Job::Dependencies => Prepared::Command(crate::compile::OneCommand::new(
                crate::compile::dependencies_command(cx),
            )),
            Job::CompileSource {
                source,
                output,
                phase,
                steps,
            } => {
                let output = object_path(output, link_scratch)?;
                let compile = SourceCompile::of_source(cx, source, output.as_deref(), *phase)?;
                Prepared::Compile(Box::new(compile), steps)
            }
            Job::Preprocess { source, output } => Prepared::Preprocess(
                crate::preprocess::view_commands(cx, source),
                output.as_deref(),
            ),
            Job::Clang {
                input,
                output,
                phase,
            } => Prepared::Command(crate::compile::OneCommand::new(
                crate::compile::clang_alone(cx, input, output.as_deref(), *phase),
            )),
            Job::DeviceCode {
                source,
                output,
                steps,
            } => Prepared::Compile(
                Box::new(SourceCompile::device_only(cx, source, output)?),
                steps,
            ),
            Job::DevicePhase { source } => {
                Prepared::Command(crate::compile::device_phase(cx, source)?)
            }
            Job::Link {
                inputs,
                output,
                steps,
            } => {
                let inputs = link_inputs(inputs, link_scratch)?;
                let scratch = link_scratch.ok_or_else(no_link_directory)?;
                Prepared::Link(Link::new(cx, inputs, output, scratch), steps)
            }
        })
    }

    /// Runs every job of `plan` in order; the first failure ends the run.
    pub(crate) fn run(&self, plan: &Plan<'_>) -> Result<()> {
        let link_scratch = self.link_scratch(plan)?;
        for job in &plan.jobs {
            self.run_job(job, link_scratch.as_ref())?;
        }
        Ok(())
    }

    fn run_job(&self, job: &Job<'_>, link_scratch: Option<&Scratch>) -> Result<()> {
        match self.prepare(job, link_scratch)? {
            Prepared::Command(mut one) => self.cx.command(&mut one.command),
            Prepared::Compile(compile, steps) => self.run_steps(*compile, steps),
            Prepared::Link(link, steps) => self.run_steps(link, steps),
            Prepared::Preprocess(commands, output) => {
                crate::preprocess::preprocess_source(&self.cx, commands, output)
            }
        }
    }
}

/// A job made ready ([`Executor::prepare`]).
enum Prepared<'p> {
    /// One clang command (`-M`, clang alone, the device phase).
    Command(crate::compile::OneCommand),
    Compile(Box<SourceCompile<'p>>, &'p [crate::plan::Step]),
    Link(Link<'p>, &'p [crate::plan::LinkStep]),
    /// `-E`: the host view's and the device view's commands, and where the output goes.
    Preprocess([std::process::Command; 2], Option<&'p std::path::Path>),
}

impl Prepared<'_> {
    /// What running it would run, in order.
    fn shown(&self) -> Vec<Shown> {
        match self {
            Prepared::Command(one) => one.shown(),
            Prepared::Compile(compile, steps) => {
                steps.iter().flat_map(|&s| compile.show(s)).collect()
            }
            Prepared::Link(link, steps) => steps.iter().flat_map(|&s| link.show(s)).collect(),
            Prepared::Preprocess(commands, _) => commands.iter().map(Shown::command).collect(),
        }
    }
}

/// Where a compile writes its output: none for the phase's default, the link's directory
/// for an object of the link.
fn object_path(output: &Destination, link_scratch: Option<&Scratch>) -> Result<Option<PathBuf>> {
    Ok(match output {
        Destination::Default => None,
        Destination::File(path) => Some(path.clone()),
        Destination::LinkObject(name) => Some(link_object(link_scratch, name)?),
    })
}

/// The link's inputs as paths: the user's as given, the compiled ones in the link's directory.
fn link_inputs(inputs: &[LinkInput<'_>], link_scratch: Option<&Scratch>) -> Result<Vec<PathBuf>> {
    inputs
        .iter()
        .map(|i| match i {
            LinkInput::File(path) => Ok(path.to_path_buf()),
            LinkInput::Compiled(name) => link_object(link_scratch, name),
        })
        .collect()
}

/// Where the link's object `name` is compiled.
fn link_object(link_scratch: Option<&Scratch>, name: &OsStr) -> Result<PathBuf> {
    Ok(link_scratch.ok_or_else(no_link_directory)?.path(name))
}

/// A plan whose jobs write into a link directory it does not have: a bug in `plan`.
fn no_link_directory() -> Failure {
    Failure::Message("internal error: a link job without its directory".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    /// A tool chain that cannot be run: its clang does not exist, so no PCH is looked up and
    /// nothing could start even by mistake.
    fn toolchain() -> Toolchain {
        Toolchain {
            clang: "/nonexistent/bin/clang++-22".into(),
            sycl_include: "/nonexistent/include".into(),
            runtime_lib: "/nonexistent/lib".into(),
            prelude: "/nonexistent/prelude.hpp".into(),
            editor_include: "/nonexistent/editor".into(),
            libdevice: "/nonexistent/libdevice".into(),
        }
    }

    /// The lines `-###` prints for `words` (which must hold `-###`).
    fn script(words: &[&str]) -> Vec<Shown> {
        let words: Vec<OsString> = words.iter().map(OsString::from).collect();
        let cl = crate::args::parse(&words).expect("parsed");
        let tc = toolchain();
        let plan = crate::plan::plan(&cl).expect("planned");
        let executor = Executor::new(&tc, &cl);
        let (script, result) = executor.script(&plan);
        assert!(result.is_ok(), "{:?}", result.err());
        let text = script.to_string();
        assert_eq!(text.lines().count(), script.0.len(), "{text}");
        script.0
    }

    fn program_and(line: &Shown, flag: &str) -> bool {
        matches!(line, Shown::Command(words)
            if words.first().is_some_and(|p| p == "/nonexistent/bin/clang++-22")
                && words.iter().any(|w| w == flag))
    }

    fn note(line: &Shown, starts: &str) -> bool {
        matches!(line, Shown::Note(n) if n.starts_with(starts))
    }

    #[test]
    fn an_object_shows_both_compiles_and_the_in_process_steps() {
        let lines = script(&[
            "-fsycl",
            "-###",
            "-c",
            "/nonexistent/src/a.cpp",
            "-o",
            "/nonexistent/a.o",
        ]);
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert!(program_and(&lines[0], "-fsycl-host-only"), "{:?}", lines[0]);
        assert!(
            program_and(&lines[1], "-fsycl-device-only"),
            "{:?}",
            lines[1]
        );
        assert!(note(
            &lines[2],
            " # sycl-clang++: analysis (libclang, in process)"
        ));
        assert!(note(
            &lines[3],
            " # sycl-clang++: symbolic IDs and kernel entry points"
        ));
        assert!(note(
            &lines[4],
            " # sycl-clang++: kernel descriptions and footer"
        ));
    }

    #[test]
    fn a_build_shows_the_compile_then_the_link() {
        let lines = script(&[
            "-fsycl",
            "-###",
            "/nonexistent/src/a.cpp",
            "-o",
            "/nonexistent/app",
        ]);
        assert_eq!(lines.len(), 7, "{lines:?}");
        assert!(
            note(&lines[5], " # sycl-clang++: device link"),
            "{:?}",
            lines[5]
        );
        assert!(matches!(&lines[6], Shown::Command(w) if w.iter().any(|a| a == "-o")));
    }

    #[test]
    fn an_nvptx64_object_shows_a_device_compile_per_target() {
        let lines = script(&[
            "-fsycl",
            "-fsycl-targets=spir64,nvptx64-nvidia-cuda",
            "-###",
            "-c",
            "/nonexistent/src/a.cpp",
        ]);
        let device_compiles = lines
            .iter()
            .filter(|l| program_and(l, "-fsycl-device-only"));
        assert_eq!(device_compiles.count(), 2, "{lines:?}");
    }

    #[test]
    fn preprocessing_dependencies_and_other_languages_show_their_clang_jobs() {
        let lines = script(&["-fsycl", "-###", "-E", "/nonexistent/src/a.cpp"]);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(program_and(&lines[0], "-E") && program_and(&lines[1], "-E"));
        let lines = script(&["-fsycl", "-###", "-M", "/nonexistent/src/a.cpp"]);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(program_and(&lines[0], "-fsycl-host-only"));
        let lines = script(&["-fsycl", "-###", "-c", "/nonexistent/src/b.c"]);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(program_and(&lines[0], "-c"));
        let lines = script(&[
            "-fsycl",
            "-fsycl-device-only",
            "-###",
            "-fsyntax-only",
            "/nonexistent/src/a.cpp",
        ]);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(program_and(&lines[0], "-fsyntax-only"));
    }

    #[test]
    fn a_command_is_shown_with_each_word_quoted() {
        let line = Shown::Command(vec!["clang".into(), "-DX=\"a b\"".into()]);
        assert_eq!(line.to_string(), r#" "clang" "-DX=\"a b\"""#);
        let script = Script(vec![line, Shown::Note(" # note".into())]);
        assert_eq!(
            script.to_string(),
            " \"clang\" \"-DX=\\\"a b\\\"\"\n # note\n"
        );
    }
}
