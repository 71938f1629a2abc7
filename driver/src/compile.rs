//! One C++ source under `-fsycl`: three jobs at once.
//!
//! * the host compile (clang-22, host only) of a copy of the source that ends by including the
//!   footer, which is a FIFO: clang parses and analyses the whole TU, then waits there;
//! * the device compile (clang-22, device only, with the device prelude);
//! * the analysis (libclang, in process): spec ids and their symbolic IDs, kernel captures.
//!
//! When the analysis and the device compile are done, the device bitcode gets its symbolic IDs
//! and kernel entry points, is packed for embedding, and the FIFO delivers the kernel
//! descriptions and the footer; the host compile finishes, embedding the device code. Kernel
//! descriptions may come that late because clang instantiates kernel launches (function
//! templates) at the end of the TU; the macros that must come first are in the force-included
//! integration header. Any failure still feeds the FIFO (empty), so the host compile never
//! hangs, and its output is discarded.

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

use crate::args::{CommandLine, Input, Phase, SpecConstMode};
use crate::attributes;
use crate::executor::{Executor, Failure, Result, Scratch, absolute, canonical_source, timing};
use crate::kernels;
use crate::pch;
use crate::pipeline::{DEVICE_TRIPLE, move_into_place, write_file};
use crate::spec_ids;
use crate::toolchain::Toolchain;

/// How LLVM's printer starts the lines of the constructor and destructor lists.
const CONSTRUCTOR_LISTS: [&[u8]; 2] = [b"@llvm.global_ctors = ", b"@llvm.global_dtors = "];

/// The directory of the generated directory that holds the host compile's copy of the source.
const COPY_DIR: &str = "source";

/// The generated files of one TU, in its generated directory.
struct Generated {
    raw_device: PathBuf,
    /// The footer: a FIFO while the host compile runs (a regular file with `-save-temps`).
    footer: PathBuf,
    header: PathBuf,
    embed: PathBuf,
    host_tu: PathBuf,
    host_depfile: PathBuf,
    staged_output: PathBuf,
}

impl Generated {
    fn in_dir(scratch: &Scratch, source: &Path) -> Generated {
        Generated {
            raw_device: scratch.path("device.clang.bc"),
            footer: scratch.path("footer.h"),
            header: scratch.path("integration-header.h"),
            embed: scratch.path("device.offload"),
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
}

/// The per-source commands.
struct Unit<'a> {
    ex: &'a Executor<'a>,
    /// The executor's tool chain and command line, at hand.
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
    fn in_scratch(
        ex: &'a Executor<'a>,
        source: &'a Input,
        scratch: &Scratch,
        phase: Phase,
    ) -> Self {
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
    fn device_command(&self) -> Command {
        let mut cmd = self.device_command_writing(Some(&self.files.raw_device), "-c");
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
            echo: self.ex.echo,
        }
    }

    /// The device compile writing bitcode (`-c`) or LLVM text (`-S`) to `out`.
    fn device_command_writing(&self, out: Option<&Path>, phase: &str) -> Command {
        device_command(self.tc, self.cl, self.source, phase, out)
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
    fn device_text_without_constructor_lists(&self) -> Result<Vec<u8>> {
        let out = self.files.raw_device.with_extension("ll");
        let mut cmd = self.device_command_writing(Some(&out), "-S");
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
        let source_dir = self
            .source
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        cmd.args(["-fsycl", "-fsycl-host-only", "-include"])
            .arg(&files.header)
            .arg("-iquote")
            .arg(source_dir)
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
            let mut flag = OsString::from("-fembed-offload-object=");
            flag.push(&files.embed);
            cmd.arg("-Xclang").arg(flag);
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
        tu.extend_from_slice(b"#line 1 \"");
        tu.extend_from_slice(&escape_string_literal(self.source.path.as_os_str()));
        tu.extend_from_slice(b"\"\n");
        tu.extend_from_slice(&original[bom_len..]);
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
                    crate::preprocess::language_flags(self.cl, self.source)
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

/// The device compile of `source` for `phase` (`-c`: bitcode, `-S`: LLVM text, `-E`: the
/// device view preprocessed) writing `out` (clang's default name without one).
pub(crate) fn device_command(
    tc: &Toolchain,
    cl: &CommandLine,
    source: &Input,
    phase: &str,
    out: Option<&Path>,
) -> Command {
    let mut cmd = Command::new(&tc.clang);
    cmd.args(["-fsycl", "-fsycl-device-only"]).arg(format!(
        "--offload-targets={}",
        DEVICE_TRIPLE.split('-').next().unwrap_or("spir64")
    ));
    // From its installed place (not a copy): `-E` output and depfiles name it stably. This
    // driver's `-E` output holds it already (its device view), and it defines functions.
    if !source.preprocessed {
        cmd.arg("-include").arg(&tc.prelude);
    }
    cmd
        // A device image runs no destructors of globals (DPC++ never registers them for
        // the device); registering them would call the host's `__cxa_atexit`.
        .arg("-fno-c++-static-destructors")
        .args(cl.sycl_predefines())
        .args(&cl.flags.device)
        .args(&cl.device_compile_flags)
        // Before Intel's headers: its `sycl/stream.hpp` adds what the wrappers of kernels
        // capturing a `sycl::stream` call (`offload::device::STREAM_INIT`).
        .arg("-isystem")
        .arg(tc.device_headers())
        .arg("-isystem")
        .arg(&tc.sycl_include)
        // The kernel objects' types, complete (accessors' template arguments included),
        // for `object_layout`; after the user's flags, so a `-g0` does not take them away.
        .args(["-g", "-fstandalone-debug"]);
    // DPC++ optimises device code unless told otherwise (`-O2` also defines `__OPTIMIZE__`).
    if cl.flags.optimization.is_none() {
        cmd.arg("-O2");
    }
    cmd.arg(phase)
        .args(crate::preprocess::language_flags(cl, source))
        .arg(&source.path);
    if let Some(out) = out {
        cmd.arg("-o").arg(out);
    }
    cmd
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

/// Compiles one C++ source for `phase`, writing `output` (an object for `-c`).
pub(crate) fn compile_source(
    ex: &Executor<'_>,
    source: &Input,
    output: Option<&Path>,
    phase: Phase,
) -> Result<()> {
    let anchor = output
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(source.path.file_name().unwrap_or(OsStr::new("source"))));
    let scratch = ex.scratch(&anchor)?;
    let unit = Unit::in_scratch(ex, source, &scratch, phase);
    if ex.echo.dry_run {
        print_plan(&unit, output);
        return Ok(());
    }
    let (mut host, started) = start_host_compile(&unit, output)?;
    // Whatever happens, the host compile gets its footer (empty on failure) and is waited for.
    let prepared = prepare_footer(&unit);
    let fed = feed_fifo(
        &unit.files.footer,
        prepared.as_deref().unwrap_or("").as_bytes(),
        &mut host,
    );
    let status = process::wait(&mut host);
    timing("host compile (from its start)", started.elapsed());
    let status = status.map_err(|e| format!("cannot wait for clang: {e}"))?;
    let footer = footer_after_host_compile(&unit, prepared, status)?;
    fed?;
    if !status.success() {
        return Err(Failure::Reported(status.code().unwrap_or(1)));
    }
    if ex.cl.save_temps {
        // The FIFO becomes a regular file with what went through it (removed first: the
        // writer would write into a FIFO in place).
        let _ = std::fs::remove_file(&unit.files.footer);
        write_file(&unit.files.footer, footer.as_bytes())?;
    }
    process::critical(|| commit_host_outputs(&unit, output))
}

/// Writes the generated files the host compile reads (the footer a FIFO) and starts it;
/// returns it with when it started.
fn start_host_compile(unit: &Unit<'_>, output: Option<&Path>) -> Result<(Child, Instant)> {
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
        write_file(&files.embed, b"")?;
    }
    let staged = output.map(|_| files.staged_output.as_path());
    let started = Instant::now();
    let host = unit
        .ex
        .spawn(unit.host_command(staged).stdin(Stdio::null()))?;
    Ok((host, started))
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

/// `-###`: the three jobs, then what happens in process.
fn print_plan(unit: &Unit<'_>, output: Option<&Path>) {
    let files = &unit.files;
    let echo = unit.ex.echo;
    echo.show(&format!(
        " # sycl-clang++: analysis (libclang, in process) of \"{}\", beside the compiles",
        unit.source.path.display()
    ));
    if unit.wants_device {
        echo.command(&unit.device_command());
    }
    echo.command(&unit.host_command(output));
    if unit.wants_device {
        echo.show(&format!(
            " # sycl-clang++: symbolic IDs and kernel entry points (in process) -> \"{}\"",
            files.embed.display()
        ));
    }
    echo.show(&format!(
        " # sycl-clang++: kernel descriptions and footer -> \"{}\" (read by the host compile)",
        files.footer.display()
    ));
}

/// Runs the analysis beside the device compile and returns the text the FIFO delivers:
/// kernel descriptions, then the footer.
fn prepare_footer(unit: &Unit<'_>) -> Result<String> {
    let (mut analysis, device_output) = analyse_beside_device_compile(unit)?;
    let mut kernels = Vec::new();
    if let Some(output) = device_output {
        let started = Instant::now();
        kernels = finish_device_compile(unit, output, &mut analysis)?;
        timing(
            "symbolic IDs, kernel entry points, embedding",
            started.elapsed(),
        );
    }
    let mut text = integration_header::kernel_descriptions(&kernels);
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
    Ok(text)
}

/// The result of the device compile (clang-22 run to completion, or not started).
type DeviceCompile = std::io::Result<std::process::Output>;

/// The analysis, with its refusals made, and beside it the device compile when the unit wants
/// device code.
fn analyse_beside_device_compile(
    unit: &Unit<'_>,
) -> Result<(model::Analysis, Option<DeviceCompile>)> {
    let options = unit.analysis_options();
    let mut device_cmd = unit.device_command();
    let ex = unit.ex;
    let (analysis, device_output) = std::thread::scope(|s| {
        let analysis = s.spawn(|| ex.timed("analysis", || plugin::analyze(&options)));
        let device = unit.wants_device.then(|| {
            ex.echo.command(&device_cmd);
            ex.timed("device compile", || {
                process::output(device_cmd.stdin(Stdio::null()))
            })
        });
        let analysis = analysis
            .join()
            .unwrap_or_else(|_| Err(plugin::Error::Internal("the analysis panicked".into())));
        (analysis, device)
    });
    let analysis = match analysis {
        Ok(a) => a,
        // The host compile reports the errors itself, against the user's file (see
        // `compile_source` for when it does not).
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
    Ok((analysis, device_output))
}

/// `-fsycl-device-only` with `-E` or `-fsyntax-only`: the device compile (device prelude
/// included) run that far, its output where `-o` says (standard output without it).
pub(crate) fn device_phase_only(ex: &Executor<'_>, source: &Input) -> Result<()> {
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
    let mut cmd = unit.device_command_writing(cl.output.as_deref(), phase);
    ex.command(&mut cmd)
}

/// `-fsycl-device-only`: the device code as the pipeline finishes it (device prelude,
/// resolved spec-constant IDs, wrapper kernels, optimised), as bitcode, or as LLVM text for
/// `-S`; no host compile.
pub(crate) fn compile_device_only(ex: &Executor<'_>, source: &Input, output: &Path) -> Result<()> {
    let cl = ex.cl;
    let scratch = ex.scratch(output)?;
    let unit = Unit {
        device_depfile: cl.flags.depfile.wanted,
        ..Unit::in_scratch(ex, source, &scratch, Phase::Compile)
    };
    if ex.echo.dry_run {
        ex.echo.show(&format!(
            " # sycl-clang++: analysis (libclang, in process) of \"{}\", beside the device compile",
            source.path.display()
        ));
        ex.echo.command(&unit.device_command());
        ex.echo.show(&format!(
            " # sycl-clang++: symbolic IDs and kernel entry points (in process) -> \"{}\"",
            output.display()
        ));
        return Ok(());
    }
    let (mut analysis, device_output) = analyse_beside_device_compile(&unit)?;
    let device_output =
        device_output.ok_or_else(|| "internal error: no device compile was run".to_string())?;
    let (bitcode, _kernels) = checked_device_code(&unit, device_output, &mut analysis)?;
    let bytes = if cl.phase == Phase::Assemble {
        device_code::bitcode_as_text(bitcode, &source.path.to_string_lossy())?.into_bytes()
    } else {
        bitcode
    };
    let staged = &unit.files.staged_output;
    write_file(staged, &bytes)?;
    process::critical(|| {
        commit_device_depfile(&unit, output)?;
        move_into_place(staged, output)
    })
}

/// `-fsycl-device-only` with `-MD`/`-MMD`: the device compile's depfile (the device prelude is
/// an installed header, listed like any other), where `-MF` (or the output's name) says.
fn commit_device_depfile(unit: &Unit<'_>, output: &Path) -> Result<()> {
    if !unit.device_depfile {
        return Ok(());
    }
    let deps = &unit.cl.flags.depfile;
    let files = &unit.files;
    let text = std::fs::read_to_string(&files.host_depfile)
        .map_err(|e| format!("cannot read '{}': {e}", files.host_depfile.display()))?;
    let text = pch::restore_depfile(&files.host_depfile, text);
    let rewritten = depfile::rewrite(
        &text,
        &unit.source.path,
        &unit.source.path,
        &[],
        &deps.target_for(output),
        deps.phony,
    );
    write_file(&deps.path_for(output), rewritten.as_bytes())
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
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<Vec<KernelInfo>> {
    let (bitcode, kernels) = checked_device_code(unit, output, analysis)?;
    let files = &unit.files;
    if unit.cl.save_temps {
        write_file(&files.embed.with_file_name("device.bc"), &bitcode)?;
    }
    let container = OffloadImage::sycl_bitcode(
        DEVICE_TRIPLE,
        unit.cl.kernel_spec_constants().spelling(),
        bitcode,
    )
    .to_bytes();
    write_file(&files.embed, &container)?;
    Ok(kernels)
}

/// The device compile's result checked (its diagnostics passed on when it failed), its
/// bitcode finished: the final device bitcode and the kernels' descriptions.
fn checked_device_code(
    unit: &Unit<'_>,
    output: DeviceCompile,
    analysis: &mut model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let files = &unit.files;
    let clang = unit.tc.clang.to_string_lossy();
    let out = output.map_err(|e| format!("cannot run '{clang}': {e}"))?;
    if !out.status.success() {
        std::io::stderr().write_all(&out.stderr).ok();
        eprintln!(
            "sycl-clang++: error: device compilation of '{}' failed (the diagnostics above come from the device compile)",
            unit.source.path.display()
        );
        return Err(Failure::Reported(out.status.code().unwrap_or(1)));
    }
    let raw = std::fs::read(&files.raw_device)
        .map_err(|e| format!("cannot read '{}': {e}", files.raw_device.display()))?;
    finish_device_code(unit, raw, analysis)
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
    raw: Vec<u8>,
    analysis: &mut model::Analysis,
) -> Result<(Vec<u8>, Vec<KernelInfo>)> {
    let name = unit.files.raw_device.to_string_lossy();
    let reread = || unit.device_text_without_constructor_lists();
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

/// The staged output replaces `output` (clang removes an existing output when it fails, so
/// it never writes there itself); the depfile is rewritten to name real inputs only.
fn commit_host_outputs(unit: &Unit<'_>, output: Option<&Path>) -> Result<()> {
    let files = &unit.files;
    let Some(output) = output else {
        return Ok(());
    };
    let deps = &unit.cl.flags.depfile;
    if deps.wanted {
        let text = std::fs::read_to_string(&files.host_depfile)
            .map_err(|e| format!("cannot read '{}': {e}", files.host_depfile.display()))?;
        let text = pch::restore_depfile(&files.host_depfile, text);
        let generated = [files.footer.clone(), files.header.clone()];
        let rewritten = depfile::rewrite(
            &text,
            &files.host_tu,
            &unit.source.path,
            &generated,
            &deps.target_for(output),
            deps.phony,
        );
        write_file(&deps.path_for(output), rewritten.as_bytes())?;
    }
    move_into_place(&files.staged_output, output)
}

/// `-M`/`-MM`: the real inputs are what the host side of the original source reads, so clang
/// lists them from the original source in SYCL host mode (no generated file takes part).
pub(crate) fn dependencies_only(ex: &Executor<'_>) -> Result<()> {
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
    ex: &Executor<'_>,
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
