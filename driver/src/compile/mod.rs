//! One C++ source under `-fsycl`, as the steps the plan lists (`plan::Step`), which the
//! executor runs in order through [`SourceCompile`]: three jobs at once.
//!
//! * the host compile (clang-22, host only, a child) of a copy of the source that ends by
//!   including the footer, which is a FIFO: clang parses and analyses the whole TU, then
//!   waits there;
//! * the device compile (clang-22, device only, with the device prelude, a child);
//! * the analysis (libclang, in process, while both compilers run): spec ids and their
//!   symbolic IDs, kernel captures.
//!
//! When the analysis and the device compile are done, the device bitcode gets its symbolic IDs
//! and kernel entry points, is packed for embedding, and the FIFO delivers the kernel
//! descriptions and the footer; the host compile finishes, embedding the device code. Kernel
//! descriptions may come that late because clang instantiates kernel launches (function
//! templates) at the end of the TU; the macros that must come first are in the force-included
//! integration header. Any failure still feeds the FIFO (empty), so the host compile never
//! hangs, and its output is discarded. The outputs (object, depfile) go into place together at
//! the end.

mod analysis;
mod device_finish;
mod unit;

use analysis::analyse;
use device_finish::{DeviceCompile, finish_device_compile, same_kernels, write_device_output};
use unit::Unit;

use std::ffi::OsStr;
use std::io::Write as _;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use offload::integration_header::{self, KernelInfo};

use crate::args::{DeviceTarget, Input, Phase};
use crate::pch;
use crate::pipeline::{move_into_place, write_file};
use crate::plan::{Step, Steps};
use crate::run::{Context, Failure, Result, Scratch, Shown, timing};

/// One C++ source's compile while the executor runs its steps (`plan::Step`, in the plan's
/// order): the children started and what the steps before found. A failure of the analysis
/// or of finishing the device code is kept, not returned, until the step that ends the
/// children (`FeedFooter`, or `FinishDeviceCode` without a host compile): the host compile
/// always gets its footer (empty on failure) and every child is waited for.
pub(crate) struct SourceCompile<'a> {
    unit: Unit<'a>,
    /// The generated files' directory, for as long as the compile runs.
    _scratch: Scratch,
    /// Where the output goes; `None` where the phase writes none (`-fsyntax-only`).
    output: Option<PathBuf>,
    /// `-fsycl-device-only`: the finished device code is the output; no host compile.
    device_only: bool,
    host: Option<Running>,
    /// The device compiles, one per target (`CommandLine::device_targets`).
    devices: Vec<(DeviceTarget, std::io::Result<Running>)>,
    /// Device compile commands made beside the host compile's start (`Step::HostCompile`).
    prepared_devices: Vec<(DeviceTarget, Command)>,
    /// The analysis's saved AST, built from then until the analysis starts.
    analysis_headers: Option<std::thread::JoinHandle<()>>,
    /// The analysis, its refusals made; after a failure, why.
    analysis: Option<Result<model::Analysis>>,
    /// The kernels' descriptions for the footer, once the device code is finished.
    kernels: Vec<KernelInfo>,
}

/// A compiler started as a child, and when.
struct Running {
    child: Child,
    started: Instant,
}

impl<'a> SourceCompile<'a> {
    /// The compile of `source` for `phase` (`-c`, `-S`, `-fsyntax-only`) writing `output`.
    pub(crate) fn of_source(
        cx: &'a Context<'a>,
        source: &'a Input,
        output: Option<&Path>,
        phase: Phase,
    ) -> Result<Self> {
        let anchor = output.map(Path::to_path_buf).unwrap_or_else(|| {
            PathBuf::from(source.path.file_name().unwrap_or(OsStr::new("source")))
        });
        let scratch = cx.scratch(&anchor)?;
        let unit = Unit::in_scratch(cx, source, &scratch, phase);
        Ok(Self::with(
            unit,
            scratch,
            output.map(Path::to_path_buf),
            false,
        ))
    }

    /// `-fsycl-device-only`: the device code as the pipeline finishes it (device prelude,
    /// resolved spec-constant IDs, wrapper kernels, optimised), as bitcode, or as LLVM text
    /// for `-S`, written to `output`; no host compile.
    pub(crate) fn device_only(
        cx: &'a Context<'a>,
        source: &'a Input,
        output: &Path,
    ) -> Result<Self> {
        let scratch = cx.scratch(output)?;
        let unit = Unit {
            device_depfile: cx.cl.flags.depfile.wanted,
            ..Unit::in_scratch(cx, source, &scratch, Phase::Compile)
        };
        Ok(Self::with(unit, scratch, Some(output.to_path_buf()), true))
    }

    fn with(unit: Unit<'a>, scratch: Scratch, output: Option<PathBuf>, device_only: bool) -> Self {
        SourceCompile {
            unit,
            _scratch: scratch,
            output,
            device_only,
            host: None,
            devices: Vec::new(),
            prepared_devices: Vec::new(),
            analysis_headers: None,
            analysis: None,
            kernels: Vec::new(),
        }
    }

    /// Waits for the device compile; with the analysis, finishes the device code: the
    /// container the host compile embeds, or (device only) the staged output.
    fn finish_device_code(&mut self) -> Result<()> {
        // Every device compile is waited for, whatever happens to the others.
        let outputs: Vec<(DeviceTarget, DeviceCompile)> = std::mem::take(&mut self.devices)
            .into_iter()
            .map(|(target, running)| (target, wait_for_device_compile(&self.unit, target, running)))
            .collect();
        let analysis = self
            .analysis
            .take()
            .unwrap_or_else(|| Err(step_missing("analysis")));
        if self.device_only {
            let mut analysis = analysis?;
            let mut outputs = outputs.into_iter();
            let (Some((target, output)), None) = (outputs.next(), outputs.next()) else {
                return Err(step_missing("single device compile"));
            };
            return write_device_output(&self.unit, target, output, &mut analysis);
        }
        self.analysis = Some(analysis.and_then(|mut analysis| {
            let mut described: Option<(DeviceTarget, Vec<KernelInfo>)> = None;
            for (target, output) in outputs {
                let kernels = finish_device_compile(&self.unit, target, output, &mut analysis)?;
                match &described {
                    None => described = Some((target, kernels)),
                    Some((first, seen)) => same_kernels(*first, seen, target, &kernels)?,
                }
            }
            self.kernels = described.map(|(_, kernels)| kernels).unwrap_or_default();
            Ok(analysis)
        }));
        Ok(())
    }

    /// Delivers the kernel descriptions and the footer through the FIFO (nothing after a
    /// failure) and waits for the host compile.
    fn feed_footer(&mut self) -> Result<()> {
        let unit = &self.unit;
        let mut host = self
            .host
            .take()
            .ok_or_else(|| step_missing("host compile"))?;
        let prepared = self
            .analysis
            .take()
            .unwrap_or_else(|| Err(step_missing("analysis")))
            .map(|analysis| footer_text(unit, &analysis, &self.kernels));
        let fed = feed_fifo(
            &unit.files.footer,
            prepared.as_deref().unwrap_or("").as_bytes(),
            &mut host.child,
        );
        let status = process::wait(&mut host.child);
        timing("host compile (from its start)", host.started.elapsed());
        show_host_diagnostics(unit);
        let status = status.map_err(|e| format!("cannot wait for clang: {e}"))?;
        let footer = footer_after_host_compile(unit, prepared, status)?;
        fed?;
        if !status.success() {
            return Err(Failure::Reported(status.code().unwrap_or(1)));
        }
        if unit.cl.save_temps {
            // The FIFO becomes a regular file with what went through it (removed first: the
            // writer would write into a FIFO in place).
            let _ = std::fs::remove_file(&unit.files.footer);
            write_file(&unit.files.footer, footer.as_bytes())?;
        }
        Ok(())
    }

    /// The outputs into place together (`commit_together`).
    fn commit(&self) -> Result<()> {
        let Some(output) = &self.output else {
            return Ok(());
        };
        let mut ready = Vec::new();
        let deps = &self.unit.cl.flags.depfile;
        if deps.wanted {
            ready.push(Ready::Written {
                bytes: self.depfile_text(output)?.into_bytes(),
                path: deps.path_for(output),
            });
        }
        ready.push(Ready::Staged {
            staged: self.unit.files.staged_output.clone(),
            path: output.clone(),
        });
        process::critical(|| commit_together(&ready))
    }

    /// The depfile of the compile writing `output`, naming real inputs only: the host
    /// compile's, which read the source's copy and the generated headers, or (device only) the
    /// device compile's (the device prelude is an installed header, listed like any other).
    fn depfile_text(&self, output: &Path) -> Result<String> {
        let (unit, files) = (&self.unit, &self.unit.files);
        let deps = &unit.cl.flags.depfile;
        let text = std::fs::read_to_string(&files.host_depfile)
            .map_err(|e| format!("cannot read '{}': {e}", files.host_depfile.display()))?;
        let text = pch::restore_depfile(&files.host_depfile, text);
        let (compiled, generated) = if self.device_only {
            (&unit.source.path, Vec::new())
        } else {
            (
                &files.host_tu,
                vec![files.footer.clone(), files.header.clone()],
            )
        };
        Ok(depfile::rewrite(
            &text,
            compiled,
            &unit.source.path,
            &generated,
            &deps.target_for(output),
            deps.phony,
        ))
    }
}

impl Steps for SourceCompile<'_> {
    type Step = Step;

    fn show(&self, step: Step) -> Vec<Shown> {
        let unit = &self.unit;
        let mut shown = Vec::new();
        match step {
            Step::HostCompile => {
                let command = unit.host_command(self.output.as_deref());
                shown.extend(unit.take_pch_builds_shown());
                shown.push(Shown::command(&command));
            }
            Step::DeviceCompile => {
                for target in unit.cl.device_targets() {
                    let command = unit.device_command(target);
                    shown.extend(unit.take_pch_builds_shown());
                    shown.push(Shown::command(&command));
                }
            }
            Step::Analysis => shown.push(Shown::Note(format!(
                " # sycl-clang++: analysis (libclang, in process) of \"{}\", beside the {}",
                unit.source.path.display(),
                if self.device_only { "device compile" } else { "compiles" }
            ))),
            Step::FinishDeviceCode => {
                for target in unit.cl.device_targets() {
                    let into = match &self.output {
                        Some(output) if self.device_only => output.clone(),
                        _ => unit.files.device(target).embed,
                    };
                    let which = match target {
                        DeviceTarget::Spir64 => "",
                        DeviceTarget::Nvptx64(_) => "nvptx64, ",
                    };
                    shown.push(Shown::Note(format!(
                        " # sycl-clang++: symbolic IDs and kernel entry points ({which}in process) -> \"{}\"",
                        into.display()
                    )));
                }
            }
            Step::FeedFooter => shown.push(Shown::Note(format!(
                " # sycl-clang++: kernel descriptions and footer -> \"{}\" (read by the host compile)",
                unit.files.footer.display()
            ))),
            Step::Commit => {}
        }
        shown
    }

    fn run(&mut self, step: Step) -> Result<()> {
        match step {
            Step::HostCompile => {
                let echo = self.unit.ex.echo;
                if self.unit.wants_device && !echo.verbose {
                    // Missing PCHs are built beside each other: the device commands (which
                    // build theirs) are made while the host compile's PCH is built. Shown
                    // (`-v`), they are made in order.
                    let unit = &self.unit;
                    let output = self.output.as_deref();
                    // Loading libclang sets environment variables: before any thread runs.
                    let _ = plugin::load_libclang();
                    // The analysis's saved AST too, until the analysis starts.
                    let analysis_options = unit.analysis_options();
                    self.analysis_headers = std::thread::Builder::new()
                        .name("sycl-specconst-headers".into())
                        .spawn(move || plugin::prepare_header_cache(&analysis_options))
                        .ok();
                    let (host, devices) = std::thread::scope(|scope| {
                        let devices = scope.spawn(|| {
                            unit.cl
                                .device_targets()
                                .into_iter()
                                .map(|target| (target, unit.device_command(target)))
                                .collect::<Vec<_>>()
                        });
                        let host = start_host_compile(unit, output);
                        (host, devices.join())
                    });
                    // A panicked thread: the commands are made again when they are run.
                    self.prepared_devices = devices.unwrap_or_default();
                    self.host = Some(host?);
                } else {
                    self.host = Some(start_host_compile(&self.unit, self.output.as_deref())?);
                }
            }
            Step::DeviceCompile => {
                for target in self.unit.cl.device_targets() {
                    let prepared = self
                        .prepared_devices
                        .iter()
                        .position(|(t, _)| *t == target)
                        .map(|i| self.prepared_devices.swap_remove(i).1);
                    let cmd = prepared.unwrap_or_else(|| self.unit.device_command(target));
                    let running = start_device_compile(&self.unit, target, cmd);
                    self.devices.push((target, running));
                }
            }
            Step::Analysis => {
                if let Some(building) = self.analysis_headers.take() {
                    // A panic there only means no saved AST: the analysis parses in full.
                    let _ = building.join();
                }
                self.analysis = Some(analyse(&self.unit));
            }
            Step::FinishDeviceCode => self.finish_device_code()?,
            Step::FeedFooter => self.feed_footer()?,
            Step::Commit => self.commit()?,
        }
        Ok(())
    }
}

/// An output of one compile, ready to go into place.
#[derive(Debug)]
enum Ready {
    /// Written from memory (the depfile).
    Written { path: PathBuf, bytes: Vec<u8> },
    /// Moved from the generated directory (the object, the device code): clang removes an
    /// existing output when it fails, so it never writes there itself.
    Staged { staged: PathBuf, path: PathBuf },
}

/// Puts a compile's outputs into place in order, the first failure ending it; called under
/// `process::critical`, so a termination signal waits until all of them are in place.
fn commit_together(ready: &[Ready]) -> Result<()> {
    for output in ready {
        match output {
            Ready::Written { path, bytes } => write_file(path, bytes)?,
            Ready::Staged { staged, path } => move_into_place(staged, path)?,
        }
    }
    Ok(())
}

impl Drop for SourceCompile<'_> {
    /// A compile left by a failed step takes its children with it (none is left when every
    /// step ran).
    fn drop(&mut self) {
        let devices = std::mem::take(&mut self.devices)
            .into_iter()
            .filter_map(|(_, running)| running.ok());
        for mut running in self.host.take().into_iter().chain(devices) {
            let _ = running.child.kill();
            let _ = process::wait(&mut running.child);
        }
    }
}

/// A plan whose compile lacks a step another needs: a bug in `plan`.
fn step_missing(what: &str) -> Failure {
    Failure::Message(format!("internal error: a compile without its {what} step"))
}

/// The device compile started, its diagnostics into a file (read when it has ended: a pipe
/// nobody reads while the analysis runs could stop it).
fn start_device_compile(
    unit: &Unit<'_>,
    target: DeviceTarget,
    mut cmd: Command,
) -> std::io::Result<Running> {
    let diagnostics = std::fs::File::create(unit.files.device(target).diagnostics)?;
    let started = Instant::now();
    let child = unit.ex.start(
        cmd.stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(diagnostics),
    )?;
    Ok(Running { child, started })
}

/// The device compile's end: its status and diagnostics.
fn wait_for_device_compile(
    unit: &Unit<'_>,
    target: DeviceTarget,
    running: std::io::Result<Running>,
) -> DeviceCompile {
    let mut running = running?;
    let status = process::wait(&mut running.child);
    timing(
        match target {
            DeviceTarget::Spir64 => "device compile (from its start)",
            DeviceTarget::Nvptx64(_) => "nvptx64 device compile (from its start)",
        },
        running.started.elapsed(),
    );
    let status = status?;
    let stderr = ended_diagnostics(unit, &unit.files.device(target).diagnostics)?;
    Ok(std::process::Output {
        status,
        stdout: Vec::new(),
        stderr,
    })
}

/// Writes the generated files the host compile reads (the footer a FIFO) and starts it.
fn start_host_compile(unit: &Unit<'_>, output: Option<&Path>) -> Result<Running> {
    let files = &unit.files;
    write_file(
        &files.header,
        integration_header::integration_header_prelude().as_bytes(),
    )?;
    if let Some(dir) = files.host_tu.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Message(format!("cannot create '{}': {e}", dir.display())))?;
    }
    write_file(&files.host_tu, &unit.host_source()?)?;
    make_fifo(&files.footer)?;
    if unit.wants_device {
        // Replaced by the device code on success; on failure the host compile, whose output is
        // discarded, still finds a file to embed instead of adding an error of its own.
        for target in unit.cl.device_targets() {
            write_file(&files.device(target).embed, b"")?;
        }
    }
    let staged = output.map(|_| files.staged_output.as_path());
    let diagnostics = std::fs::File::create(&files.host_diagnostics)
        .map_err(|e| format!("cannot create '{}': {e}", files.host_diagnostics.display()))?;
    let started = Instant::now();
    let child = unit.ex.spawn(
        unit.host_command(staged)
            .stdin(Stdio::null())
            .stderr(diagnostics),
    )?;
    Ok(Running { child, started })
}

/// The ended host compile's diagnostics, as the compile without PCH words them.
fn show_host_diagnostics(unit: &Unit<'_>) {
    if let Ok(text) = ended_diagnostics(unit, &unit.files.host_diagnostics) {
        std::io::stderr().write_all(&text).ok();
    }
}

/// An ended compiler's standard error, kept in the file at `path`, as the compile without PCH
/// words it; the file is removed (not a generated file the user could want kept,
/// `-save-temps`).
fn ended_diagnostics(unit: &Unit<'_>, path: &Path) -> std::io::Result<Vec<u8>> {
    let text = std::fs::read(path);
    let _ = std::fs::remove_file(path);
    Ok(pch::plain_diagnostics(&text?, &unit.source.path))
}

/// The footer, once the host compile has ended with `status`; analysis errors explained.
fn footer_after_host_compile(
    unit: &Unit<'_>,
    prepared: Result<String>,
    status: std::process::ExitStatus,
) -> Result<String> {
    match prepared {
        // clang compiled what the analysis could not parse (libclang's view differs): its
        // diagnostics are the only explanation, and the build must not pass.
        Err(Failure::AnalysisErrors(diagnostics)) if status.success() => {
            for d in diagnostics {
                eprintln!("{d}");
            }
            eprintln!(
                "sycl-clang++: error: the SYCL analysis (libclang) of '{}' failed where clang's host compile did not; the errors above are libclang's",
                unit.source.path.display()
            );
            Err(Failure::Reported(1))
        }
        // clang has reported the errors itself.
        Err(Failure::AnalysisErrors(_)) => Err(Failure::Reported(status.code().unwrap_or(1))),
        other => other,
    }
}

/// The text the FIFO delivers: kernel descriptions, then the footer.
fn footer_text(unit: &Unit<'_>, analysis: &model::Analysis, kernels: &[KernelInfo]) -> String {
    let mut text = integration_header::kernel_descriptions(kernels);
    if unit.source.preprocessed {
        // Already in the source, which no longer names it (`preprocess`).
        if let Some(rest) = text.strip_prefix(integration_header::KERNEL_DESC_INCLUDE) {
            text = rest.to_string();
        }
    }
    text.push_str(&footer_gen::render(
        &analysis.spec_ids,
        footer_gen::Style::V3,
    ));
    text
}

/// A job that is one clang command: `-M`, a source for clang alone, the device phase.
pub(crate) struct OneCommand {
    pub(crate) command: Command,
    /// `-###`: the builds of missing PCHs the command loads, shown before it.
    pch_builds_shown: Vec<Shown>,
    /// The generated files' directory, for as long as the command runs.
    _scratch: Option<Scratch>,
}

impl OneCommand {
    pub(crate) fn new(command: Command) -> Self {
        OneCommand {
            command,
            pch_builds_shown: Vec::new(),
            _scratch: None,
        }
    }

    /// `-###`: what running it runs.
    pub(crate) fn shown(&self) -> Vec<Shown> {
        let mut shown = self.pch_builds_shown.clone();
        shown.push(Shown::command(&self.command));
        shown
    }
}

/// `-fsycl-device-only -E`/`-fsyntax-only`: the device compile alone, as far as the phase goes.
pub(crate) fn device_phase(ex: &Context<'_>, source: &Input) -> Result<OneCommand> {
    let scratch = device_phase_scratch(ex, source)?;
    let unit = device_phase_unit(ex, source, &scratch);
    let command = device_phase_command(&unit);
    Ok(OneCommand {
        command,
        pch_builds_shown: unit.take_pch_builds_shown(),
        _scratch: Some(scratch),
    })
}

/// The generated files' directory of a device phase, named after the source.
fn device_phase_scratch(ex: &Context<'_>, source: &Input) -> Result<Scratch> {
    let anchor = PathBuf::from(source.path.file_name().unwrap_or(OsStr::new("source")));
    ex.scratch(&anchor)
}

fn device_phase_unit<'a>(ex: &'a Context<'a>, source: &'a Input, scratch: &Scratch) -> Unit<'a> {
    Unit {
        wants_device: true,
        ..Unit::in_scratch(ex, source, scratch, ex.cl.phase)
    }
}

/// The device compile run as far as `-E` or `-fsyntax-only`, writing where `-o` says.
fn device_phase_command(unit: &Unit<'_>) -> Command {
    let cl = unit.cl;
    let phase = if cl.phase == Phase::SyntaxOnly {
        "-fsyntax-only"
    } else {
        "-E"
    };
    let target = cl
        .device_targets()
        .first()
        .copied()
        .unwrap_or(DeviceTarget::Spir64);
    unit.device_command_writing(target, cl.output.as_deref(), phase)
}

/// A FIFO at `path` (whatever was there goes).
fn make_fifo(path: &Path) -> Result<()> {
    let _ = std::fs::remove_file(path);
    nix::unistd::mkfifo(path, nix::sys::stat::Mode::from_bits_truncate(0o600))
        .map_err(|e| Failure::Message(format!("cannot create '{}': {e}", path.display())))
}

/// Writes `bytes` into the FIFO once the host compile opens it; returns early if the host
/// compile ends without opening it (it stopped before its last line).
fn feed_fifo(path: &Path, bytes: &[u8], host: &mut Child) -> Result<()> {
    let fail =
        |e: std::io::Error| Failure::Message(format!("cannot write '{}': {e}", path.display()));
    loop {
        // Non-blocking: succeeds only once a reader has the FIFO open.
        match std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
        {
            Ok(_probe) => {
                // A reader is there: a blocking handle writes everything, however large.
                let mut writer = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(fail)?;
                // A reader that went away early (compile error) is not our failure.
                return match writer.write_all(bytes) {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                    other => other.map_err(fail),
                };
            }
            Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                if host.try_wait().map_err(fail)?.is_some() {
                    return Ok(());
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(e) => return Err(fail(e)),
        }
    }
}

/// `-M`/`-MM`: the real inputs are what the host side of the original source reads, so clang
/// lists them from the original source in SYCL host mode (no generated file takes part).
pub(crate) fn dependencies_command(ex: &Context<'_>) -> Command {
    let (tc, cl) = (ex.tc, ex.cl);
    let mut cmd = Command::new(&tc.clang);
    cmd.args(["-fsycl", "-fsycl-host-only"])
        .args(cl.sycl_predefines())
        .args(&cl.flags.dependencies)
        .arg("-isystem")
        .arg(&tc.sycl_include);
    if let Some(o) = &cl.output {
        cmd.arg("-o").arg(o);
    }
    cmd.args(cl.inputs.iter().map(|i| &i.path));
    cmd
}

/// C and other languages (and link inputs under a compile phase): clang on its own, with the
/// user's options.
pub(crate) fn clang_alone(
    ex: &Context<'_>,
    input: &Input,
    output: Option<&Path>,
    phase: Phase,
) -> Command {
    let mut cmd = Command::new(&ex.tc.clang);
    cmd.args(&ex.cl.flags.all);
    match phase {
        Phase::Compile => cmd.arg("-c"),
        Phase::Assemble => cmd.arg("-S"),
        Phase::Preprocess => cmd.arg("-E"),
        _ => cmd.arg("-fsyntax-only"),
    };
    cmd.arg(&input.path);
    if let Some(o) = output {
        cmd.arg("-o").arg(o);
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_go_into_place_together_in_order() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let staged = dir.path().join("host.out");
        std::fs::write(&staged, b"object").expect("staged");
        let (object, deps) = (dir.path().join("a.o"), dir.path().join("a.d"));
        let ready = [
            Ready::Written {
                path: deps.clone(),
                bytes: b"a.o: a.cpp\n".to_vec(),
            },
            Ready::Staged {
                staged: staged.clone(),
                path: object.clone(),
            },
        ];
        commit_together(&ready).expect("committed");
        assert_eq!(std::fs::read(&object).expect("object"), b"object");
        assert_eq!(std::fs::read(&deps).expect("depfile"), b"a.o: a.cpp\n");
        assert!(!staged.exists(), "the staged object was moved, not copied");
    }

    #[test]
    fn a_depfile_that_cannot_be_written_leaves_the_object_staged() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let staged = dir.path().join("host.out");
        std::fs::write(&staged, b"object").expect("staged");
        let object = dir.path().join("a.o");
        let ready = [
            Ready::Written {
                path: dir.path().join("missing/a.d"),
                bytes: Vec::new(),
            },
            Ready::Staged {
                staged: staged.clone(),
                path: object.clone(),
            },
        ];
        assert!(commit_together(&ready).is_err());
        assert!(!object.exists());
        assert!(staged.exists());
    }
}
