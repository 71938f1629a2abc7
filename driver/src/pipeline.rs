//! The `-fsycl` pipeline: per C++ source, analysis (libclang, in process) beside the device
//! compile (clang-22), then the host compile with integration header and footer, the device
//! bitcode embedded in the object; at link, every object's device code is linked, lowered and
//! registered with Intel's runtime.

use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use offload::Mode;
use offload::device;
use offload::device_link::LinkError;

use crate::args::{CommandLine, DeviceTarget, NvptxArch, SpecConstMode};
use crate::flags::LibrarySearch;
use crate::plan::{LinkStep, Steps};
use crate::run::{Context, Failure, Result, Scratch, Shown, cannot_run, timing};
use crate::toolchain::Toolchain;

/// SPIR-V version of the registered images (the OpenCL CPU runtime reads 1.0–1.4). 1.3 is the
/// first with the sub-group (OpGroupNonUniform*) instructions Intel's headers use.
const SPIRV_VERSION: &str = "1.3";

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
        // Located at the spec id's declaration, with notes, in clang's form.
        device::DeviceError::SpecConstant(located) => {
            eprintln!("{located}");
            Failure::Reported(1)
        }
        other => Failure::Message(other.to_string()),
    }
}

/// The link ([`Job::Link`](crate::plan::Job::Link)) as the executor runs it, step by step
/// ([`LinkStep`]): device link, lowering and registration, then the host link against
/// `libsycl.so.9`; with `-fsycl-link`, the registration object alone is the output.
pub(crate) struct Link<'a> {
    cx: &'a Context<'a>,
    inputs: Vec<PathBuf>,
    output: &'a Path,
    scratch: &'a Scratch,
    /// Whether the inputs held device code (and the registration object was written).
    has_images: bool,
}

impl<'a> Link<'a> {
    pub(crate) fn new(
        cx: &'a Context<'a>,
        inputs: Vec<PathBuf>,
        output: &'a Path,
        scratch: &'a Scratch,
    ) -> Self {
        Link {
            cx,
            inputs,
            output,
            scratch,
            has_images: false,
        }
    }

    fn registration(&self) -> PathBuf {
        self.scratch.path("registration.o")
    }

    fn linked(&self) -> PathBuf {
        self.scratch.path("linked.out")
    }
}

impl Steps for Link<'_> {
    type Step = LinkStep;

    fn show(&self, step: LinkStep) -> Vec<Shown> {
        match step {
            LinkStep::DeviceCode => device_link_shown(self.cx, &self.registration()),
            LinkStep::HostLink => {
                let registration = self.registration();
                let cmd = host_link_command(
                    self.cx,
                    &self.inputs,
                    Some(&registration),
                    &self.linked(),
                    self.scratch,
                );
                vec![Shown::command(&cmd)]
            }
            LinkStep::Commit => Vec::new(),
        }
    }

    fn run(&mut self, step: LinkStep) -> Result<()> {
        let (tc, cl) = (self.cx.tc, self.cx.cl);
        match step {
            LinkStep::DeviceCode => {
                let registration = self.registration();
                for line in device_link_shown(self.cx, &registration) {
                    self.cx.echo.show(&line);
                }
                self.has_images =
                    register_device_images(tc, cl, &self.inputs, &registration, self.scratch)?;
                if cl.device_link_only && !self.has_images {
                    return Err(Failure::Message(
                        "-fsycl-link: the inputs hold no device code (compile them with -fsycl -c)"
                            .into(),
                    ));
                }
            }
            LinkStep::HostLink => {
                tc.check_runtime()?;
                if cl.flags.leak_sanitizer {
                    write_file(
                        &leak_suppressions_object(self.scratch),
                        &runtime_leak_suppressions()?,
                    )?;
                }
                let registration = self.registration();
                let registration = self.has_images.then_some(registration.as_path());
                let mut cmd = host_link_command(
                    self.cx,
                    &self.inputs,
                    registration,
                    &self.linked(),
                    self.scratch,
                );
                self.cx.command(&mut cmd)?;
            }
            // The output appears only once the link succeeded: a failed link leaves the old
            // one.
            LinkStep::Commit => {
                let finished = if cl.device_link_only {
                    self.registration()
                } else {
                    self.linked()
                };
                process::critical(|| move_into_place(&finished, self.output))?;
            }
        }
        Ok(())
    }
}

/// What `-###` and `-v` say about the device link (in process).
fn device_link_shown(ex: &Context<'_>, registration: &Path) -> Vec<Shown> {
    let cl = ex.cl;
    let mut runtime_options = String::new();
    for (what, options) in [
        ("build", &cl.backend_options),
        ("link", &cl.device_linker_options),
    ] {
        if !options.is_empty() {
            runtime_options.push_str(&format!(", runtime {what} options '{}'", options.join(" ")));
        }
    }
    let code = match (
        cl.sycl_targets.spirv || cl.sycl_targets.cpu_ahead_of_time,
        cl.sycl_targets.nvptx,
    ) {
        (true, None) => "SPIR-V",
        (true, Some(_)) => "SPIR-V and PTX",
        (false, _) => "PTX",
    };
    let mut shown = vec![Shown::Note(format!(
        " # sycl-clang++: device link, spec-constant lowering ({}), {code}, registration{runtime_options} (in process) -> \"{}\"",
        lowering_plan(cl),
        registration.display()
    ))];
    if cl.sycl_targets.cpu_ahead_of_time {
        shown.push(crate::aot::shown(ex.tc));
    }
    shown
}

/// The host link: the inputs, the registration object, LeakSanitizer's suppressions when it
/// is linked in, the compile options that shape a link, the link options, the runtime.
fn host_link_command(
    ex: &Context<'_>,
    inputs: &[PathBuf],
    registration: Option<&Path>,
    linked: &Path,
    scratch: &Scratch,
) -> Command {
    let (tc, cl) = (ex.tc, ex.cl);
    let mut cmd = Command::new(&tc.clang);
    cmd.args(inputs);
    if let Some(registration) = registration {
        cmd.arg(registration);
    }
    if cl.flags.leak_sanitizer {
        cmd.arg(leak_suppressions_object(scratch));
    }
    cmd.args(&cl.flags.link)
        .args(&cl.link_flags.words)
        .arg("-L")
        .arg(&tc.runtime_lib)
        .arg("-lsycl");
    let mut rpath = OsString::from("-Wl,-rpath,");
    rpath.push(&tc.runtime_lib);
    cmd.arg(rpath).arg("-o").arg(linked);
    cmd
}

/// Where the host link's LeakSanitizer suppressions object is written.
fn leak_suppressions_object(scratch: &Scratch) -> PathBuf {
    scratch.path("runtime-leak-suppressions.o")
}

/// Every input's device bitcode (objects and archives, `-l` archives included) for each
/// target of the link, checked for the link's spec-constant mode and NVIDIA architecture. An
/// input that already registers images (the output of `-fsycl-link`) is refused: its images
/// and those of the objects it came from would be registered twice. Device code for a target
/// the link does not build is left out.
fn device_bitcode(
    tc: &Toolchain,
    cl: &CommandLine,
    inputs: &[PathBuf],
) -> Result<device::DeviceInputs> {
    let mut bitcode = device::DeviceInputs::default();
    let targets = cl.device_targets();
    let libraries = static_libraries(&cl.link_flags.libraries, || {
        default_library_dirs(tc, &cl.link_flags.words)
    });
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
        let mut found = Vec::new();
        for (i, image) in images.into_iter().enumerate() {
            let Some(target) = targets.iter().find(|t| t.triple() == image.triple()) else {
                continue;
            };
            // Kernels built for the other spec-constant mode take other arguments.
            let built = image
                .strings
                .get(offload::SPEC_CONSTANTS_KEY)
                .map(String::as_str);
            if built.unwrap_or("native") != cl.kernel_spec_constants().spelling() {
                return Err(mode_mismatch(cl, input, built.unwrap_or("native")));
            }
            let name = format!("{}#{i}", input.display());
            match target {
                DeviceTarget::Spir64 => bitcode.spir64.push((name, image.image)),
                DeviceTarget::Nvptx64(arch) => {
                    check_arch(input, image.arch(), *arch)?;
                    bitcode.nvptx64.push((name, image.image));
                }
            }
            found.push(*target);
        }
        // An object with device code for some target but not this one: its kernels would be
        // missing from the images of the target, found only when a launch fails.
        if let Some(missing) = targets.iter().find(|t| !found.contains(t))
            && !found.is_empty()
        {
            return Err(Failure::Message(format!(
                "'{}' holds no {} device code; compile it with the targets of this link (-fsycl-targets={})",
                input.display(),
                missing.name(),
                targets_spelling(cl)
            )));
        }
    }
    Ok(bitcode)
}

/// The link's `-fsycl-targets` as DPC++ spells them.
fn targets_spelling(cl: &CommandLine) -> String {
    let t = &cl.sycl_targets;
    let mut names = Vec::new();
    if t.spirv {
        names.push("spir64".to_string());
    }
    if t.cpu_ahead_of_time {
        names.push("spir64_x86_64".to_string());
    }
    if let Some(arch) = t.nvptx {
        names.push(if arch.explicit {
            arch.target_name()
        } else {
            NvptxArch::TRIPLE.to_string()
        });
    }
    names.join(",")
}

/// What the NVPTX link needs to know of `arch`; an error when libdevice is missing. With
/// `specialise` (native spec constants), images carry their bitcode for the CUDA adapter.
fn nvptx_target(tc: &Toolchain, arch: NvptxArch, specialise: bool) -> Result<device::NvptxTarget> {
    tc.check_libdevice()?;
    Ok(device::NvptxTarget {
        arch: arch.name.to_string(),
        ptx_feature: format!("+{}", arch.ptx),
        libdevice: tc.libdevice.clone(),
        explicit_arch: arch.explicit,
        specialise,
    })
}

/// `-fsycl-device-only -S` for nvptx64: one TU's finished device code as one PTX module, as a
/// link of it alone would build it (libdevice linked, spec constants emulated) but unsplit.
pub(crate) fn ptx_of_device_code(
    tc: &Toolchain,
    arch: NvptxArch,
    name: &str,
    bitcode: Vec<u8>,
) -> Result<Vec<u8>> {
    device::ptx_of_unit(name.to_string(), bitcode, &nvptx_target(tc, arch, false)?)
        .map_err(device_link_failure)
}

/// nvptx64 device code compiled for another architecture than the link's: the compile chose
/// instructions for its own (`__nvvm_reflect`, the device library's atomics), which PTX for
/// another may not have.
fn check_arch(input: &Path, built: &str, arch: NvptxArch) -> Result<()> {
    if built == arch.name {
        return Ok(());
    }
    Err(Failure::Message(format!(
        "'{}' was compiled for NVIDIA {built}, but this link builds {}; compile and link for the \
         same architecture (-fsycl-targets=nvidia_gpu_sm_NN or --offload-arch=sm_NN)",
        input.display(),
        arch.name
    )))
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
    let bitcode = device_bitcode(tc, cl, inputs)?;
    if bitcode.spir64.is_empty() && bitcode.nvptx64.is_empty() {
        return Ok(false);
    }
    let nvptx = match cl.sycl_targets.nvptx {
        Some(arch) => Some(nvptx_target(
            tc,
            arch,
            cl.spec_constants == SpecConstMode::Native,
        )?),
        None => None,
    };
    let targets = device::Targets {
        spirv: cl.sycl_targets.spirv.then_some(match cl.spec_constants {
            SpecConstMode::Native => Mode::Native,
            SpecConstMode::Emulation => Mode::Emulation,
        }),
        cpu_ahead_of_time: cl.sycl_targets.cpu_ahead_of_time,
        nvptx,
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
    if let Some(arch) = cl.sycl_targets.nvptx {
        check_ptx_with_ptxas(&images, arch, scratch)?;
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
        let extension = match (image.format, image.target) {
            (device::ImageFormat::SpirV, _) => "spv",
            (device::ImageFormat::Native, device::ImageTarget::Nvptx64) => "ptx",
            (device::ImageFormat::Native, _) => "bin",
        };
        // PTX is text: the NUL the runtime's copy ends with, and the bitcode after it, stay
        // out of the file; the image as registered is `.nvptx-image` (`sycl-specialise`'s).
        write_file(
            &scratch.path(format!("{stem}.{extension}")),
            image.ptx_text().unwrap_or(&image.code),
        )?;
        if image.is_specialisable() {
            write_file(&scratch.path(format!("{stem}.nvptx-image")), &image.code)?;
        }
        write_file(
            &scratch.path(format!("{stem}.prop")),
            image.property_sets.write().as_bytes(),
        )?;
    }
    Ok(())
}

/// What the link's `-###` line says about lowering: the SPIR-V image's mode (alone when that
/// is the only target), `emulation` for the CPU image built ahead of time, and for PTX
/// `specialised at launch` (native) or `emulation`.
fn lowering_plan(cl: &CommandLine) -> String {
    let targets = &cl.sycl_targets;
    if !targets.cpu_ahead_of_time && targets.nvptx.is_none() {
        return cl.spec_constants.spelling().to_string();
    }
    let mut plans = Vec::new();
    if targets.spirv {
        plans.push(format!("spir64: {}", cl.spec_constants.spelling()));
    }
    if targets.cpu_ahead_of_time {
        plans.push("spir64_x86_64: emulation, then the CPU device's binary".to_string());
    }
    if let Some(arch) = targets.nvptx {
        // Native: the emulated PTX carries its bitcode for the CUDA adapter to specialise at
        // launch, beside a default-values twin.
        let how = match cl.spec_constants {
            SpecConstMode::Native => "specialised at launch",
            SpecConstMode::Emulation => "emulation",
        };
        plans.push(format!("nvptx64: {how}, PTX for {}", arch.name));
    }
    plans.join("; ")
}

/// `SYCL_SPECCONST_PTXAS=PATH`: every PTX image, built for `arch`, is assembled by NVIDIA's
/// `ptxas` for it and for sm_90, and a PTX `ptxas` refuses fails the link (the test suite's
/// proof of the PTX without a GPU; the CUDA driver would refuse it only when a program runs).
fn check_ptx_with_ptxas(
    images: &[device::DeviceImage],
    arch: NvptxArch,
    scratch: &Scratch,
) -> Result<()> {
    let Some(ptxas) = std::env::var_os("SYCL_SPECCONST_PTXAS").filter(|v| !v.is_empty()) else {
        return Ok(());
    };
    let started = Instant::now();
    for (n, image) in images
        .iter()
        .enumerate()
        .filter(|(_, i)| i.target == device::ImageTarget::Nvptx64)
    {
        let text = image.ptx_text().unwrap_or(&image.code);
        let ptx = scratch.path(format!("ptxas-image{n}.s"));
        write_file(&ptx, text)?;
        // For the link's architecture, and for the team's GPU, as the CUDA driver would.
        let mut arches = vec![arch.name];
        if arch.name != PTXAS_CHECK_ARCH {
            arches.push(PTXAS_CHECK_ARCH);
        }
        for arch in arches {
            let cubin = scratch.path(format!("ptxas-image{n}-{arch}.cubin"));
            let mut cmd = Command::new(&ptxas);
            cmd.arg(format!("-arch={arch}"))
                .arg(&ptx)
                .arg("-o")
                .arg(&cubin);
            let out = crate::run::output(&mut cmd).map_err(|e| cannot_run(&cmd, &e))?;
            // Not the program's files: `-save-temps` keeps the images themselves.
            let _ = std::fs::remove_file(&cubin);
            if !out.status.success() {
                std::io::stderr().write_all(&out.stderr).ok();
                return Err(Failure::Message(format!(
                    "ptxas -arch={arch} refused PTX image {n} (of kernels {})",
                    image.kernels.join(", ")
                )));
            }
        }
        let _ = std::fs::remove_file(&ptx);
    }
    timing("ptxas (SYCL_SPECCONST_PTXAS)", started.elapsed());
    Ok(())
}

/// The architecture `SYCL_SPECCONST_PTXAS` also assembles every PTX image for: the H100's.
const PTXAS_CHECK_ARCH: &str = "sm_90";

/// An object whose kernels take spec constants another way than this link's targets need.
fn mode_mismatch(cl: &CommandLine, input: &Path, built: &str) -> Failure {
    let needed = cl.kernel_spec_constants().spelling();
    let emulating_target = if cl.sycl_targets.cpu_ahead_of_time {
        Some("spir64_x86_64")
    } else if cl.sycl_targets.nvptx.is_some() {
        Some(NvptxArch::TRIPLE)
    } else {
        None
    };
    Failure::Message(if let Some(target) = emulating_target {
        format!(
            "'{}' was compiled without -fsycl-targets={target} (with -fsycl-spec-constants={built}); \
             compile it with the targets of this link: {target} images emulate spec constants, \
             and kernels then take them from a buffer",
            input.display()
        )
    } else {
        // Objects built for spir64_x86_64 record emulation too, whatever the option said.
        let aot_hint = if built == "emulation" {
            " or, if it was compiled with -fsycl-targets=…spir64_x86_64 or nvptx64, with those targets"
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

/// The bytes of `path` if it is a relocatable ELF object or an `ar` archive: what carries
/// device code into this link (the linker reports anything else, missing files included; a
/// shared library registers its own images).
fn read_if_object_or_archive(path: &Path) -> Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let Ok(mut file) = std::fs::File::open(path) else {
        return Ok(None);
    };
    // An ELF header's type (`e_type`, at 16) tells a relocatable object (1) from a shared
    // library or executable, which registers its own images when it is loaded.
    let mut magic = [0u8; 18];
    let is_object = match file.read_exact(&mut magic) {
        Ok(()) => {
            let relocatable_elf = magic.starts_with(b"\x7fELF")
                && u16::from_le_bytes([magic[16], magic[17]]) == ELF_RELOCATABLE;
            relocatable_elf || magic.starts_with(b"!<arch>\n")
        }
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

/// `ET_REL` (x86-64 ELF is little-endian).
const ELF_RELOCATABLE: u16 = 1;

/// The static archives `-lNAME` resolves to, searched as the linker does: the `-L`
/// directories in order, a shared `libNAME.so` before `libNAME.a` in the same directory (a
/// shared library carries no device code here) unless static linking is in force for it
/// (`flags::LibrarySearch`), `-l:FILE` by exact name.
fn static_libraries(
    search: &LibrarySearch,
    default_dirs: impl FnOnce() -> Vec<PathBuf>,
) -> Vec<PathBuf> {
    let mut default_dirs = Some(default_dirs);
    let mut dirs = search.dirs.clone();
    let mut defaults_added = false;
    let mut found = Vec::new();
    for (name, static_only) in search.libraries.iter().cloned() {
        let archive = [b"lib".as_slice(), &name, b".a"].concat();
        let candidates: Vec<Vec<u8>> = match name.strip_prefix(b":") {
            Some(exact) => vec![exact.to_vec()],
            None if static_only || search.all_static => vec![archive],
            None => vec![[b"lib".as_slice(), &name, b".so"].concat(), archive],
        };
        let find = |dirs: &[PathBuf]| {
            dirs.iter().find_map(|dir| {
                candidates
                    .iter()
                    .map(|file| dir.join(OsStr::from_bytes(file)))
                    .find(|path| path.is_file())
            })
        };
        let mut hit = find(&dirs);
        if hit.is_none() && !defaults_added {
            // Only a library the `-L` directories lack costs the queries of the defaults.
            dirs.extend(default_dirs.take().map(|f| f()).unwrap_or_default());
            defaults_added = true;
            hit = find(&dirs);
        }
        if let Some(path) = hit.filter(|p| p.extension().is_some_and(|e| e == "a")) {
            found.push(path);
        }
    }
    found
}

/// Where the link looks for `-lNAME` after the command line's `-L` directories, in order:
/// clang's tool-chain directories (`-print-search-dirs`) and `LIBRARY_PATH`'s, which clang
/// passes as `-L`, then the GNU linker's built-in `SEARCH_DIR`s (`/usr/local/lib`, …), which
/// lld does not have. A query that fails adds nothing: the library is then left to the host
/// link, as before.
fn default_library_dirs(tc: &Toolchain, link_words: &[OsString]) -> Vec<PathBuf> {
    let query = |args: &[&OsStr]| -> Option<String> {
        let out = crate::run::output(Command::new(&tc.clang).args(args)).ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let mut dirs: Vec<PathBuf> = query(&["-print-search-dirs".as_ref()])
        .map(|text| clang_library_dirs(&text))
        .unwrap_or_default();
    if let Some(paths) = std::env::var_os("LIBRARY_PATH") {
        dirs.extend(std::env::split_paths(&paths).filter(|d| !d.as_os_str().is_empty()));
    }
    let linker_choice: Vec<&OsString> = link_words
        .iter()
        .filter(|w| w.as_bytes().starts_with(b"-fuse-ld="))
        .collect();
    let gnu_linker = linker_choice
        .last()
        .is_none_or(|w| matches!(&w.as_bytes()[b"-fuse-ld=".len()..], b"bfd" | b"ld"));
    if gnu_linker {
        let linker = query(&["-print-prog-name=ld".as_ref()]);
        let script = linker.and_then(|ld| {
            let out = crate::run::output(Command::new(ld.trim()).arg("--verbose")).ok()?;
            Some(String::from_utf8_lossy(&out.stdout).into_owned())
        });
        dirs.extend(script.map(|s| linker_search_dirs(&s)).unwrap_or_default());
    }
    dirs
}

/// The `libraries: =A:B:…` line of `clang -print-search-dirs`.
fn clang_library_dirs(text: &str) -> Vec<PathBuf> {
    text.lines()
        .find_map(|line| line.strip_prefix("libraries: ="))
        .map(|list| {
            list.split(':')
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .collect()
        })
        .unwrap_or_default()
}

/// The `SEARCH_DIR("=DIR")` entries of the GNU linker's default script (`ld --verbose`); the
/// `=` stands for the sysroot, none here.
fn linker_search_dirs(script: &str) -> Vec<PathBuf> {
    script
        .split("SEARCH_DIR(\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("\")").map(|(dir, _)| dir))
        .map(|dir| PathBuf::from(dir.strip_prefix('=').unwrap_or(dir)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn static_libraries_in_l_dirs(search: &LibrarySearch) -> Vec<PathBuf> {
        static_libraries(search, || panic!("every library is in the -L directories"))
    }

    #[test]
    fn static_linking_prefers_archives_over_shared_libraries() {
        let dir = tempfile::tempdir().expect("temp dir");
        for file in ["libk.so", "libk.a"] {
            std::fs::write(dir.path().join(file), b"").expect("written");
        }
        let flags = |list: &[&str]| -> LibrarySearch {
            let mut words: Vec<OsString> = vec!["-L".into(), dir.path().into()];
            words.extend(list.iter().map(OsString::from));
            let mut link = crate::flags::LinkFlags::default();
            for arg in clang_args::parse(&words) {
                link.add(&arg);
            }
            link.libraries
        };
        let archive = vec![dir.path().join("libk.a")];
        assert!(
            static_libraries_in_l_dirs(&flags(&["-lk"])).is_empty(),
            "the .so comes first"
        );
        assert_eq!(
            static_libraries_in_l_dirs(&flags(&["-static", "-lk"])),
            archive
        );
        assert_eq!(
            static_libraries_in_l_dirs(&flags(&["-Xlinker", "-Bstatic", "-lk"])),
            archive
        );
        assert_eq!(
            static_libraries_in_l_dirs(&flags(&["-Wl,-Bstatic", "-l", "k"])),
            archive
        );
        assert!(
            static_libraries_in_l_dirs(&flags(&["-Wl,-Bstatic", "-Wl,-Bdynamic", "-lk"]))
                .is_empty()
        );
        assert_eq!(static_libraries_in_l_dirs(&flags(&["-l:libk.a"])), archive);
    }

    #[test]
    fn libraries_missing_from_l_dirs_are_looked_up_in_the_defaults_once() {
        let user = tempfile::tempdir().expect("temp dir");
        let default = tempfile::tempdir().expect("temp dir");
        std::fs::write(user.path().join("libu.a"), b"").expect("written");
        std::fs::write(default.path().join("libd.a"), b"").expect("written");
        std::fs::write(default.path().join("libu.a"), b"").expect("written");
        let mut words: Vec<OsString> = vec!["-L".into(), user.path().into()];
        words.extend(["-lu", "-ld", "-lnowhere"].map(OsString::from));
        let mut link = crate::flags::LinkFlags::default();
        for arg in clang_args::parse(&words) {
            link.add(&arg);
        }
        let mut queries = 0;
        let found = static_libraries(&link.libraries, || {
            queries += 1;
            vec![default.path().to_path_buf()]
        });
        // -L directories first; the defaults asked for once, for all that are missing.
        assert_eq!(
            found,
            [user.path().join("libu.a"), default.path().join("libd.a")]
        );
        assert_eq!(queries, 1);
    }

    #[test]
    fn default_directories_read_from_clang_and_the_linker_script() {
        let clang =
            "programs: =/usr/bin\nlibraries: =/usr/lib/llvm/lib/clang/22:/usr/lib/gcc/x/12:/lib\n";
        assert_eq!(
            clang_library_dirs(clang),
            ["/usr/lib/llvm/lib/clang/22", "/usr/lib/gcc/x/12", "/lib"].map(PathBuf::from)
        );
        let script = "SEARCH_DIR(\"=/usr/local/lib/x86_64-linux-gnu\"); SEARCH_DIR(\"=/usr/local/lib\");\nSEARCH_DIR(\"/opt/lib\");";
        assert_eq!(
            linker_search_dirs(script),
            [
                "/usr/local/lib/x86_64-linux-gnu",
                "/usr/local/lib",
                "/opt/lib"
            ]
            .map(PathBuf::from)
        );
        assert!(clang_library_dirs("").is_empty() && linker_search_dirs("").is_empty());
    }
}
