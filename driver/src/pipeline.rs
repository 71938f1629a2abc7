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

use post_link::device;
use post_link::device_link::LinkError;
use post_link::lower::Mode;

use crate::args::{CommandLine, InputKind, Phase, SpecConstMode};
use crate::offload;
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
        cl.spec_constants.spelling(),
        registration.display()
    ));
    let mut has_images = false;
    if !echo.dry_run {
        let mut bitcode = Vec::new();
        let libraries = static_libraries(&cl.link_flags);
        for input in inputs.iter().chain(&libraries) {
            // Objects and archives are told by their contents, never by their names: a
            // `k.pic` object's kernels count as much as `k.o`'s.
            let Some(bytes) = read_if_object_or_archive(input)? else {
                continue;
            };
            let images =
                offload::sycl_images(&bytes).map_err(|e| format!("{}: {e}", input.display()))?;
            for (i, image) in images.into_iter().enumerate() {
                // Kernels built for the other spec-constant mode take other arguments.
                let built = image
                    .strings
                    .get(offload::SPEC_CONSTANTS_KEY)
                    .map(String::as_str);
                if built.unwrap_or("native") != cl.spec_constants.spelling() {
                    return Err(Failure::Message(format!(
                        "'{}' was compiled with -fsycl-spec-constants={}; link with the same option \
                         (this link uses {})",
                        input.display(),
                        built.unwrap_or("native"),
                        cl.spec_constants.spelling()
                    )));
                }
                bitcode.push((format!("{}#{i}", input.display()), image.image));
            }
        }
        if !bitcode.is_empty() {
            let mode = match cl.spec_constants {
                SpecConstMode::Native => Mode::Native,
                SpecConstMode::Emulation => Mode::Emulation,
            };
            let (images, steps) =
                device::build_images(bitcode, mode, cl.device_code_split, SPIRV_VERSION)
                    .map_err(device_link_failure)?;
            for (step, time) in steps {
                timing(step, time);
            }
            let started = Instant::now();
            if cl.save_temps {
                // device.spv/.prop for one image; device_<N>.* when the code was split.
                for (n, image) in images.iter().enumerate() {
                    let stem = if images.len() == 1 {
                        "device".to_string()
                    } else {
                        format!("device_{n}")
                    };
                    write_file(&scratch.path(format!("{stem}.spv")), &image.spirv)?;
                    write_file(
                        &scratch.path(format!("{stem}.prop")),
                        image.property_sets.write().as_bytes(),
                    )?;
                }
            }
            let object = post_link::registration::registration_object(&images)
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
    process::critical(|| move_into_place(&linked, output))
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

/// Compile options that also shape a link (sanitizers, target, machine options, standard
/// library choice, `-v`), read through the option table so values stay with their options.
/// `-mllvm X` is code generation's, not the link's: matched as a `-m` option it went on as
/// `-mllvm` alone and took the next link argument (`-L`) as its value. (`-static-lib…` and
/// `-fuse-ld=` are link flags already.)
fn link_relevant_compile_flags(flags: &[OsString]) -> Vec<OsString> {
    use clang_args::Id;
    const STEMS: &[&[u8]] = &[b"-fsanitize", b"--target", b"-m", b"-stdlib", b"--sysroot"];
    clang_args::words(clang_args::parse(flags).into_iter().filter(|arg| {
        let first = arg.words[0].as_bytes();
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
    fn link_relevant_compile_flags_keep_their_values() {
        // `-mllvm -x` is one option, for code generation only; `-I -m` is an include
        // directory named `-m`, not a machine option.
        let flags: Vec<OsString> = ["-O2", "-mllvm", "-x", "-march=native", "-v", "-I", "-m"]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(link_relevant_compile_flags(&flags), ["-march=native", "-v"]);
    }
}
