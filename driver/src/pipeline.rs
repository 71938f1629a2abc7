//! The `-fsycl` pipeline: per C++ source, analysis (libclang, in process) beside the device
//! compile (clang-22), then the host compile with integration header and footer, the device
//! bitcode embedded in the object; at link, every object's device code is linked, lowered and
//! registered with Intel's runtime.

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use offload::device;
use offload::device_link::LinkError;
use post_link::lower::Mode;

use crate::args::{CommandLine, InputKind, Phase, SpecConstMode};
use crate::toolchain::Toolchain;

pub(crate) const DEVICE_TRIPLE: &str = "spir64-unknown-unknown";
/// SPIR-V version of the registered images (the OpenCL CPU runtime reads 1.0–1.4). 1.3 is the
/// first with the sub-group (OpGroupNonUniform*) instructions Intel's headers use.
const SPIRV_VERSION: &str = "1.3";

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

pub(crate) type Result<T> = std::result::Result<T, Failure>;

/// How steps are shown: `-###` prints them instead of running, `-v` prints and runs.
#[derive(Clone, Copy)]
pub(crate) struct Echo {
    pub(crate) dry_run: bool,
    pub(crate) verbose: bool,
}

impl Echo {
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

/// Writes through the project's one output writer (temporary file and rename; a replaced file
/// keeps its mode), so readers never see half a file.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    output::write(path, bytes).map_err(|e| Failure::Message(e.to_string()))
}

/// Moves a finished output from the work directory into place, as clang writes outputs: a
/// rename when the output is (or will be) a regular file or a symbolic link (the link itself
/// is replaced, never written through) on the same file system; otherwise (the work directory
/// on another file system; a special file such as `/dev/null`) through the shared writer,
/// which writes special files in place. `-` is standard output. Readers never see half a
/// file; the staged file's mode is kept (programs stay executable).
pub(crate) fn move_into_place(staged: &Path, output: &Path) -> Result<()> {
    let cannot_read =
        |e: std::io::Error| Failure::Message(format!("cannot read '{}': {e}", staged.display()));
    if output.as_os_str() == "-" {
        let bytes = std::fs::read(staged).map_err(cannot_read)?;
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(&bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| Failure::Message(format!("cannot write to standard output: {e}")));
    }
    let replaceable = match std::fs::symlink_metadata(output) {
        Ok(meta) if meta.is_dir() => {
            return Err(Failure::Message(format!(
                "cannot write '{}': is a directory",
                output.display()
            )));
        }
        Ok(meta) => meta.is_file() || meta.file_type().is_symlink(),
        Err(_) => true,
    };
    if replaceable {
        match std::fs::rename(staged, output) {
            Err(e) if e.raw_os_error() == Some(libc::EXDEV) => {}
            other => {
                return other.map_err(|e| {
                    Failure::Message(format!(
                        "cannot write '{}': {}",
                        output.display(),
                        output::plain_io_error(&e)
                    ))
                });
            }
        }
    }
    let bytes = std::fs::read(staged).map_err(cannot_read)?;
    write_file(output, &bytes)?;
    if replaceable {
        if let Ok(meta) = std::fs::metadata(staged) {
            let _ = std::fs::set_permissions(output, meta.permissions());
        }
    }
    Ok(())
}

pub(crate) fn run(cmd: &mut Command, echo: Echo) -> Result<()> {
    echo.command(cmd);
    if echo.dry_run {
        return Ok(());
    }
    let status = process::status(cmd)
        .map_err(|e| format!("cannot run '{}': {e}", cmd.get_program().to_string_lossy()))?;
    if status.success() {
        Ok(())
    } else {
        Err(Failure::Reported(status.code().unwrap_or(1)))
    }
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
    pub(crate) fn new(cl: &CommandLine, anchor: &Path, echo: Echo) -> Result<Scratch> {
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

pub(crate) fn has_optimization_flag(flags: &[OsString]) -> bool {
    clang_args::last_value(flags, clang_args::Id::Optimize).is_some()
}

/// Absolute form of a path (generated files are included by absolute path).
pub(crate) fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Full build: compiles the C++ sources into the generated directory, then links.
pub(crate) fn build_and_link(tc: &Toolchain, cl: &CommandLine, echo: Echo) -> Result<()> {
    let output = cl.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
    let scratch = Scratch::new(cl, &output, echo)?;
    let mut link_inputs: Vec<PathBuf> = Vec::new();
    for (n, input) in cl.inputs.iter().enumerate() {
        match input.kind {
            InputKind::CxxSource => {
                let stem = input.path.file_stem().unwrap_or(OsStr::new("source"));
                // Within NAME_MAX whatever the source's name.
                let stem = OsStr::from_bytes(&stem.as_bytes()[..stem.len().min(200)]);
                let mut name = OsString::from(format!("{n}-"));
                name.push(stem);
                name.push(".o");
                let object = scratch.path(name);
                crate::compile::compile_source(tc, cl, input, Some(&object), Phase::Compile, echo)?;
                link_inputs.push(object);
            }
            InputKind::OtherSource | InputKind::LinkInput => link_inputs.push(input.path.clone()),
        }
    }
    link(tc, cl, &link_inputs, &output, &scratch, echo)
}

/// A failed device build: each undefined device function is an error line of its own.
fn device_link_failure(error: device::DeviceError) -> Failure {
    match error {
        device::DeviceError::Link(LinkError::Undefined(functions)) => {
            for function in functions {
                eprintln!("sycl-clang++: error: {function}");
            }
            Failure::Reported(1)
        }
        // Located at the kernel's second definition, in clang's form.
        device::DeviceError::Link(duplicate @ LinkError::DuplicateKernel { .. }) => {
            eprintln!("{duplicate}");
            Failure::Reported(1)
        }
        other => Failure::Message(other.to_string()),
    }
}

/// Device link, lowering and registration, then the host link against `libsycl.so.9`; with
/// `-fsycl-link`, the registration object alone is the output.
fn link(
    tc: &Toolchain,
    cl: &CommandLine,
    inputs: &[PathBuf],
    output: &Path,
    scratch: &Scratch,
    echo: Echo,
) -> Result<()> {
    let registration = scratch.path("registration.o");
    let mut runtime_options = String::new();
    for (what, options) in [
        ("build", &cl.backend_options),
        ("link", &cl.device_linker_options),
    ] {
        if !options.is_empty() {
            runtime_options.push_str(&format!(", runtime {what} options '{}'", options.join(" ")));
        }
    }
    echo.show(&format!(
        " # sycl-clang++: device link, spec-constant lowering ({}), SPIR-V, registration{runtime_options} (in process) -> \"{}\"",
        lowering_plan(cl),
        registration.display()
    ));
    if cl.sycl_targets.cpu_ahead_of_time {
        crate::aot::show_plan(tc, echo);
    }
    let has_images =
        !echo.dry_run && register_device_images(tc, cl, inputs, &registration, scratch)?;
    if cl.device_link_only {
        if echo.dry_run {
            return Ok(());
        }
        if !has_images {
            return Err(Failure::Message(
                "-fsycl-link: the inputs hold no device code (compile them with -fsycl -c)".into(),
            ));
        }
        return process::critical(|| move_into_place(&registration, output));
    }
    if !echo.dry_run {
        tc.check_runtime()?;
    }
    let linked = scratch.path("linked.out");
    let mut cmd = Command::new(&tc.clang);
    cmd.args(inputs);
    if has_images || echo.dry_run {
        cmd.arg(&registration);
    }
    if links_leak_sanitizer(&cl.compile_flags) {
        let object = scratch.path("runtime-leak-suppressions.o");
        if !echo.dry_run {
            write_file(&object, &runtime_leak_suppressions()?)?;
        }
        cmd.arg(object);
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
    process::critical(|| move_into_place(&linked, output))
}

/// Every input's device bitcode (objects and archives, `-l` archives included), checked for
/// the link's spec-constant mode. An input that already registers images (the output of
/// `-fsycl-link`) is refused: its images and those of the objects it came from would be
/// registered twice.
fn device_bitcode(cl: &CommandLine, inputs: &[PathBuf]) -> Result<Vec<(String, Vec<u8>)>> {
    let mut bitcode = Vec::new();
    let libraries = static_libraries(&cl.link_flags);
    for input in inputs.iter().chain(&libraries) {
        // Objects and archives are told by their contents, never by their names: a
        // `k.pic` object's kernels count as much as `k.o`'s.
        let Some(bytes) = read_if_object_or_archive(input)? else {
            continue;
        };
        if offload::holds_registered_images(&bytes)
            .map_err(|e| format!("{}: {e}", input.display()))?
        {
            return Err(Failure::Message(format!(
                "'{}' already registers device images (it is the output of -fsycl-link); link it \
                 without -fsycl (clang++ … -lsycl), or give this link the objects it was made from instead",
                input.display()
            )));
        }
        let images =
            offload::sycl_images(&bytes).map_err(|e| format!("{}: {e}", input.display()))?;
        for (i, image) in images.into_iter().enumerate() {
            // Kernels built for the other spec-constant mode take other arguments.
            let built = image
                .strings
                .get(offload::SPEC_CONSTANTS_KEY)
                .map(String::as_str);
            if built.unwrap_or("native") != cl.kernel_spec_constants().spelling() {
                return Err(mode_mismatch(cl, input, built.unwrap_or("native")));
            }
            bitcode.push((format!("{}#{i}", input.display()), image.image));
        }
    }
    Ok(bitcode)
}

/// Links, lowers and registers the inputs' device code into `registration`, for every target
/// of the link (the CPU images compiled ahead of time); `false` when there is none.
fn register_device_images(
    tc: &Toolchain,
    cl: &CommandLine,
    inputs: &[PathBuf],
    registration: &Path,
    scratch: &Scratch,
) -> Result<bool> {
    let bitcode = device_bitcode(cl, inputs)?;
    if bitcode.is_empty() {
        return Ok(false);
    }
    let targets = device::Targets {
        spirv: cl.sycl_targets.spirv.then_some(match cl.spec_constants {
            SpecConstMode::Native => Mode::Native,
            SpecConstMode::Emulation => Mode::Emulation,
        }),
        cpu_ahead_of_time: cl.sycl_targets.cpu_ahead_of_time,
    };
    let (mut images, steps) =
        device::build_images(bitcode, targets, cl.device_code_split, SPIRV_VERSION)
            .map_err(device_link_failure)?;
    for (step, time) in steps {
        timing(step, time);
    }
    if cl.sycl_targets.cpu_ahead_of_time {
        let started = Instant::now();
        crate::aot::compile_cpu_images(tc, &mut images)?;
        timing("ahead-of-time CPU images", started.elapsed());
    }
    let started = Instant::now();
    if cl.save_temps {
        save_images(scratch, &images)?;
    }
    let options = offload::registration::BuildOptions {
        compile: cl.backend_options.join(" "),
        link: cl.device_linker_options.join(" "),
    };
    let object = offload::registration::registration_object_with_options(&images, &options)
        .map_err(|e| format!("cannot write the registration object: {e}"))?;
    write_file(registration, &object)?;
    timing("registration object", started.elapsed());
    Ok(true)
}

/// Whether the link brings LeakSanitizer in (`-fsanitize=` naming `address` or `leak`, the
/// last `-fno-sanitize=` not taking it away, in order).
fn links_leak_sanitizer(flags: &[OsString]) -> bool {
    use clang_args::Id;
    let mut on = false;
    for arg in clang_args::parse(flags) {
        let names = || {
            arg.value
                .unwrap_or_default()
                .to_string_lossy()
                .split(',')
                .any(|n| matches!(n, "address" | "leak" | "all"))
        };
        match arg.id {
            Some(Id::Sanitize) if names() => on = true,
            Some(Id::NoSanitize)
                if arg.words[0].to_string_lossy().starts_with("-fno-sanitize=") =>
            {
                let value = arg.words[0].to_string_lossy();
                let removed = value["-fno-sanitize=".len()..]
                    .split(',')
                    .any(|n| matches!(n, "address" | "leak" | "all"));
                on &= !removed;
            }
            _ => {}
        }
    }
    on
}

/// What LeakSanitizer must not report: memory the runtime's libraries keep until exit by
/// design. The OpenCL ICD loader allocates its vendor list once (`khrIcdVendorAdd`) and never
/// frees it; Intel's OpenCL CPU runtime copies kernel argument names (`strdup` in
/// `DeviceProgram::initializeAllKernelArgsInfoFromIRData`) for every kernel it creates and
/// never frees them. Neither is the program's leak, and both are outside its reach.
const RUNTIME_LEAK_SUPPRESSIONS: &str = "leak:libOpenCL.so\nleak:libintelocl.so\n";

/// LeakSanitizer's default options: the suppressions above are silent (without this, every
/// run of a program ends with a table of them on stderr). `LSAN_OPTIONS` still overrides it.
const RUNTIME_LEAK_OPTIONS: &str = "print_suppressions=0";

/// An object defining LeakSanitizer's `__lsan_default_suppressions` hook with
/// [`RUNTIME_LEAK_SUPPRESSIONS`] and `__lsan_default_options` with [`RUNTIME_LEAK_OPTIONS`];
/// weak, so a program's own definitions win.
fn runtime_leak_suppressions() -> Result<Vec<u8>> {
    offload::ir_text::string_hooks_object(
        "sycl-specconst leak suppressions",
        &[
            ("__lsan_default_suppressions", RUNTIME_LEAK_SUPPRESSIONS),
            ("__lsan_default_options", RUNTIME_LEAK_OPTIONS),
        ],
    )
    .map_err(|e| Failure::Message(format!("internal error: leak suppressions: {e}")))
}

/// `-save-temps`: device.spv/.prop for one image; device_<N>.* when the code was split or
/// built for two targets (`.bin`: a CPU program binary).
fn save_images(scratch: &Scratch, images: &[device::DeviceImage]) -> Result<()> {
    for (n, image) in images.iter().enumerate() {
        let stem = if images.len() == 1 {
            "device".to_string()
        } else {
            format!("device_{n}")
        };
        let extension = match image.format {
            device::ImageFormat::SpirV => "spv",
            device::ImageFormat::Native => "bin",
        };
        write_file(&scratch.path(format!("{stem}.{extension}")), &image.code)?;
        write_file(
            &scratch.path(format!("{stem}.prop")),
            image.property_sets.write().as_bytes(),
        )?;
    }
    Ok(())
}

/// What the link's `-###` line says about lowering: the SPIR-V image's mode (alone when that
/// is the only target), and `emulation` for the CPU image built ahead of time.
fn lowering_plan(cl: &CommandLine) -> String {
    if !cl.sycl_targets.cpu_ahead_of_time {
        return cl.spec_constants.spelling().to_string();
    }
    let mut plans = Vec::new();
    if cl.sycl_targets.spirv {
        plans.push(format!("spir64: {}", cl.spec_constants.spelling()));
    }
    plans.push("spir64_x86_64: emulation, then the CPU device's binary".to_string());
    plans.join("; ")
}

/// An object whose kernels take spec constants another way than this link's targets need.
fn mode_mismatch(cl: &CommandLine, input: &Path, built: &str) -> Failure {
    let needed = cl.kernel_spec_constants().spelling();
    Failure::Message(if cl.sycl_targets.cpu_ahead_of_time {
        format!(
            "'{}' was compiled without -fsycl-targets=spir64_x86_64 (with -fsycl-spec-constants={built}); \
             compile it with the targets of this link: spir64_x86_64 images emulate spec constants, \
             and kernels then take them from a buffer",
            input.display()
        )
    } else {
        // Objects built for spir64_x86_64 record emulation too, whatever the option said.
        let aot_hint = if built == "emulation" {
            " or, if it was compiled with -fsycl-targets=…spir64_x86_64, with those targets"
        } else {
            ""
        };
        format!(
            "'{}' was compiled with -fsycl-spec-constants={built}; link with the same option \
             (this link uses {needed}){aot_hint}",
            input.display()
        )
    })
}

/// The bytes of `path` if it is an ELF file or an `ar` archive (the linker reports anything
/// else, missing files included).
fn read_if_object_or_archive(path: &Path) -> Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(None);
    };
    let mut magic = [0u8; 8];
    let is_object = match file.read_exact(&mut magic) {
        Ok(()) => magic.starts_with(b"\x7fELF") || magic == *b"!<arch>\n",
        Err(_) => false,
    };
    if !is_object || !file.metadata().is_ok_and(|m| m.is_file()) {
        return Ok(None);
    }
    let mut bytes = magic.to_vec();
    file.read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
    Ok(Some(bytes))
}

/// The static archives `-lNAME` resolves to, searched as the linker does: the `-L`
/// directories in order, a shared `libNAME.so` before `libNAME.a` in the same directory (a
/// shared library carries no device code here) unless static linking is in force for it
/// (`-static`, or the linker's `-Bstatic` until `-Bdynamic`, given as `-Wl,`/`-Xlinker`; clang
/// itself reads a bare `-Bstatic` as `-B static`), `-l:FILE` by exact name. Read through the
/// option table, so no value is taken for a flag.
fn static_libraries(link_flags: &[OsString]) -> Vec<PathBuf> {
    use clang_args::Id;
    let mut dirs = Vec::new();
    let mut wanted: Vec<(Vec<u8>, bool)> = Vec::new();
    let mut all_static = false;
    let mut static_now = false;
    for arg in clang_args::parse(link_flags) {
        let value = arg.value.map(OsStr::as_bytes);
        match (arg.id, value) {
            (Some(Id::LibraryDir), Some(dir)) => dirs.push(PathBuf::from(OsStr::from_bytes(dir))),
            (Some(Id::Library), Some(name)) => wanted.push((name.to_vec(), static_now)),
            (Some(Id::Static), _) => all_static = true,
            (Some(Id::LinkerOptions | Id::XLinker), Some(options)) => {
                for option in options.split(|&b| b == b',') {
                    match option {
                        b"-Bstatic" | b"-static" | b"-dn" | b"-non_shared" => static_now = true,
                        b"-Bdynamic" | b"-dy" | b"-call_shared" => static_now = false,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    for (name, static_only) in wanted {
        let archive = [b"lib".as_slice(), &name, b".a"].concat();
        let candidates: Vec<Vec<u8>> = match name.strip_prefix(b":") {
            Some(exact) => vec![exact.to_vec()],
            None if static_only || all_static => vec![archive],
            None => vec![[b"lib".as_slice(), &name, b".so"].concat(), archive],
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

/// Compile options that also shape a link (host instrumentation, whose runtimes the link
/// adds: sanitizers, profiling, coverage; target, machine options, standard library choice,
/// `-v`), read through the option table so values stay with their options.
/// `-mllvm X` is code generation's, not the link's: matched as a `-m` option it went on as
/// `-mllvm` alone and took the next link argument (`-L`) as its value. (`-static-lib…` and
/// `-fuse-ld=` are link flags already.)
fn link_relevant_compile_flags(flags: &[OsString]) -> Vec<OsString> {
    use clang_args::Id;
    const STEMS: &[&[u8]] = &[b"--target", b"-m", b"-stdlib", b"--sysroot"];
    clang_args::words(clang_args::parse(flags).into_iter().filter(|arg| {
        let first = arg.words[0].as_bytes();
        if arg.role == clang_args::Role::HostCompile {
            return true;
        }
        match arg.id {
            Some(Id::Verbose) => true,
            Some(Id::Mllvm) => false,
            _ => STEMS.iter().any(|s| first.starts_with(s)),
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_linking_prefers_archives_over_shared_libraries() {
        let dir = tempfile::tempdir().expect("temp dir");
        for file in ["libk.so", "libk.a"] {
            std::fs::write(dir.path().join(file), b"").expect("written");
        }
        let flags = |list: &[&str]| -> Vec<OsString> {
            let mut v: Vec<OsString> = vec!["-L".into(), dir.path().into()];
            v.extend(list.iter().map(OsString::from));
            v
        };
        let archive = vec![dir.path().join("libk.a")];
        assert!(
            static_libraries(&flags(&["-lk"])).is_empty(),
            "the .so comes first"
        );
        assert_eq!(static_libraries(&flags(&["-static", "-lk"])), archive);
        assert_eq!(
            static_libraries(&flags(&["-Xlinker", "-Bstatic", "-lk"])),
            archive
        );
        assert_eq!(
            static_libraries(&flags(&["-Wl,-Bstatic", "-l", "k"])),
            archive
        );
        assert!(static_libraries(&flags(&["-Wl,-Bstatic", "-Wl,-Bdynamic", "-lk"])).is_empty());
        assert_eq!(static_libraries(&flags(&["-l:libk.a"])), archive);
    }

    #[test]
    fn link_relevant_compile_flags_keep_their_values() {
        // `-mllvm -x` is one option, for code generation only; `-I -m` is an include
        // directory named `-m`, not a machine option.
        let flags: Vec<OsString> = [
            "-O2",
            "-mllvm",
            "-x",
            "-march=native",
            "-v",
            "-I",
            "-m",
            "-fsanitize=address",
            "-fprofile-instr-generate",
        ]
        .iter()
        .map(OsString::from)
        .collect();
        assert_eq!(
            link_relevant_compile_flags(&flags),
            [
                "-march=native",
                "-v",
                "-fsanitize=address",
                "-fprofile-instr-generate"
            ]
        );
    }
}
