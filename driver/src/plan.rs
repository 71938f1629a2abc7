//! What a `-fsycl` command line asks for, as a list of typed jobs (`Plan`), checked before
//! anything runs; `executor` runs them. Building the plan reads only the command line (and,
//! unless `-###`, whether the sources exist).

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::args::{CommandLine, Input, InputKind, Phase};
use crate::run::{Failure, Result, Shown};

/// Where a job writes its output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Destination {
    /// Where the phase writes without `-o` (standard output for `-E`; nothing for
    /// `-fsyntax-only`).
    Default,
    File(PathBuf),
    /// An object of the link, named in the link's directory of generated files.
    LinkObject(OsString),
}

/// One input of the link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LinkInput<'a> {
    /// The user's object, archive or other input, as given.
    File(&'a Path),
    /// An object an earlier job compiled ([`Destination::LinkObject`]).
    Compiled(OsString),
}

/// One step of a C++ source's compile ([`Job::CompileSource`], [`Job::DeviceCode`]); the
/// executor runs a compile's steps in order, or shows them (`-###`). The compilers run as
/// children while the analysis runs in process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The generated files the host compile reads written (the footer a FIFO), and the host
    /// compile (clang-22, host only) of the source's copy started; it waits at the footer.
    HostCompile,
    /// The device compile (clang-22, device only, with the device prelude) started.
    DeviceCompile,
    /// The analysis (libclang, in process): spec ids and their symbolic IDs, kernel captures.
    Analysis,
    /// The device compile's end; its bitcode gets its symbolic IDs and kernel entry points,
    /// and is packed for embedding (or is the output, device only).
    FinishDeviceCode,
    /// The kernel descriptions and the footer through the FIFO (nothing after a failure);
    /// the host compile's end.
    FeedFooter,
    /// The outputs (object, depfile) into place.
    Commit,
}

/// A step's name in `SYCL_SPECCONST_TIMING=1` lines.
pub(crate) trait Labelled {
    fn label(self) -> &'static str;
}

impl Labelled for Step {
    fn label(self) -> &'static str {
        match self {
            Step::HostCompile => "host compile: start",
            Step::DeviceCompile => "device compile: start",
            Step::Analysis => "analysis",
            Step::FinishDeviceCode => "symbolic IDs, kernel entry points, embedding",
            Step::FeedFooter => "footer fed, host compile ended",
            Step::Commit => "outputs committed",
        }
    }
}

/// One step of the link ([`Job::Link`]), run or shown (`-###`) by the executor in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LinkStep {
    /// The inputs' device code linked, its spec constants lowered, its images built and
    /// registered in an object (in process).
    DeviceCode,
    /// The host link (clang-22) of the inputs and the registration object against the
    /// runtime, into the generated directory.
    HostLink,
    /// The output (the program, or with `-fsycl-link` the registration object) into place.
    Commit,
}

impl Labelled for LinkStep {
    fn label(self) -> &'static str {
        match self {
            LinkStep::DeviceCode => "device code registered (all its steps)",
            LinkStep::HostLink => "host link",
            LinkStep::Commit => "link output committed",
        }
    }
}

/// A job run as typed steps (a source's compile, the link): the executor shows each step
/// (`-###`) or runs and times it, in the plan's order.
pub(crate) trait Steps {
    type Step: Copy + Labelled;
    /// `-###`: what `step` would run, without running anything.
    fn show(&self, step: Self::Step) -> Vec<Shown>;
    /// Runs `step` (`-v`: shown as it runs).
    fn run(&mut self, step: Self::Step) -> Result<()>;
}

/// The link's steps: `-fsycl-link` makes the registration object alone the output.
fn link_steps(device_link_only: bool) -> Vec<LinkStep> {
    if device_link_only {
        vec![LinkStep::DeviceCode, LinkStep::Commit]
    } else {
        vec![LinkStep::DeviceCode, LinkStep::HostLink, LinkStep::Commit]
    }
}

/// The steps of a source's compile for `phase` (`-c`, `-S`, `-fsyntax-only`, or an object of
/// the link) writing `output`: device code only where the phase compiles.
fn source_steps(phase: Phase, output: &Destination) -> Vec<Step> {
    let wants_device = matches!(phase, Phase::Compile | Phase::Link);
    let mut steps = vec![Step::HostCompile];
    if wants_device {
        steps.push(Step::DeviceCompile);
    }
    steps.push(Step::Analysis);
    if wants_device {
        steps.push(Step::FinishDeviceCode);
    }
    steps.push(Step::FeedFooter);
    if *output != Destination::Default {
        steps.push(Step::Commit);
    }
    steps
}

/// `-fsycl-device-only`: the device compile and the analysis, the device code finished into
/// the output.
const DEVICE_CODE_STEPS: [Step; 4] = [
    Step::DeviceCompile,
    Step::Analysis,
    Step::FinishDeviceCode,
    Step::Commit,
];

/// One job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Job<'a> {
    /// `-M`/`-MM`: clang lists the host side's dependencies of the original sources.
    Dependencies,
    /// A C++ source for `phase` (`-c`, `-S`, `-fsyntax-only`): the analysis beside the device
    /// compile, and the host compile reading the footer (`compile`).
    CompileSource {
        source: &'a Input,
        output: Destination,
        phase: Phase,
        steps: Vec<Step>,
    },
    /// `-E` of a C++ source: its host and device views in one file (`preprocess`).
    Preprocess {
        source: &'a Input,
        output: Option<PathBuf>,
    },
    /// Another language, or a link input under a compile phase: clang on its own, with the
    /// user's options.
    Clang {
        input: &'a Input,
        output: Option<PathBuf>,
        phase: Phase,
    },
    /// `-fsycl-device-only`: the finished device code of a source, as bitcode or LLVM text.
    DeviceCode {
        source: &'a Input,
        output: PathBuf,
        steps: Vec<Step>,
    },
    /// `-fsycl-device-only -E`/`-fsyntax-only`: the device compile alone, that far.
    DevicePhase { source: &'a Input },
    /// Device link, registration, host link.
    Link {
        inputs: Vec<LinkInput<'a>>,
        output: PathBuf,
        steps: Vec<LinkStep>,
    },
}

/// The jobs of a run, in order.
#[derive(Debug)]
pub(crate) struct Plan<'a> {
    pub(crate) jobs: Vec<Job<'a>>,
    /// The link's output when the plan links: the link's generated files' directory is
    /// named after it, and holds the objects compiled for it.
    pub(crate) link_output: Option<PathBuf>,
}

/// What must hold before anything else is looked at: inputs, and nothing `-fsycl` cannot
/// build.
pub(crate) fn check_command_line(cl: &CommandLine) -> Result<()> {
    if cl.inputs.is_empty() {
        return Err(Failure::Message("no input files".into()));
    }
    if let Some(what) = cl.unsupported {
        return Err(Failure::Message(format!(
            "-fsycl cannot build {what} (DPC++ refuses it too); build it without -fsycl"
        )));
    }
    check_nvptx(cl)
}

/// What the nvptx64 target cannot do yet: `-E` output holds the spir64 device view only, so
/// it neither comes out for nor compiles back to nvptx64; `-fsycl-device-only` writes one
/// target's code.
fn check_nvptx(cl: &CommandLine) -> Result<()> {
    if cl.sycl_targets.nvptx.is_none() {
        return Ok(());
    }
    if cl.phase == Phase::Preprocess && !cl.device_only {
        return Err(Failure::Message(
            "-fsycl -E writes the spir64 device view only; it is not supported with an nvptx64 \
             target (-fsycl-device-only -E gives the nvptx64 device view)"
                .into(),
        ));
    }
    if let Some(input) = cl.inputs.iter().find(|i| i.preprocessed) {
        return Err(Failure::Message(format!(
            "'{}' is preprocessed for spir64 (sycl-clang++ -fsycl -E); compile the source itself \
             for an nvptx64 target",
            input.path.display()
        )));
    }
    if cl.device_only && cl.device_targets().len() > 1 {
        return Err(Failure::Message(
            "-fsycl-device-only writes one target's device code; name one target in \
             -fsycl-targets"
                .into(),
        ));
    }
    Ok(())
}

/// The plan of a `-fsycl` command line that passed [`check_command_line`].
pub(crate) fn plan(cl: &CommandLine) -> Result<Plan<'_>> {
    if cl.phase == Phase::Dependencies {
        return Ok(Plan {
            jobs: vec![Job::Dependencies],
            link_output: None,
        });
    }
    check_sources(cl)?;
    check_output(cl)?;
    if cl.device_only {
        return device_only(cl);
    }
    if cl.phase == Phase::Link {
        return Ok(build_and_link(cl));
    }
    if cl.output.is_some() && cl.inputs.len() > 1 && cl.phase != Phase::SyntaxOnly {
        return Err(multiple_outputs());
    }
    let jobs = cl.inputs.iter().map(|input| input_job(cl, input)).collect();
    Ok(Plan {
        jobs,
        link_output: None,
    })
}

fn multiple_outputs() -> Failure {
    Failure::Message("cannot specify -o when generating multiple output files".into())
}

fn sources(cl: &CommandLine) -> impl Iterator<Item = &Input> {
    cl.inputs.iter().filter(|i| i.kind == InputKind::CxxSource)
}

/// C++ sources are files (unless `-###`): the pipeline reads and copies them.
fn check_sources(cl: &CommandLine) -> Result<()> {
    for s in sources(cl) {
        if s.path.as_os_str() == "-" {
            return Err(Failure::Message(
                "reading a SYCL source from standard input is not supported; pass a file".into(),
            ));
        }
        if !cl.dry_run {
            readable_source(&s.path)?;
        }
    }
    Ok(())
}

/// A source the pipeline can read more than once (the analysis, the device compile and the
/// host copy each read it): a regular file this user may read. Refused as clang words it.
fn readable_source(path: &std::path::Path) -> Result<()> {
    let error =
        |reason: &str| Failure::Message(format!("error reading '{}': {reason}", path.display()));
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(Failure::Message(format!(
            "no such file or directory: '{}'",
            path.display()
        ))),
        Err(e) => Err(error(&io_reason(&e))),
        Ok(m) if m.is_dir() => Err(error("Is a directory")),
        Ok(m) if !m.is_file() => Err(error("not a regular file")),
        Ok(_) => std::fs::File::open(path)
            .map(drop)
            .map_err(|e| error(&io_reason(&e))),
    }
}

/// An I/O error's reason as the system words it, without Rust's "(os error N)".
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(end) => text[..end].to_string(),
        None => text,
    }
}

/// As gcc refuses it: clang would replace the source with the object.
fn check_output(cl: &CommandLine) -> Result<()> {
    let Some(output) = &cl.output else {
        return Ok(());
    };
    match cl
        .inputs
        .iter()
        .find(|i| output::same_file(&i.path, output))
    {
        Some(input) => Err(Failure::Message(format!(
            "input file '{}' is the same as output file '{}'",
            input.path.display(),
            output.display()
        ))),
        None => Ok(()),
    }
}

/// The job of one input under a compile phase (`-c`, `-S`, `-E`, `-fsyntax-only`).
fn input_job<'a>(cl: &CommandLine, input: &'a Input) -> Job<'a> {
    let default_output = || {
        let stem = input.path.file_stem().unwrap_or_default();
        let mut name = stem.to_os_string();
        name.push(match cl.phase {
            Phase::Assemble => ".s",
            _ => ".o",
        });
        PathBuf::from(name)
    };
    let output = match cl.phase {
        Phase::Compile | Phase::Assemble => Some(cl.output.clone().unwrap_or_else(default_output)),
        Phase::Preprocess => cl.output.clone(),
        Phase::SyntaxOnly | Phase::Link | Phase::Dependencies => None,
    };
    match (input.kind, cl.phase) {
        (InputKind::CxxSource, Phase::Preprocess) => Job::Preprocess {
            source: input,
            output,
        },
        (InputKind::CxxSource, phase) => {
            let output = output.map_or(Destination::Default, Destination::File);
            Job::CompileSource {
                source: input,
                steps: source_steps(phase, &output),
                output,
                phase,
            }
        }
        (InputKind::OtherSource | InputKind::LinkInput, phase) => Job::Clang {
            input,
            output,
            phase,
        },
    }
}

/// `-fsycl-device-only`: each C++ source's device code, finished by the pipeline, as
/// `<stem>.bc` (`<stem>.ll` with `-S`) or `-o`'s file; `-E` and `-fsyntax-only` run the device
/// compile itself (with the device prelude) that far.
fn device_only(cl: &CommandLine) -> Result<Plan<'_>> {
    if sources(cl).count() != cl.inputs.len() {
        return Err(Failure::Message(
            "-fsycl-device-only takes C++ sources only".into(),
        ));
    }
    if cl.output.is_some() && cl.inputs.len() > 1 {
        return Err(multiple_outputs());
    }
    let ptx = cl.sycl_targets.nvptx.is_some() && cl.device_targets().len() == 1;
    let extension = match (cl.phase, ptx) {
        (Phase::Assemble, true) => ".s",
        (Phase::Assemble, false) => ".ll",
        _ => ".bc",
    };
    let jobs = sources(cl)
        .map(|source| match cl.phase {
            Phase::Preprocess | Phase::SyntaxOnly | Phase::Dependencies => {
                Job::DevicePhase { source }
            }
            Phase::Compile | Phase::Assemble | Phase::Link => {
                let output = cl.output.clone().unwrap_or_else(|| {
                    let mut name = source.path.file_stem().unwrap_or_default().to_os_string();
                    name.push(extension);
                    PathBuf::from(name)
                });
                Job::DeviceCode {
                    source,
                    output,
                    steps: DEVICE_CODE_STEPS.to_vec(),
                }
            }
        })
        .collect();
    Ok(Plan {
        jobs,
        link_output: None,
    })
}

/// Full build: the C++ sources compiled into the link's directory, then the link.
fn build_and_link(cl: &CommandLine) -> Plan<'_> {
    let output = cl.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
    let mut jobs = Vec::new();
    let mut inputs = Vec::new();
    for (n, input) in cl.inputs.iter().enumerate() {
        if input.kind != InputKind::CxxSource {
            inputs.push(LinkInput::File(&input.path));
            continue;
        }
        let stem = input.path.file_stem().unwrap_or(OsStr::new("source"));
        // Within NAME_MAX whatever the source's name.
        let stem = OsStr::from_bytes(&stem.as_bytes()[..stem.len().min(200)]);
        let mut name = OsString::from(format!("{n}-"));
        name.push(stem);
        name.push(".o");
        let output = Destination::LinkObject(name.clone());
        jobs.push(Job::CompileSource {
            source: input,
            steps: source_steps(Phase::Compile, &output),
            output,
            phase: Phase::Compile,
        });
        inputs.push(LinkInput::Compiled(name));
    }
    jobs.push(Job::Link {
        inputs,
        output: output.clone(),
        steps: link_steps(cl.device_link_only),
    });
    Plan {
        jobs,
        link_output: Some(output),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command_line(list: &[&str]) -> CommandLine {
        let words: Vec<OsString> = list.iter().map(OsString::from).collect();
        crate::args::parse(&words).expect("parsed")
    }

    #[test]
    fn a_build_compiles_sources_into_the_link() {
        let cl = command_line(&["-fsycl", "-###", "a.cpp", "b.o", "-o", "app"]);
        let plan = plan(&cl).expect("planned");
        assert_eq!(plan.link_output.as_deref(), Some(Path::new("app")));
        assert_eq!(plan.jobs.len(), 2);
        assert!(matches!(
            &plan.jobs[0],
            Job::CompileSource { output: Destination::LinkObject(n), phase: Phase::Compile, .. }
                if n == "0-a.o"
        ));
        let Job::Link {
            inputs,
            output,
            steps,
        } = &plan.jobs[1]
        else {
            panic!("{:?}", plan.jobs[1]);
        };
        assert_eq!(output, Path::new("app"));
        use LinkStep::*;
        assert_eq!(steps, &[DeviceCode, HostLink, Commit]);
        assert_eq!(
            inputs,
            &[
                LinkInput::Compiled("0-a.o".into()),
                LinkInput::File(Path::new("b.o"))
            ]
        );
    }

    #[test]
    fn compile_phases_get_one_job_per_input() {
        let cl = command_line(&["-fsycl", "-###", "-S", "a.cpp", "c.c"]);
        let jobs = plan(&cl).expect("planned").jobs;
        assert!(matches!(
            &jobs[0],
            Job::CompileSource { output: Destination::File(o), phase: Phase::Assemble, .. }
                if o == Path::new("a.s")
        ));
        assert!(matches!(&jobs[1], Job::Clang { output: Some(o), .. } if o == Path::new("c.s")));
        let cl = command_line(&["-fsycl", "-###", "-E", "a.cpp"]);
        assert!(matches!(
            plan(&cl).expect("planned").jobs[..],
            [Job::Preprocess { output: None, .. }]
        ));
    }

    #[test]
    fn device_only_names_outputs_by_phase() {
        let cl = command_line(&["-fsycl-device-only", "-###", "-S", "k.cpp"]);
        assert!(matches!(
            &plan(&cl).expect("planned").jobs[..],
            [Job::DeviceCode { output, .. }] if output == Path::new("k.ll")
        ));
        let cl = command_line(&["-fsycl-device-only", "-###", "-fsyntax-only", "k.cpp"]);
        assert!(matches!(
            plan(&cl).expect("planned").jobs[..],
            [Job::DevicePhase { .. }]
        ));
        let cl = command_line(&["-fsycl-device-only", "-###", "k.cpp", "o.o"]);
        assert!(plan(&cl).is_err());
    }

    /// The steps of the one C++ source's compile that `words` plan.
    fn steps_of(words: &[&str]) -> Vec<Step> {
        let cl = command_line(words);
        match plan(&cl).expect("planned").jobs.into_iter().next() {
            Some(Job::CompileSource { steps, .. } | Job::DeviceCode { steps, .. }) => steps,
            other => panic!("not a source's compile: {other:?}"),
        }
    }

    #[test]
    fn an_object_gets_device_code_and_a_commit() {
        use Step::*;
        let all = [
            HostCompile,
            DeviceCompile,
            Analysis,
            FinishDeviceCode,
            FeedFooter,
            Commit,
        ];
        assert_eq!(steps_of(&["-fsycl", "-###", "-c", "a.cpp"]), all);
        // An object of the link is compiled the same way, into the link's directory.
        assert_eq!(steps_of(&["-fsycl", "-###", "a.cpp", "-o", "app"]), all);
    }

    #[test]
    fn host_only_phases_get_no_device_compile() {
        use Step::*;
        assert_eq!(
            steps_of(&["-fsycl", "-###", "-S", "a.cpp"]),
            [HostCompile, Analysis, FeedFooter, Commit]
        );
        // Nothing to commit: -fsyntax-only writes no output.
        assert_eq!(
            steps_of(&["-fsycl", "-###", "-fsyntax-only", "a.cpp"]),
            [HostCompile, Analysis, FeedFooter]
        );
    }

    #[test]
    fn device_only_code_has_no_host_compile() {
        use Step::*;
        let device = [DeviceCompile, Analysis, FinishDeviceCode, Commit];
        assert_eq!(steps_of(&["-fsycl-device-only", "-###", "k.cpp"]), device);
        assert_eq!(
            steps_of(&["-fsycl-device-only", "-###", "-S", "-MD", "k.cpp"]),
            device
        );
    }

    #[test]
    fn a_device_link_alone_has_no_host_link() {
        let cl = command_line(&["-fsycl", "-###", "-fsycl-link", "a.o", "-o", "dev.o"]);
        let plan = plan(&cl).expect("planned");
        assert!(matches!(
            &plan.jobs[..],
            [Job::Link { steps, .. }] if steps == &[LinkStep::DeviceCode, LinkStep::Commit]
        ));
    }

    #[test]
    fn refusals_come_before_any_job() {
        let cl = command_line(&["-fsycl", "-###", "-c", "a.cpp", "b.cpp", "-o", "x.o"]);
        assert!(matches!(plan(&cl), Err(Failure::Message(m)) if m.contains("multiple output")));
        let cl = command_line(&["-fsycl", "-###", "-c", "-"]);
        assert!(
            plan(&cl).is_ok(),
            "standard input is not a C++ source by name"
        );
        let cl = command_line(&["-fsycl", "-x", "c++", "-c", "-"]);
        assert!(matches!(plan(&cl), Err(Failure::Message(m)) if m.contains("standard input")));
        assert!(check_command_line(&command_line(&["-fsycl"])).is_err());
        let cl = command_line(&["-fsycl", "-M", "a.cpp"]);
        assert_eq!(plan(&cl).expect("planned").jobs, [Job::Dependencies]);
    }
}
