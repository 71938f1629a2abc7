//! The `-fsycl` pipeline: per C++ source, analysis (libclang, in process) beside the device
//! compile (clang-22), then the host compile with integration header and footer, the device
//! bitcode embedded in the object; at link, every object's device code is linked, lowered and
//! registered with Intel's runtime.

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use footer_gen::integration_header::{self, KernelInfo, KernelParam, ParamKind};
use post_link::device;
use post_link::llvm::Context;
use post_link::lower::Mode;

use crate::args::{CommandLine, Input, InputKind, Phase, SpecConstMode};
use crate::depfile::{self, DepOptions};
use crate::offload::{self, OffloadImage};
use crate::toolchain::Toolchain;

const PRELUDE: &str = include_str!("../include/sycl-specconst-device-prelude.hpp");
const DEVICE_TRIPLE: &str = "spir64-unknown-unknown";
/// SPIR-V version of the registered images (the OpenCL CPU runtime reads 1.0–1.4).
const SPIRV_VERSION: &str = "1.2";

/// Why a run stopped. `Reported` means the diagnostics are already on stderr.
#[derive(Debug)]
pub(crate) enum Failure {
    Reported(i32),
    Message(String),
}

impl From<String> for Failure {
    fn from(m: String) -> Self {
        Failure::Message(m)
    }
}

type Result<T> = std::result::Result<T, Failure>;

/// How steps are shown: `-###` prints them instead of running, `-v` prints and runs.
#[derive(Clone, Copy)]
pub(crate) struct Echo {
    pub(crate) dry_run: bool,
    pub(crate) verbose: bool,
}

impl Echo {
    fn show(&self, line: &str) {
        if self.dry_run || self.verbose {
            eprintln!("{line}");
        }
    }

    fn command(&self, cmd: &Command) {
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
fn timing(step: &str, time: Duration) {
    static ENABLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *ENABLED.get_or_init(|| std::env::var_os("SYCL_SPECCONST_TIMING").is_some_and(|v| v == "1"))
    {
        eprintln!(
            "sycl-clang++: timing: {step} {:.1} ms",
            time.as_secs_f64() * 1e3
        );
    }
}

/// Writes through footer-gen's one atomic writer (temporary file and rename; a replaced
/// file keeps its mode), so readers never see half a file.
fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    footer_gen::output::write_output(path, bytes).map_err(Failure::Message)
}

fn run(cmd: &mut Command, echo: Echo) -> Result<()> {
    echo.command(cmd);
    if echo.dry_run {
        return Ok(());
    }
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run '{}': {e}", cmd.get_program().to_string_lossy()))?;
    if status.success() {
        Ok(())
    } else {
        Err(Failure::Reported(status.code().unwrap_or(1)))
    }
}

/// The directory of generated files for an output (deterministic: `<output>.sycl`, in
/// `-fsycl-footer-path` when given).
fn generated_dir(cl: &CommandLine, output: &Path) -> PathBuf {
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

/// Removes a generated directory unless `-save-temps`.
struct Scratch {
    dir: PathBuf,
    keep: bool,
}

impl Scratch {
    fn new(dir: PathBuf, keep: bool, echo: Echo) -> Result<Scratch> {
        if !echo.dry_run {
            std::fs::create_dir_all(&dir)
                .map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
        }
        Ok(Scratch {
            dir,
            keep: keep || echo.dry_run,
        })
    }
    fn path(&self, name: impl AsRef<Path>) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn has_optimization_flag(flags: &[OsString]) -> bool {
    flags.iter().any(|f| f.as_bytes().starts_with(b"-O"))
}

/// Dependency-output options belong to the host compile only (it reads every real input).
fn is_dependency_flag(flag: &[u8]) -> bool {
    matches!(
        flag,
        b"-MD" | b"-MMD" | b"-MP" | b"-M" | b"-MM" | b"-MF" | b"-MT" | b"-MQ"
    ) || flag.starts_with(b"-MF")
        || flag.starts_with(b"-MT")
        || flag.starts_with(b"-MQ")
}

/// Compile flags without dependency output (for the device compile and the analysis).
fn without_dependency_flags(flags: &[OsString]) -> Vec<OsString> {
    let mut out = Vec::with_capacity(flags.len());
    let mut skip_value = false;
    for f in flags {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        let b = f.as_bytes();
        if is_dependency_flag(b) {
            skip_value = matches!(b, b"-MF" | b"-MT" | b"-MQ");
            continue;
        }
        out.push(f.clone());
    }
    out
}

/// The per-source plan and its generated files.
struct Unit<'a> {
    tc: &'a Toolchain,
    cl: &'a CommandLine,
    source: &'a Input,
    scratch: Scratch,
}

impl Unit<'_> {
    fn device_command(&self, out: &Path, prelude: &Path) -> Command {
        let mut cmd = Command::new(&self.tc.clang);
        cmd.args(["-fsycl", "-fsycl-device-only"])
            .arg(format!(
                "--offload-targets={}",
                DEVICE_TRIPLE.split('-').next().unwrap_or("spir64")
            ))
            .arg("-include")
            .arg(prelude)
            .args(without_dependency_flags(&self.cl.compile_flags))
            .arg("-isystem")
            .arg(&self.tc.sycl_include);
        // DPC++ optimises device code unless told otherwise.
        if !has_optimization_flag(&self.cl.compile_flags) {
            cmd.arg("-O2");
        }
        cmd.arg("-c").arg(&self.source.path).arg("-o").arg(out);
        cmd
    }

    fn host_command(
        &self,
        files: &Generated,
        embed: Option<&Path>,
        phase: Phase,
        out: Option<&Path>,
    ) -> Command {
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
            .args(without_dependency_flags(&self.cl.compile_flags))
            .arg("-isystem")
            .arg(&self.tc.sycl_include);
        let deps = DepOptions::from_flags(&self.cl.compile_flags);
        if deps.wanted && out.is_some() {
            cmd.arg(if deps.user_headers_only {
                "-MMD"
            } else {
                "-MD"
            })
            .arg("-MF")
            .arg(&files.host_depfile);
        }
        if let Some(embed) = embed {
            let mut flag = OsString::from("-fembed-offload-object=");
            flag.push(embed);
            cmd.arg("-Xclang").arg(flag);
        }
        match phase {
            Phase::Compile | Phase::Link => cmd.arg("-c"),
            Phase::Assemble => cmd.arg("-S"),
            Phase::Preprocess => cmd.arg("-E"),
            Phase::SyntaxOnly => cmd.arg("-fsyntax-only"),
        };
        if self.source.language.is_none() {
            cmd.args(["-x", "c++"]);
        }
        cmd.arg(&files.host_tu);
        if let Some(out) = out {
            cmd.arg("-o").arg(out);
        }
        cmd
    }

    /// Method A of driver.md §2.1: a copy of the source behind `#line 1 "<source>"`, the footer
    /// included after the last line; a byte-order mark stays first.
    fn host_source(&self, footer: &Path) -> Result<Vec<u8>> {
        let original = std::fs::read(&self.source.path).map_err(|e| {
            Failure::Message(format!("cannot read '{}': {e}", self.source.path.display()))
        })?;
        let bom_len = [&[0xEF, 0xBB, 0xBF][..], &[0xFF, 0xFE], &[0xFE, 0xFF]]
            .iter()
            .find(|b| original.starts_with(b))
            .map_or(0, |b| b.len());
        let mut tu = original[..bom_len].to_vec();
        tu.extend_from_slice(b"#line 1 \"");
        tu.extend_from_slice(&escape_string_literal(self.source.path.as_os_str()));
        tu.extend_from_slice(b"\"\n");
        tu.extend_from_slice(&original[bom_len..]);
        tu.extend_from_slice(b"\n#include \"");
        tu.extend_from_slice(&escape_string_literal(footer.as_os_str()));
        tu.extend_from_slice(b"\"\n");
        Ok(tu)
    }
}

fn escape_string_literal(s: &OsStr) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b == b'\\' || b == b'"' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

/// Absolute form of a path (generated files are included by absolute path).
fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// What the device side of one TU produced.
struct DeviceSide {
    bitcode: Vec<u8>,
    kernels: Vec<KernelInfo>,
}

/// Resolves symbolic IDs with the analysis and gives kernels the runtime's ABI.
fn finish_device_code(raw: Vec<u8>, name: &str, analysis: &plugin::Analysis) -> Result<DeviceSide> {
    let ctx = Context::new();
    let mut module = ctx
        .parse_ir(raw, name)
        .map_err(|e| format!("cannot read the device bitcode '{name}': {}", e.trim_end()))?;
    device::resolve_symbolic_ids(&module, |global| {
        analysis
            .spec_ids
            .iter()
            .find(|s| {
                s.mangled_name == global
                    // clang names a global-namespace C++ variable without `_Z`.
                    || (!global.starts_with("_Z")
                        && s.mangled_name.strip_prefix("_Z").is_some_and(|rest| {
                            rest == format!("{}{global}", global.len())
                        }))
            })
            .map(|s| s.symbolic_id.clone())
    })
    .map_err(|e| e.to_string())?;
    let entries = device::wrap_kernels(&mut module).map_err(|e| e.to_string())?;
    module
        .verify()
        .map_err(|e| format!("internal error: device module invalid after rewriting: {e}"))?;
    let kernels = entries
        .into_iter()
        .map(|k| KernelInfo {
            params: vec![KernelParam {
                kind: ParamKind::StdLayout,
                info: u32::try_from(k.object_size).unwrap_or(u32::MAX),
                offset: 0,
            }],
            object_size: k.object_size,
            name: k.name,
        })
        .collect();
    Ok(DeviceSide {
        bitcode: module.to_bitcode().to_vec(),
        kernels,
    })
}

/// The generated files of one TU, in its generated directory.
struct Generated {
    prelude: PathBuf,
    raw_device: PathBuf,
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
            prelude: scratch.path("device-prelude.hpp"),
            raw_device: scratch.path("device.clang.bc"),
            footer: scratch.path("footer.h"),
            header: scratch.path("integration-header.h"),
            embed: scratch.path("device.offload"),
            // The copy keeps the source's file name (debug info and `__FILE__` of the
            // basename stay the user's).
            host_tu: scratch.path(source.file_name().unwrap_or(OsStr::new("source.cpp"))),
            host_depfile: scratch.path("host.d"),
            staged_output: scratch.path("host.out"),
        }
    }
}

/// Compiles one C++ source for `phase`, writing `output` (an object for `-c`).
pub(crate) fn compile_source(
    tc: &Toolchain,
    cl: &CommandLine,
    source: &Input,
    output: Option<&Path>,
    phase: Phase,
    echo: Echo,
) -> Result<()> {
    let anchor = output
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(source.path.file_name().unwrap_or(OsStr::new("source"))));
    let scratch = Scratch::new(absolute(&generated_dir(cl, &anchor)), cl.save_temps, echo)?;
    let files = Generated::in_dir(&scratch, &source.path);
    let unit = Unit {
        tc,
        cl,
        source,
        scratch,
    };
    let wants_device = matches!(phase, Phase::Compile | Phase::Link);
    echo.show(&format!(
        " # sycl-clang++: analysis (libclang, in process) of \"{}\" -> \"{}\"",
        source.path.display(),
        files.footer.display()
    ));
    if echo.dry_run {
        if wants_device {
            echo.command(&unit.device_command(&files.raw_device, &files.prelude));
            echo.show(&format!(
                " # sycl-clang++: symbolic IDs and kernel entry points (in process) -> \"{}\", \"{}\"",
                files.embed.display(),
                files.header.display()
            ));
        }
        let embed = wants_device.then_some(&*files.embed);
        echo.command(&unit.host_command(&files, embed, phase, output));
        return Ok(());
    }
    let (analysis, device_output) =
        analyse_beside_device_compile(&unit, &files, wants_device, echo);
    let analysis = match analysis {
        Ok(a) => a,
        Err(plugin::Error::Compile { .. }) => {
            return report_analysis_errors(&unit, &files, phase, echo);
        }
        Err(e) => return Err(Failure::Message(e.to_string())),
    };
    for w in &analysis.warnings {
        eprintln!("{w}");
    }
    if wants_device {
        refuse_special_captures(&analysis)?;
    }
    let started = Instant::now();
    let kernels = match device_output {
        Some(out) => finish_device_compile(&unit, &files, out, &analysis)?,
        None => Vec::new(),
    };
    timing(
        "symbolic IDs, kernel entry points, embedding",
        started.elapsed(),
    );
    let footer_text = footer_gen::render(&analysis.spec_ids, footer_gen::Style::V3);
    write_file(&files.footer, footer_text.as_bytes())?;
    write_file(
        &files.header,
        integration_header::render_integration_header(&kernels).as_bytes(),
    )?;
    let started = Instant::now();
    let result = compile_host(&unit, &files, wants_device, phase, output, echo);
    timing("host compile", started.elapsed());
    result
}

/// Kernels whose objects hold accessors, samplers or streams need DPC++'s decomposed kernel
/// arguments; passed as bytes they would read host-side state on the device. Refused, with
/// the launch's location, rather than built into a program that computes garbage.
fn refuse_special_captures(analysis: &plugin::Analysis) -> Result<()> {
    let mut refused = false;
    for kernel in analysis
        .kernels
        .iter()
        .filter(|k| !k.special_captures.is_empty())
    {
        let at = &kernel.location;
        let file = at.file.as_deref().unwrap_or(&analysis.source);
        eprintln!(
            "{}:{}:{}: error: this kernel captures '{}', which sycl-clang++ cannot pass to the device yet \
             (kernel objects travel as bytes; accessors, samplers and streams need decomposed kernel \
             arguments); capture USM pointers instead",
            file.display(),
            at.line,
            at.column,
            kernel.special_captures.join("', '")
        );
        refused = true;
    }
    if refused {
        Err(Failure::Reported(1))
    } else {
        Ok(())
    }
}

/// The libclang analysis, on its own thread while clang compiles the device side.
fn analyse_beside_device_compile(
    unit: &Unit<'_>,
    files: &Generated,
    wants_device: bool,
    echo: Echo,
) -> (
    std::result::Result<plugin::Analysis, plugin::Error>,
    Option<std::io::Result<std::process::Output>>,
) {
    if wants_device {
        if let Err(e) = write_file(&files.prelude, PRELUDE.as_bytes()) {
            let message = match e {
                Failure::Message(m) => m,
                Failure::Reported(_) => String::new(),
            };
            return (Err(plugin::Error::Internal(message)), None);
        }
    }
    let options = plugin::Options {
        source: unit.source.path.clone(),
        args: without_dependency_flags(&unit.cl.compile_flags)
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .chain([
                "-isystem".to_string(),
                unit.tc.sycl_include.to_string_lossy().into_owned(),
            ])
            .collect(),
        unique_prefix: None,
        skip_teardown: false,
    };
    let mut device_cmd = unit.device_command(&files.raw_device, &files.prelude);
    std::thread::scope(|s| {
        let analysis = s.spawn(|| {
            let started = Instant::now();
            let result = plugin::analyze(&options);
            timing("analysis", started.elapsed());
            result
        });
        let device = wants_device.then(|| {
            echo.command(&device_cmd);
            let started = Instant::now();
            let result = device_cmd.stdin(Stdio::null()).output();
            timing("device compile", started.elapsed());
            result
        });
        let analysis = analysis
            .join()
            .unwrap_or_else(|_| Err(plugin::Error::Internal("the analysis panicked".into())));
        (analysis, device)
    })
}

/// The TU does not compile: clang's own diagnostics, against the user's file, come from a host
/// compile without footer or kernels.
fn report_analysis_errors(
    unit: &Unit<'_>,
    files: &Generated,
    phase: Phase,
    echo: Echo,
) -> Result<()> {
    write_file(&files.footer, b"")?;
    write_file(
        &files.header,
        integration_header::render_integration_header(&[]).as_bytes(),
    )?;
    write_file(&files.host_tu, &unit.host_source(&files.footer)?)?;
    let mut cmd = unit.host_command(files, None, phase, Some(&files.staged_output));
    run(&mut cmd, echo)?;
    Err(Failure::Message(format!(
        "'{}' compiles on its own but not for the SYCL analysis",
        unit.source.path.display()
    )))
}

/// Checks the device compile, finishes its bitcode and writes the container to embed; returns
/// the kernels for the integration header.
fn finish_device_compile(
    unit: &Unit<'_>,
    files: &Generated,
    output: std::io::Result<std::process::Output>,
    analysis: &plugin::Analysis,
) -> Result<Vec<KernelInfo>> {
    let clang = unit.tc.clang.to_string_lossy();
    let out = output.map_err(|e| format!("cannot run '{clang}': {e}"))?;
    if !out.status.success() {
        std::io::Write::write_all(&mut std::io::stderr(), &out.stderr).ok();
        eprintln!(
            "sycl-clang++: error: device compilation of '{}' failed (the diagnostics above come from the device compile)",
            unit.source.path.display()
        );
        return Err(Failure::Reported(out.status.code().unwrap_or(1)));
    }
    let raw = std::fs::read(&files.raw_device)
        .map_err(|e| format!("cannot read '{}': {e}", files.raw_device.display()))?;
    let device_side = finish_device_code(raw, &files.raw_device.to_string_lossy(), analysis)?;
    if unit.cl.save_temps {
        write_file(&unit.scratch.path("device.bc"), &device_side.bitcode)?;
    }
    let container = OffloadImage::sycl_bitcode(DEVICE_TRIPLE, device_side.bitcode).to_bytes();
    write_file(&files.embed, &container)?;
    Ok(device_side.kernels)
}

/// The host compile of the source copy with footer; its output replaces `output` only on
/// success (clang removes an existing output when it fails), the depfile rewritten to name
/// real inputs only.
fn compile_host(
    unit: &Unit<'_>,
    files: &Generated,
    wants_device: bool,
    phase: Phase,
    output: Option<&Path>,
    echo: Echo,
) -> Result<()> {
    write_file(&files.host_tu, &unit.host_source(&files.footer)?)?;
    let staged = output.map(|_| files.staged_output.as_path());
    let embed = wants_device.then_some(&*files.embed);
    run(&mut unit.host_command(files, embed, phase, staged), echo)?;
    let deps = DepOptions::from_flags(&unit.cl.compile_flags);
    if let (true, Some(output)) = (deps.wanted, output) {
        let text = std::fs::read_to_string(&files.host_depfile)
            .map_err(|e| format!("cannot read '{}': {e}", files.host_depfile.display()))?;
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
    match (staged, output) {
        (Some(staged), Some(output)) => std::fs::rename(staged, output)
            .map_err(|e| Failure::Message(format!("cannot write '{}': {e}", output.display()))),
        _ => Ok(()),
    }
}

/// Full build: compiles the C++ sources into the generated directory, then links.
pub(crate) fn build_and_link(tc: &Toolchain, cl: &CommandLine, echo: Echo) -> Result<()> {
    let output = cl.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
    let scratch = Scratch::new(absolute(&generated_dir(cl, &output)), cl.save_temps, echo)?;
    let mut link_inputs: Vec<PathBuf> = Vec::new();
    for (n, input) in cl.inputs.iter().enumerate() {
        match input.kind {
            InputKind::CxxSource => {
                let stem = input.path.file_stem().unwrap_or(OsStr::new("source"));
                let mut name = OsString::from(format!("{n}-"));
                name.push(stem);
                name.push(".o");
                let object = scratch.path(name);
                compile_source(tc, cl, input, Some(&object), Phase::Compile, echo)?;
                link_inputs.push(object);
            }
            InputKind::OtherSource | InputKind::LinkInput => link_inputs.push(input.path.clone()),
        }
    }
    link(tc, cl, &link_inputs, &output, &scratch, echo)
}

/// Device link, lowering and registration, then the host link against `libsycl.so.9`.
fn link(
    tc: &Toolchain,
    cl: &CommandLine,
    inputs: &[PathBuf],
    output: &Path,
    scratch: &Scratch,
    echo: Echo,
) -> Result<()> {
    if !echo.dry_run {
        tc.check_runtime()?;
    }
    let registration = scratch.path("registration.o");
    echo.show(&format!(
        " # sycl-clang++: device link, spec-constant lowering ({}), SPIR-V, registration (in process) -> \"{}\"",
        match cl.spec_constants {
            SpecConstMode::Native => "native",
            SpecConstMode::Emulation => "emulation",
        },
        registration.display()
    ));
    let mut has_images = false;
    if !echo.dry_run {
        let mut bitcode = Vec::new();
        let libraries = static_libraries(&cl.link_flags);
        for input in inputs.iter().chain(&libraries) {
            let is_object_or_archive = input
                .extension()
                .is_some_and(|e| matches!(e.as_bytes(), b"o" | b"a" | b"obj" | b"lo"));
            if !is_object_or_archive {
                continue;
            }
            let bytes = std::fs::read(input)
                .map_err(|e| format!("cannot read '{}': {e}", input.display()))?;
            let images =
                offload::sycl_images(&bytes).map_err(|e| format!("{}: {e}", input.display()))?;
            for (i, image) in images.into_iter().enumerate() {
                bitcode.push((format!("{}#{i}", input.display()), image.image));
            }
        }
        if !bitcode.is_empty() {
            let mode = match cl.spec_constants {
                SpecConstMode::Native => Mode::Native,
                SpecConstMode::Emulation => Mode::Emulation,
            };
            let (image, steps) =
                device::build_image(bitcode, mode, SPIRV_VERSION).map_err(|e| e.to_string())?;
            for (step, time) in steps {
                timing(step, time);
            }
            let started = Instant::now();
            if cl.save_temps {
                write_file(&scratch.path("device.spv"), &image.spirv)?;
                write_file(
                    &scratch.path("device.prop"),
                    image.property_sets.write().as_bytes(),
                )?;
            }
            let object = post_link::registration::registration_object(std::slice::from_ref(&image))
                .map_err(|e| format!("cannot write the registration object: {e}"))?;
            write_file(&registration, &object)?;
            timing("registration object", started.elapsed());
            has_images = true;
        }
    }
    let linked = scratch.path("linked.out");
    let mut cmd = Command::new(&tc.clang);
    cmd.args(inputs);
    if has_images || echo.dry_run {
        cmd.arg(&registration);
    }
    cmd.args(link_relevant_compile_flags(&cl.compile_flags))
        .args(&cl.link_flags)
        .arg("-L")
        .arg(&tc.runtime_lib)
        .arg("-lsycl");
    let mut rpath = OsString::from("-Wl,-rpath,");
    rpath.push(&tc.runtime_lib);
    cmd.arg(rpath).arg("-o").arg(&linked);
    let started = Instant::now();
    run(&mut cmd, echo)?;
    timing("host link", started.elapsed());
    if echo.dry_run {
        return Ok(());
    }
    // The output appears only once the link succeeded: a failed link leaves the old one.
    std::fs::rename(&linked, output)
        .map_err(|e| Failure::Message(format!("cannot write '{}': {e}", output.display())))
}

/// The static archives `-lNAME` resolves to, searched as the linker does: the `-L`
/// directories in order, a shared `libNAME.so` before `libNAME.a` in the same directory (a
/// shared library carries no device code here), `-l:FILE` by exact name.
fn static_libraries(link_flags: &[OsString]) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut names = Vec::new();
    let mut flags = link_flags.iter();
    while let Some(flag) = flags.next() {
        let b = flag.as_bytes();
        let value = |joined: &[u8], flags: &mut std::slice::Iter<'_, OsString>| {
            if joined.is_empty() {
                flags.next().map(|v| v.as_bytes().to_vec())
            } else {
                Some(joined.to_vec())
            }
        };
        if let Some(rest) = b.strip_prefix(b"-L") {
            dirs.extend(value(rest, &mut flags).map(|d| PathBuf::from(OsStr::from_bytes(&d))));
        } else if let Some(rest) = b.strip_prefix(b"-l") {
            names.extend(value(rest, &mut flags));
        }
    }
    let mut found = Vec::new();
    for name in names {
        let candidates: Vec<Vec<u8>> = match name.strip_prefix(b":") {
            Some(exact) => vec![exact.to_vec()],
            None => vec![
                [b"lib".as_slice(), &name, b".so"].concat(),
                [b"lib".as_slice(), &name, b".a"].concat(),
            ],
        };
        'search: for dir in &dirs {
            for file in &candidates {
                let path = dir.join(OsStr::from_bytes(file));
                if path.is_file() {
                    if path.extension().is_some_and(|e| e == "a") {
                        found.push(path);
                    }
                    break 'search;
                }
            }
        }
    }
    found
}

/// Compile options that also shape a link (sanitizers, target, standard library choice).
fn link_relevant_compile_flags(flags: &[OsString]) -> Vec<OsString> {
    flags
        .iter()
        .filter(|f| {
            let b = f.as_bytes();
            b.starts_with(b"-fsanitize")
                || b.starts_with(b"--target")
                || b.starts_with(b"-m")
                || b.starts_with(b"-stdlib")
                || b.starts_with(b"--sysroot")
                || b.starts_with(b"-static-lib")
                || b == b"-v"
                || b.starts_with(b"-fuse-ld")
        })
        .cloned()
        .collect()
}
