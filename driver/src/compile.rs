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

use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use offload::OffloadImage;
use offload::device_code::{self, DeviceCode};
use offload::integration_header::{self, KernelInfo};

use crate::args::{CommandLine, DeviceTarget, Input, Phase, SpecConstMode};
use crate::attributes;
use crate::commands::device_command;
use crate::kernels;
use crate::pch;
use crate::pipeline::{move_into_place, write_file};
use crate::plan::Step;
use crate::run::{Context, Failure, Result, Scratch, absolute, canonical_source, timing};
use crate::spec_ids;
use crate::toolchain::Toolchain;

/// How LLVM's printer starts the lines of the constructor and destructor lists.
const CONSTRUCTOR_LISTS: [&[u8]; 2] = [b"@llvm.global_ctors = ", b"@llvm.global_dtors = "];

/// The directory of the generated directory that holds the host compile's copy of the source.
const COPY_DIR: &str = "source";

/// The generated files of one TU, in its generated directory.
struct Generated {
    /// The directory.
    dir: PathBuf,
    /// The footer: a FIFO while the host compile runs (a regular file with `-save-temps`).
    footer: PathBuf,
    header: PathBuf,
    host_tu: PathBuf,
    host_depfile: PathBuf,
    staged_output: PathBuf,
}

impl Generated {
    fn in_dir(scratch: &Scratch, source: &Path) -> Generated {
        Generated {
            dir: scratch.path(""),
            footer: scratch.path("footer.h"),
            header: scratch.path("integration-header.h"),
            // The copy keeps the source's file name (debug info and `__FILE__` of the
            // basename stay the user's), alone in its directory: clang looks for a quoted
            // include beside the including file first, where a user's "footer.h" would
            // otherwise find the generated one.
            host_tu: scratch
                .path(COPY_DIR)
                .join(source.file_name().unwrap_or(OsStr::new("source.cpp"))),
            host_depfile: scratch.path("host.d"),
            staged_output: scratch.path("host.out"),
        }
    }

    /// The files of the device compile for `target`.
    fn device(&self, target: DeviceTarget) -> DeviceFiles {
        let stem = target.file_stem();
        DeviceFiles {
            raw: self.dir.join(format!("{stem}.clang.bc")),
            diagnostics: self.dir.join(format!("{stem}.stderr")),
            embed: self.dir.join(format!("{stem}.offload")),
            finished: self.dir.join(format!("{stem}.bc")),
        }
    }
}

/// One device compile's files.
struct DeviceFiles {
    /// What clang wrote.
    raw: PathBuf,
    /// Its standard error, while it runs.
    diagnostics: PathBuf,
    /// The offload container the host compile embeds.
    embed: PathBuf,
    /// The finished bitcode (`-save-temps`).
    finished: PathBuf,
}

/// The per-source commands.
struct Unit<'a> {
    ex: &'a Context<'a>,
    /// The run's tool chain and command line, at hand.
    tc: &'a Toolchain,
    cl: &'a CommandLine,
    source: &'a Input,
    files: Generated,
    wants_device: bool,
    phase: Phase,
    /// `-fsycl-device-only` with `-MD`/`-MMD`: the device compile writes the depfile (into the
    /// generated directory, rewritten afterwards).
    device_depfile: bool,
}

impl<'a> Unit<'a> {
    /// A unit whose generated files live in `scratch`; it wants device code when `phase`
    /// compiles or links, and no device depfile.
    fn in_scratch(ex: &'a Context<'a>, source: &'a Input, scratch: &Scratch, phase: Phase) -> Self {
        Unit {
            ex,
            tc: ex.tc,
            cl: ex.cl,
            source,
            files: Generated::in_dir(scratch, &source.path),
            wants_device: matches!(phase, Phase::Compile | Phase::Link),
            phase,
            device_depfile: false,
        }
    }
}

impl Unit<'_> {
    fn device_command(&self, target: DeviceTarget) -> Command {
        let raw = self.files.device(target).raw;
        let mut cmd = self.device_command_writing(target, Some(&raw), "-c");
        if self.device_depfile {
            let deps = &self.cl.flags.depfile;
            cmd.arg(if deps.user_headers_only {
                "-MMD"
            } else {
                "-MD"
            })
            .arg("-MF")
            .arg(&self.files.host_depfile);
        }
        crate::pch::attach(cmd, &self.pch_view(pch::Side::Device))
    }

    /// What the precompiled-header hook needs to know of this unit's `side` compile.
    fn pch_view(&self, side: pch::Side) -> pch::Compile<'_> {
        let (input, force_include) = match side {
            pch::Side::Device => (&self.source.path, &self.tc.prelude),
            pch::Side::Host => (&self.files.host_tu, &self.files.header),
        };
        pch::Compile {
            side,
            source: &self.source.path,
            input,
            force_include,
            user_flags: &self.cl.flags.analysis,
            source_offset: match side {
                pch::Side::Device => 0,
                pch::Side::Host => self.host_line_directive().len(),
            },
            source_dir: self.source_dir(),
            echo: self.ex.echo,
        }
    }

    /// The source's directory as clang looks in it for the source's quoted includes.
    fn source_dir(&self) -> &Path {
        self.source
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
    }

    /// The host copy's first line: the rest is the source's as the user named it.
    fn host_line_directive(&self) -> Vec<u8> {
        self.line_directive(1)
    }

    /// `#line <line> "<source>"`: the next line of the host copy is the source's `line`.
    fn line_directive(&self, line: usize) -> Vec<u8> {
        let mut directive = format!("#line {line} \"").into_bytes();
        directive.extend_from_slice(&escape_string_literal(self.source.path.as_os_str()));
        directive.extend_from_slice(b"\"\n");
        directive
    }

    /// The device compile for `target` writing bitcode (`-c`) or LLVM text (`-S`) to `out`.
    fn device_command_writing(
        &self,
        target: DeviceTarget,
        out: Option<&Path>,
        phase: &str,
    ) -> Command {
        device_command(self.tc, self.cl, self.source, target, phase, out)
    }

    /// The device code again, as LLVM text without the lists of global constructors and
    /// destructors, for when clang-22 wrote bitcode LLVM cannot read back: for a template's
    /// static data member initialised dynamically (its class's key function in the TU emits a
    /// virtual function using it), clang-22 puts the member's `addrspace(1)` address into
    /// `@llvm.global_ctors`' generic `ptr` field ("Incorrect type in struct initializer").
    /// The text parser refuses that line just as well, so it is left out: a device image runs
    /// no constructors (DPC++ never emits them for the device), and the device link removes
    /// the host-only code they referenced. LLVM prints each global on one line of its own,
    /// starting with its name, so the lines are found exactly.
    fn device_text_without_constructor_lists(&self, target: DeviceTarget) -> Result<Vec<u8>> {
        let out = self.files.device(target).raw.with_extension("ll");
        let mut cmd = self.device_command_writing(target, Some(&out), "-S");
        let status = process::status(cmd.stdin(Stdio::null()).stderr(Stdio::null()))
            .map_err(|e| format!("cannot run '{}': {e}", self.tc.clang.to_string_lossy()))?;
        if !status.success() {
            return Err(Failure::Message(
                "the device compile failed when run again".into(),
            ));
        }
        let text =
            std::fs::read(&out).map_err(|e| format!("cannot read '{}': {e}", out.display()))?;
        let mut kept = Vec::with_capacity(text.len());
        for line in text.split_inclusive(|&b| b == b'\n') {
            if !CONSTRUCTOR_LISTS.iter().any(|list| line.starts_with(list)) {
                kept.extend_from_slice(line);
            }
        }
        Ok(kept)
    }

    /// The host compile; `out` is where clang writes (the staged output, or the final one for
    /// display).
    fn host_command(&self, out: Option<&Path>) -> Command {
        let files = &self.files;
        let mut cmd = Command::new(&self.tc.clang);
        cmd.args(["-fsycl", "-fsycl-host-only", "-include"])
            .arg(&files.header)
            .arg("-iquote")
            .arg(self.source_dir())
            .args(self.cl.sycl_predefines())
            .args(&self.cl.flags.host)
            .arg("-isystem")
            .arg(&self.tc.sycl_include);
        let deps = &self.cl.flags.depfile;
        if deps.wanted && out.is_some() {
            cmd.arg(if deps.user_headers_only {
                "-MMD"
            } else {
                "-MD"
            })
            .arg("-MF")
            .arg(&files.host_depfile);
        }
        if self.wants_device {
            for target in self.cl.device_targets() {
                let mut flag = OsString::from("-fembed-offload-object=");
                flag.push(files.device(target).embed);
                cmd.arg("-Xclang").arg(flag);
            }
        }
        match self.phase {
            Phase::Compile | Phase::Link => cmd.arg("-c"),
            Phase::Assemble => cmd.arg("-S"),
            Phase::Preprocess => cmd.arg("-E"),
            Phase::SyntaxOnly => cmd.arg("-fsyntax-only"),
            // Handled before any source is compiled (`main::dependencies_only`).
            Phase::Dependencies => cmd.arg("-E"),
        };
        // Debug info names the user's source, not the generated copy (a relative name would
        // get the copy's directory).
        cmd.args(["-Xclang", "-main-file-name", "-Xclang"])
            .arg(absolute(&self.source.path));
        if self.source.language.is_none() {
            cmd.args(["-x", "c++"]);
        }
        cmd.arg(&files.host_tu);
        if let Some(out) = out {
            cmd.arg("-o").arg(out);
        }
        if matches!(self.phase, Phase::Preprocess | Phase::Dependencies) {
            return cmd;
        }
        crate::pch::attach(cmd, &self.pch_view(pch::Side::Host))
    }

    /// Method A of `docs/reference/driver.md` §2.1: a copy of the source behind
    /// `#line 1 "<source>"`, the footer included after the last line; a byte-order mark stays
    /// first.
    fn host_source(&self) -> Result<Vec<u8>> {
        let original = std::fs::read(&self.source.path).map_err(|e| {
            Failure::Message(format!("cannot read '{}': {e}", self.source.path.display()))
        })?;
        let bom_len = [&[0xEF, 0xBB, 0xBF][..], &[0xFF, 0xFE], &[0xFE, 0xFF]]
            .iter()
            .find(|b| original.starts_with(b))
            .map_or(0, |b| b.len());
        // The preprocessor does not warn about attributes: `-E` output keeps them.
        let original = if matches!(self.phase, Phase::Preprocess | Phase::Dependencies) {
            original
        } else {
            self.without_kernel_attributes(original)
        };
        // A header name is not a string literal: its bytes are the path as they are, and it
        // cannot hold a double quote or a line break.
        let footer = self.files.footer.as_os_str().as_bytes();
        if footer.iter().any(|b| matches!(b, b'"' | b'\n' | b'\r')) {
            return Err(Failure::Message(format!(
                "cannot include the generated footer '{}': its path has a double quote or a line break (set TMPDIR or -fsycl-footer-path to another directory)",
                self.files.footer.display()
            )));
        }
        let mut tu = original[..bom_len].to_vec();
        tu.extend_from_slice(&self.host_line_directive());
        // A precompiled preamble stands for the `#line` and the preamble, which the compile
        // then skips: the rest gets its file name and line again from a second `#line`.
        let preamble = match self.phase {
            Phase::Preprocess | Phase::Dependencies => None,
            _ => pch::preamble_length(&self.source.path, &self.cl.flags.analysis),
        }
        .filter(|&n| bom_len == 0 && original.get(..n).is_some_and(|p| p.ends_with(b"\n")));
        if let Some(n) = preamble {
            let lines = original[..n].iter().filter(|&&b| b == b'\n').count();
            tu.extend_from_slice(&original[..n]);
            tu.extend_from_slice(&self.line_directive(lines + 1));
            tu.extend_from_slice(&original[n..]);
        } else {
            tu.extend_from_slice(&original[bom_len..]);
        }
        tu.extend_from_slice(b"\n#include \"");
        tu.extend_from_slice(footer);
        tu.extend_from_slice(b"\"\n");
        Ok(tu)
    }

    /// The source with its SYCL kernel attributes blanked (newlines kept, so lines and columns
    /// stay): the host needs nothing from them, and clang would warn about each one
    /// (`plugin::sycl_attribute_spans`). If the source cannot be tokenized it stays as it is:
    /// the analysis reports why.
    fn without_kernel_attributes(&self, mut source: Vec<u8>) -> Vec<u8> {
        let args = self.analysis_options().args;
        let spans =
            plugin::sycl_attribute_spans(&self.source.path, &source, &args).unwrap_or_default();
        for span in spans {
            if let Some(bytes) = source.get_mut(span) {
                for b in bytes.iter_mut().filter(|b| !matches!(b, b'\n' | b'\r')) {
                    *b = b' ';
                }
            }
        }
        source
    }

    fn analysis_options(&self) -> plugin::Options {
        plugin::Options {
            source: self.source.path.clone(),
            args: self
                .cl
                .sycl_predefines()
                .into_iter()
                .chain(self.cl.flags.analysis.iter().cloned())
                .chain(["-isystem".into(), self.tc.sycl_include.clone().into()])
                .chain(
                    crate::commands::language_flags(self.cl, self.source)
                        .iter()
                        .map(OsString::from),
                )
                .collect(),
            unique_prefix: None,
            skip_teardown: false,
            header_cache: crate::toolchain::header_cache_dir(),
            kernel_details: true,
        }
    }
}

fn escape_string_literal(s: &OsStr) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'\\' | b'"' => out.extend_from_slice(&[b'\\', b]),
            // Line breaks and other control bytes (a file name may hold any): three-digit
            // octal, which no following digit can extend.
            _ if b.is_ascii_control() => out.extend_from_slice(format!("\\{b:03o}").as_bytes()),
            _ => out.push(b),
        }
    }
    out
}

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

    /// `-###`: what `step` runs.
    pub(crate) fn show(&self, step: Step) {
        let (unit, echo) = (&self.unit, self.unit.ex.echo);
        match step {
            Step::HostCompile => echo.command(&unit.host_command(self.output.as_deref())),
            Step::DeviceCompile => {
                for target in unit.cl.device_targets() {
                    echo.command(&unit.device_command(target));
                }
            }
            Step::Analysis => echo.show(&format!(
                " # sycl-clang++: analysis (libclang, in process) of \"{}\", beside the {}",
                unit.source.path.display(),
                if self.device_only { "device compile" } else { "compiles" }
            )),
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
                    echo.show(&format!(
                        " # sycl-clang++: symbolic IDs and kernel entry points ({which}in process) -> \"{}\"",
                        into.display()
                    ));
                }
            }
            Step::FeedFooter => echo.show(&format!(
                " # sycl-clang++: kernel descriptions and footer -> \"{}\" (read by the host compile)",
                unit.files.footer.display()
            )),
            Step::Commit => {}
        }
    }

    /// Runs `step`.
    pub(crate) fn run(&mut self, step: Step) -> Result<()> {
        match step {
            Step::HostCompile => {
                let echo = self.unit.ex.echo;
                if self.unit.wants_device && !echo.dry_run && !echo.verbose {
                    // Missing PCHs are built beside each other: the device commands (which
                    // build theirs) are made while the host compile's PCH is built. Shown
                    // (`-###`, `-v`), they are made in order.
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
    unit.ex.echo.command(&cmd);
    let diagnostics = std::fs::File::create(unit.files.device(target).diagnostics)?;
    let started = Instant::now();
    let child = process::spawn(
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
    let diagnostics = unit.files.device(target).diagnostics;
    let stderr = std::fs::read(&diagnostics)?;
    // Not a generated file the user could want kept (`-save-temps`).
    let _ = std::fs::remove_file(&diagnostics);
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
    let started = Instant::now();
    let child = unit
        .ex
        .spawn(unit.host_command(staged).stdin(Stdio::null()))?;
    Ok(Running { child, started })
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

/// The result of the device compile (clang-22 run to completion, or not started), its
/// diagnostics as standard error.
type DeviceCompile = std::io::Result<std::process::Output>;

/// The analysis (libclang, in process, while the compilers run), with its refusals made.
fn analyse(unit: &Unit<'_>) -> Result<model::Analysis> {
    let options = unit.analysis_options();
    // A panic in the analysis is an error of this compile (as it was when the analysis ran
    // on a thread of its own), and the compilers it runs beside are still waited for.
    let analyzed =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| plugin::analyze(&options)))
            .unwrap_or_else(|_| Err(plugin::Error::Internal("the analysis panicked".into())));
    let analysis = match analyzed {
        Ok(a) => a,
        // The host compile reports the errors itself, against the user's file (see
        // `footer_after_host_compile` for when it does not).
        Err(plugin::Error::Compile { diagnostics, .. }) => {
            return Err(Failure::AnalysisErrors(diagnostics));
        }
        Err(e) => return Err(Failure::Message(e.to_string())),
    };
    for w in &analysis.warnings {
        eprintln!("{w}");
    }
    refuse_kernel_restrictions(&analysis)?;
    spec_ids::refuse_local_statics(&analysis)?;
    if !unit.cl.unnamed_lambdas {
        refuse_unnamed_lambdas(&analysis)?;
    }
    Ok(analysis)
}

/// `-fsycl-device-only` with `-E` or `-fsyntax-only`: the device compile (device prelude
/// included) run that far, its output where `-o` says (standard output without it).
pub(crate) fn device_phase_only(ex: &Context<'_>, source: &Input) -> Result<()> {
    let cl = ex.cl;
    let anchor = PathBuf::from(source.path.file_name().unwrap_or(OsStr::new("source")));
    let scratch = ex.scratch(&anchor)?;
    let unit = Unit {
        wants_device: true,
        ..Unit::in_scratch(ex, source, &scratch, cl.phase)
    };
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
    let mut cmd = unit.device_command_writing(target, cl.output.as_deref(), phase);
    ex.command(&mut cmd)
}

/// `-fsycl-device-only`: the finished device code, bitcode or (`-S`) LLVM text, staged.
fn write_device_output(
    unit: &Unit<'_>,
    target: DeviceTarget,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<()> {
    let (bitcode, _kernels) = checked_device_code(unit, target, output, analysis)?;
    let name = unit.source.path.to_string_lossy();
    let bytes = match (unit.cl.phase, target) {
        (Phase::Assemble, DeviceTarget::Spir64) => {
            device_code::bitcode_as_text(bitcode, &name)?.into_bytes()
        }
        (Phase::Assemble, DeviceTarget::Nvptx64(arch)) => {
            crate::pipeline::ptx_of_device_code(unit.tc, arch, &name, bitcode)?
        }
        _ => bitcode,
    };
    write_file(&unit.files.staged_output, &bytes)
}

/// `-fno-sycl-unnamed-lambda`: every kernel lambda needs a kernel name type (a functor's type
/// names its kernel), as in DPC++; each one without is refused where it is launched.
fn refuse_unnamed_lambdas(analysis: &model::Analysis) -> Result<()> {
    // A launch in a template can be found in its pattern and in its instantiations.
    let mut refused = std::collections::BTreeSet::new();
    for kernel in analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .filter(|k| k.callable == model::Callable::Lambda && k.name.is_none())
    {
        let at = &kernel.location;
        let file = at.file.as_deref().unwrap_or(&analysis.source);
        if !refused.insert((file, at.line, at.column)) {
            continue;
        }
        eprintln!(
            "{}:{}:{}: error: this kernel lambda has no kernel name, which -fno-sycl-unnamed-lambda requires \
             (name it: {}<class Name>(…))",
            file.display(),
            at.line,
            at.column,
            kernel.invoker
        );
    }
    if refused.is_empty() {
        Ok(())
    } else {
        Err(Failure::Reported(1))
    }
}

/// Code kernels reach that a SYCL device cannot run (`plugin`'s kernel-restriction checks),
/// refused at compile time as DPC++ refuses it.
fn refuse_kernel_restrictions(analysis: &model::Analysis) -> Result<()> {
    for error in &analysis.kernel_restrictions {
        eprintln!("{error}");
    }
    if analysis.kernel_restrictions.is_empty() {
        Ok(())
    } else {
        Err(Failure::Reported(1))
    }
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

/// Kernels capturing what cannot reach the device are refused, with the launch's location,
/// rather than built into a program that computes garbage: samplers, images and the like
/// (DPC++ passes them in ways this version does not). The device compile's own reading of
/// every kernel object (`kernels::place_kernels`) refuses them too, for launches the analysis
/// did not reach. Returns whether any kernel was refused.
fn refuse_special_captures(analysis: &model::Analysis) -> bool {
    let mut refused = false;
    for kernel in analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .filter(|k| k.object.is_some() && !k.special_captures.is_empty())
    {
        let at = &kernel.location;
        let file = at.file.as_deref().unwrap_or(&analysis.source);
        eprintln!(
            "{}:{}:{}: error: this kernel captures '{}', which sycl-clang++ cannot pass to the device \
             (samplers, images and work-group memory are not supported yet)",
            file.display(),
            at.line,
            at.column,
            kernel.special_captures.join("', '"),
        );
        refused = true;
    }
    refused
}

/// Checks the device compile, finishes its bitcode and writes the container to embed; returns
/// the kernels for the integration header.
fn finish_device_compile(
    unit: &Unit<'_>,
    target: DeviceTarget,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<Vec<KernelInfo>> {
    let (bitcode, kernels) = checked_device_code(unit, target, output, analysis)?;
    let files = unit.files.device(target);
    if unit.cl.save_temps {
        write_file(&files.finished, &bitcode)?;
    }
    let spec_constants = unit.cl.kernel_spec_constants().spelling();
    let container = match target {
        DeviceTarget::Spir64 => {
            OffloadImage::sycl_bitcode(target.triple(), spec_constants, bitcode)
        }
        DeviceTarget::Nvptx64(arch) => {
            OffloadImage::sycl_bitcode(target.triple(), spec_constants, bitcode).for_arch(arch.name)
        }
    };
    write_file(&files.embed, &container.to_bytes())?;
    Ok(kernels)
}

/// The integration header describes each kernel once for every target: a second device
/// compile must find the same kernels taking the same arguments as the first, or the runtime
/// would pass one target's kernels the other's arguments.
fn same_kernels(
    first: DeviceTarget,
    seen: &[KernelInfo],
    target: DeviceTarget,
    kernels: &[KernelInfo],
) -> Result<()> {
    if seen == kernels {
        return Ok(());
    }
    let differing = seen.iter().zip(kernels).find(|(a, b)| a != b).map_or_else(
        || "their number".to_string(),
        |(a, _)| format!("kernel '{}'", a.kernel.name),
    );
    Err(Failure::Message(format!(
        "internal error: the {} and {} device compiles describe the kernels differently ({differing})",
        first.name(),
        target.name()
    )))
}

/// The device compile's result checked (its diagnostics passed on when it failed), its
/// bitcode finished: the final device bitcode and the kernels' descriptions.
fn checked_device_code(
    unit: &Unit<'_>,
    target: DeviceTarget,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let files = unit.files.device(target);
    let clang = unit.tc.clang.to_string_lossy();
    let out = output.map_err(|e| format!("cannot run '{clang}': {e}"))?;
    if !out.status.success() {
        std::io::stderr().write_all(&out.stderr).ok();
        let which = match target {
            DeviceTarget::Spir64 => "",
            DeviceTarget::Nvptx64(_) => "nvptx64 ",
        };
        eprintln!(
            "sycl-clang++: error: {which}device compilation of '{}' failed (the diagnostics above come from the {which}device compile)",
            unit.source.path.display()
        );
        return Err(Failure::Reported(out.status.code().unwrap_or(1)));
    }
    let raw = std::fs::read(&files.raw)
        .map_err(|e| format!("cannot read '{}': {e}", files.raw.display()))?;
    finish_device_code(unit, target, raw, analysis)
}

/// Every spec id the device code reads gets its symbolic ID, and its declaration goes into the
/// device code for the link's errors about it; those the host parse never saw are looked up
/// (and added to the analysis, so to the footer) or refused, located.
fn resolve_spec_ids(
    code: &mut DeviceCode<'_>,
    options: &plugin::Options,
    analysis: &mut model::Analysis,
) -> Result<()> {
    let reads = code.spec_id_reads();
    spec_ids::add_device_only(options, analysis, &reads)?;
    spec_ids::refuse_unknown(analysis, &reads)?;
    let declarations = spec_ids::declarations(analysis, &reads);
    code.resolve_symbolic_ids(|global| declarations.get(global))?;
    Ok(())
}

/// Resolves symbolic IDs with the analysis and gives kernels the runtime's calling
/// convention; returns the final bitcode and the kernels' descriptions.
fn finish_device_code(
    unit: &Unit<'_>,
    target: DeviceTarget,
    raw: Vec<u8>,
    analysis: &mut model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let raw_path = unit.files.device(target).raw;
    let name = raw_path.to_string_lossy();
    let reread = || unit.device_text_without_constructor_lists(target);
    device_code::read(raw, &name, reread, |mut code| {
        resolve_spec_ids(&mut code, &unit.analysis_options(), analysis)?;
        code.lower_private_arrays()?;
        finish_kernels(unit, code, analysis)
    })
}

/// Wraps the placed kernels, attaches their attributes and sources, and optimises the
/// module; returns the final bitcode and the kernels' descriptions.
fn finish_kernels(
    unit: &Unit<'_>,
    mut code: DeviceCode<'_>,
    analysis: &model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let emulated = unit.cl.kernel_spec_constants() == SpecConstMode::Emulation;
    let source = unit.source.path.to_string_lossy();
    let placed = place_device_kernels(&mut code, analysis, unit.cl.flags.debug_info)?;
    let entries = code.wrap_kernels(emulated, &source, |name| {
        placed
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.layout.clone())
    })?;
    let launches: Vec<(String, kernels::Launch<'_>)> = placed
        .iter()
        .filter_map(|p| Some((p.name.clone(), p.launch?)))
        .collect();
    attributes::apply(&code, analysis, &launches, &unit.tc.sycl_include)?;
    record_kernel_sources(&code, &launches);
    let bitcode = code.finish(unit.cl.flags.optimization.as_deref())?;
    let kernels = entries
        .into_iter()
        .map(|entry| {
            let launch = placed
                .iter()
                .find(|p| p.name == entry.name)
                .and_then(|p| p.launch);
            kernels::kernel_info(entry, launch)
        })
        .collect();
    Ok((bitcode, kernels))
}

/// Marks each placed kernel with where its callable is defined, so the device link tells one
/// kernel launched from several TUs (one definition, in a header) from two kernels that share
/// a name. The file is canonical: TUs may reach one header by different paths.
fn record_kernel_sources(code: &DeviceCode<'_>, placed: &[(String, kernels::Launch<'_>)]) {
    for (name, (_, object)) in placed {
        let at = &object.location;
        let file = at.file.as_deref().map_or_else(String::new, |f| {
            canonical_source(f).to_string_lossy().into_owned()
        });
        code.record_kernel_source(name, &format!("{file}:{}:{}", at.line, at.column));
    }
}

/// Every device kernel with its object's layout (`kernels::place_kernels`), or the located
/// errors printed; the device module's debug information, read for the layouts, is dropped
/// unless the user wants it.
fn place_device_kernels<'a>(
    code: &mut DeviceCode<'_>,
    analysis: &'a model::Analysis,
    keep_debug_info: bool,
) -> Result<Vec<kernels::Placed<'a>>> {
    let refused = refuse_special_captures(analysis);
    let started = Instant::now();
    let objects = code.kernel_objects(keep_debug_info);
    timing("kernel objects from device debug info", started.elapsed());
    match kernels::place_kernels(analysis, objects) {
        Ok(placed) if !refused => Ok(placed),
        Ok(_) => Err(Failure::Reported(1)),
        Err(errors) => {
            for line in errors {
                eprintln!("{line}");
            }
            Err(Failure::Reported(1))
        }
    }
}

/// `-M`/`-MM`: the real inputs are what the host side of the original source reads, so clang
/// lists them from the original source in SYCL host mode (no generated file takes part).
pub(crate) fn dependencies_only(ex: &Context<'_>) -> Result<()> {
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
    ex.command(&mut cmd)
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
