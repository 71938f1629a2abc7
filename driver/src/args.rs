//! The command line as the clang driver reads it: inputs by extension or `-x`, phases, outputs,
//! the SYCL options this driver reads, compile and link flags. Which options take a value and
//! which job an option belongs to is `clang_args`' table.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use clang_args::{Arg, Id, Role};

use crate::flags::{JobFlags, LinkFlags};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Compile and link (no phase option).
    Link,
    /// `-c`
    Compile,
    /// `-S`
    Assemble,
    /// `-E`
    Preprocess,
    /// `-fsyntax-only`
    SyntaxOnly,
    /// `-M`/`-MM`: dependencies only (they imply `-E`).
    Dependencies,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InputKind {
    /// A C++ source the driver compiles for host and device.
    CxxSource,
    /// Anything clang compiles on its own (C, assembly, preprocessed C++): passed through.
    OtherSource,
    /// Objects, archives, shared libraries: link inputs.
    LinkInput,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Input {
    pub(crate) path: PathBuf,
    pub(crate) kind: InputKind,
    /// The `-x` language in force for this input, if any.
    pub(crate) language: Option<OsString>,
    /// This driver's `-E` output (`preprocess::classify_inputs`, which reads each source's
    /// first line once).
    pub(crate) preprocessed: bool,
}

pub(crate) use offload::Split;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpecConstMode {
    Native,
    Emulation,
}

impl SpecConstMode {
    /// As `-fsycl-spec-constants=` spells it.
    pub(crate) fn spelling(self) -> &'static str {
        match self {
            SpecConstMode::Native => "native",
            SpecConstMode::Emulation => "emulation",
        }
    }
}

/// `-fsycl-targets=`: the device images a link registers (the last flag wins, as in clang).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SyclTargets {
    /// `spir64`: SPIR-V, compiled by the runtime when a kernel first runs.
    pub(crate) spirv: bool,
    /// `spir64_x86_64`: the OpenCL CPU device's program binary, built at link time.
    pub(crate) cpu_ahead_of_time: bool,
    /// `nvptx64-nvidia-cuda` (or `nvidia_gpu_sm_NN`): PTX for NVIDIA GPUs, for this
    /// architecture.
    pub(crate) nvptx: Option<NvptxArch>,
}

/// One device compile of a source: every target of `-fsycl-targets` but the CPU device's,
/// which shares spir64's device code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeviceTarget {
    Spir64,
    Nvptx64(NvptxArch),
}

impl DeviceTarget {
    /// The triple its device code carries (in the offload container too).
    pub(crate) fn triple(self) -> &'static str {
        match self {
            DeviceTarget::Spir64 => "spir64-unknown-unknown",
            DeviceTarget::Nvptx64(_) => NvptxArch::TRIPLE,
        }
    }

    /// How its generated files are named in a compile's directory (`device.clang.bc`,
    /// `device-nvptx64.clang.bc`).
    pub(crate) fn file_stem(self) -> &'static str {
        match self {
            DeviceTarget::Spir64 => "device",
            DeviceTarget::Nvptx64(_) => "device-nvptx64",
        }
    }

    /// The name users know it by, in messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            DeviceTarget::Spir64 => "spir64",
            DeviceTarget::Nvptx64(_) => "nvptx64",
        }
    }
}

/// An NVIDIA GPU architecture device code is built for (`sm_NN`), as DPC++ accepts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NvptxArch {
    /// `sm_90`.
    pub(crate) name: &'static str,
    /// The PTX ISA version the code declares (`.version`): the least that LLVM accepts for the
    /// architecture, and at least 6.3, which the device library's warp and fence instructions
    /// need.
    pub(crate) ptx: &'static str,
    /// Named by the user (any spelling): the images require the architecture at run time
    /// (`compile_target`). The default, sm_50, is PTX every supported GPU's driver compiles.
    pub(crate) explicit: bool,
}

/// The architectures DPC++ and Intel's runtime know (`nvidia_gpu_sm_NN`), with the PTX ISA
/// version of each ([`NvptxArch::ptx`]).
const NVPTX_ARCHES: &[(&str, &str)] = &[
    ("sm_50", "ptx63"),
    ("sm_52", "ptx63"),
    ("sm_53", "ptx63"),
    ("sm_60", "ptx63"),
    ("sm_61", "ptx63"),
    ("sm_62", "ptx63"),
    ("sm_70", "ptx63"),
    ("sm_72", "ptx63"),
    ("sm_75", "ptx63"),
    ("sm_80", "ptx70"),
    ("sm_86", "ptx71"),
    ("sm_87", "ptx74"),
    ("sm_89", "ptx78"),
    ("sm_90", "ptx78"),
    ("sm_90a", "ptx80"),
];

impl NvptxArch {
    /// DPC++'s default: PTX for the oldest architecture, compiled by the CUDA driver for the
    /// GPU it finds.
    pub(crate) const DEFAULT: NvptxArch = NvptxArch {
        name: "sm_50",
        ptx: "ptx63",
        explicit: false,
    };

    /// The architecture `sm_NN` names, if it is one of [`NVPTX_ARCHES`].
    pub(crate) fn named(name: &str) -> Option<NvptxArch> {
        NVPTX_ARCHES
            .iter()
            .find(|(arch, _)| *arch == name)
            .map(|&(name, ptx)| NvptxArch {
                name,
                ptx,
                explicit: true,
            })
    }

    /// The device triple clang compiles for.
    pub(crate) const TRIPLE: &'static str = "nvptx64-nvidia-cuda";

    /// The runtime's name of the architecture (`compile_target`, `-fsycl-targets=`).
    pub(crate) fn target_name(self) -> String {
        format!("nvidia_gpu_{}", self.name)
    }
}

/// The command line, classified.
#[derive(Clone, Debug)]
pub(crate) struct CommandLine {
    /// `-fsycl` was given: the driver's own pipeline runs.
    pub(crate) sycl: bool,
    pub(crate) phase: Phase,
    pub(crate) output: Option<PathBuf>,
    pub(crate) inputs: Vec<Input>,
    /// Options for compiling, as each job (host, device, analysis, link, depfile) takes them.
    pub(crate) flags: JobFlags,
    /// Options for linking only (`-l`, `-L`, `-Wl,…`), in order.
    pub(crate) link_flags: LinkFlags,
    /// `--help`
    pub(crate) help: bool,
    /// `--version`
    pub(crate) version: bool,
    /// DPC++'s own options (clang-22 does not know them), as written: without `-fsycl` they
    /// are dropped with a warning each.
    pub(crate) dpcpp_only: Vec<String>,
    /// The command line without [`CommandLine::dpcpp_only`]: what clang-22 gets without
    /// `-fsycl`.
    pub(crate) for_clang: Vec<OsString>,
    /// `-###`
    pub(crate) dry_run: bool,
    /// `-v`
    pub(crate) verbose: bool,
    pub(crate) save_temps: bool,
    pub(crate) spec_constants: SpecConstMode,
    pub(crate) sycl_targets: SyclTargets,
    /// `-fsycl-targets=` was given.
    targets_given: bool,
    /// `--offload-arch=`/`--cuda-gpu-arch=`: the NVIDIA architecture ([`CommandLine::apply_nvptx_arch`]).
    nvptx_arch: Option<(NvptxArch, NamedBy)>,
    /// `-fsycl-device-code-split=`: how the link splits device code into images.
    pub(crate) device_code_split: Split,
    /// `-fsycl-footer-path=DIR`: where generated files go (default: a private work directory
    /// named after the output, `process::WorkDir`).
    pub(crate) generated_dir: Option<PathBuf>,
    /// Something `-fsycl` cannot build (precompiled headers, C++20 modules), named.
    pub(crate) unsupported: Option<&'static str>,
    /// `-fsycl-device-only`: device code as the pipeline finishes it, no host compile.
    pub(crate) device_only: bool,
    /// `-fsycl-link`: the device link alone, its registration object the output.
    pub(crate) device_link_only: bool,
    /// `-f[no-]sycl-id-queries-fit-in-int` (DPC++'s default: on).
    pub(crate) id_queries_fit_in_int: bool,
    /// `-f[no-]sycl-unnamed-lambda` (DPC++'s default: on): whether a kernel lambda may go
    /// without a kernel name type.
    pub(crate) unnamed_lambdas: bool,
    /// `-Xsycl-target-frontend ARG`: the device compile's own options, after the user's.
    /// Each for the target it names, or every device compile.
    device_compile_flags: Vec<(Option<TargetOf>, OsString)>,
    /// `-Xsycl-target-backend ARG`: options for the runtime's build of the device code.
    pub(crate) backend_options: Vec<String>,
    /// `-Xsycl-target-linker ARG`: options for the runtime's link of the device code.
    pub(crate) device_linker_options: Vec<String>,
}

/// DPC++ predefines this in both compiles unless `-fno-sycl-id-queries-fit-in-int`
/// (`clang/lib/Frontend/InitPreprocessor.cpp`); Intel's headers then assume IDs fit in `int`
/// and check ranges on the host.
const ID_QUERIES_FIT_IN_INT: &str = "-D__SYCL_ID_QUERIES_FIT_IN_INT__=1";

/// The values DPC++ accepts in `-f[no-]sycl-device-lib=`.
const DEVICE_LIBRARIES: &[&str] = &[
    "all",
    "libc",
    "libm-fp32",
    "libm-fp64",
    "libimf-fp32",
    "libimf-fp64",
    "libimf-bf16",
    "libm-bfloat16",
    "native",
];

#[derive(Debug, thiserror::Error)]
pub(crate) enum ArgError {
    #[error("argument to '{0}' is missing (expected 1 value)")]
    MissingValue(String),
    #[error("invalid value '{value}' in '{option}' (expected native or emulation)")]
    BadSpecConstMode { option: String, value: String },
    #[error(
        "unsupported target '{target}' in '{option}' (sycl-clang++ builds spir64, SPIR-V compiled at run time, spir64_x86_64, the OpenCL CPU device's code compiled at link time, and nvptx64-nvidia-cuda or nvidia_gpu_sm_NN, PTX for NVIDIA GPUs; spir64 targets also spelt with -unknown-unknown)"
    )]
    BadSyclTarget { option: String, target: String },
    #[error(
        "unsupported NVIDIA GPU architecture '{arch}' in '{option}' (expected one of {})",
        NVPTX_ARCHES.iter().map(|(a, _)| *a).collect::<Vec<_>>().join(", ")
    )]
    BadNvptxArch { option: String, arch: String },
    #[error(
        "'{option}={arch}' names an NVIDIA GPU architecture, but -fsycl-targets has no nvptx64-nvidia-cuda target"
    )]
    NvptxArchWithoutTarget { option: String, arch: String },
    #[error(
        "conflicting NVIDIA GPU architectures: '{option}={arch}' and '{earlier}' (sycl-clang++ builds one per program)"
    )]
    NvptxArchConflict {
        option: String,
        arch: String,
        earlier: String,
    },
    #[error(
        "unsupported option '{value}' in '{option}' for nvptx64-nvidia-cuda (sycl-clang++ takes --cuda-gpu-arch=sm_NN there)"
    )]
    BadNvptxBackendOption { option: String, value: String },
    #[error("invalid value '{value}' in '{option}' (expected per_kernel, per_source, auto or off)")]
    BadSplitMode { option: String, value: String },
    #[error("unsupported argument '{value}' to option '{option}' (expected {expected})")]
    BadValue {
        option: String,
        value: String,
        expected: String,
    },
    #[error(
        "'{0}' is not supported: sycl-clang++ compiles the host side with clang++-22, which embeds the device code and reads the integration footer; drop the option"
    )]
    HostCompiler(String),
    #[error(
        "'-fpreview-breaking-changes' needs DPC++'s preview runtime (libsycl-preview), which sycl-clang++ does not build against; drop the option"
    )]
    PreviewBreakingChanges,
    #[error("cannot read response file '{path}': {error}")]
    ResponseFile { path: String, error: std::io::Error },
    #[error("response file '{path}' has an unterminated quote or a trailing backslash")]
    ResponseFileQuoting { path: String },
    #[error("response file '{path}' includes itself (through @files nested {depth} deep)")]
    ResponseFileRecursion { path: String, depth: usize },
}

/// How deep `@file`s may include one another (clang follows a cycle until it errors).
const RESPONSE_FILE_DEPTH: usize = 32;

pub(crate) fn kind_of(path: &Path, language: Option<&OsStr>) -> InputKind {
    if let Some(lang) = language {
        return match lang.as_bytes() {
            b"c++" => InputKind::CxxSource,
            b"none" => kind_of(path, None),
            _ => InputKind::OtherSource,
        };
    }
    let ext = path.extension().map(|e| e.as_bytes()).unwrap_or(b"");
    match ext {
        b"cpp" | b"cc" | b"cxx" | b"c++" | b"C" | b"cp" | b"CPP" => InputKind::CxxSource,
        b"c" | b"i" | b"ii" | b"s" | b"S" | b"m" | b"mm" => InputKind::OtherSource,
        _ => InputKind::LinkInput,
    }
}

/// Expands `@file` arguments in place (POSIX quoting, as clang does on Unix).
pub(crate) fn expand_response_files(args: Vec<OsString>) -> Result<Vec<OsString>, ArgError> {
    expand_nested(args, 0)
}

fn expand_nested(args: Vec<OsString>, depth: usize) -> Result<Vec<OsString>, ArgError> {
    let mut out = Vec::with_capacity(args.len());
    for arg in args {
        let bytes = arg.as_bytes();
        if bytes.len() > 1 && bytes[0] == b'@' {
            let path = OsStr::from_bytes(&bytes[1..]);
            let name = || path.to_string_lossy().into_owned();
            if depth >= RESPONSE_FILE_DEPTH {
                return Err(ArgError::ResponseFileRecursion {
                    path: name(),
                    depth,
                });
            }
            let text = std::fs::read(path).map_err(|error| ArgError::ResponseFile {
                path: name(),
                error,
            })?;
            let words = response_file_words(&text)
                .ok_or_else(|| ArgError::ResponseFileQuoting { path: name() })?;
            out.extend(expand_nested(words, depth + 1)?);
        } else {
            out.push(arg);
        }
    }
    Ok(out)
}

/// The words of a response file, split as a POSIX shell would; `None` for an unterminated
/// quote (which used to expand to nothing at all).
fn response_file_words(text: &[u8]) -> Option<Vec<OsString>> {
    let text = String::from_utf8_lossy(text);
    Some(
        shlex::split(&text)?
            .into_iter()
            .map(OsString::from)
            .collect(),
    )
}

pub(crate) fn parse(args: &[OsString]) -> Result<CommandLine, ArgError> {
    let mut cl = CommandLine {
        sycl: false,
        phase: Phase::Link,
        output: None,
        inputs: Vec::new(),
        flags: JobFlags::default(),
        link_flags: LinkFlags::default(),
        help: false,
        version: false,
        dpcpp_only: Vec::new(),
        for_clang: Vec::new(),
        dry_run: false,
        verbose: false,
        save_temps: false,
        spec_constants: SpecConstMode::Native,
        sycl_targets: SyclTargets {
            spirv: true,
            cpu_ahead_of_time: false,
            nvptx: None,
        },
        targets_given: false,
        nvptx_arch: None,
        // DPC++ splits `auto` when no flag says otherwise; we split further, by the spec
        // constants kernels read: with one image per source, every new set of native
        // spec-constant values re-JITs every kernel of the source (issue 35: 7.7x the
        // per-kernel split's time on a 60-kernel program). DPC++'s explicit modes keep their
        // meaning, the bare flag included.
        device_code_split: Split::SpecConstants,
        generated_dir: None,
        unsupported: None,
        device_only: false,
        device_link_only: false,
        id_queries_fit_in_int: true,
        unnamed_lambdas: true,
        device_compile_flags: Vec::new(),
        backend_options: Vec::new(),
        device_linker_options: Vec::new(),
    };
    let mut language: Option<OsString> = None;
    for arg in clang_args::parse(args) {
        if arg.missing_value() {
            return Err(ArgError::MissingValue(arg.spelling()));
        }
        cl.note_dpcpp_only(&arg);
        if arg.role == Role::Input {
            cl.add_input(PathBuf::from(&arg.words[0]), language.as_deref());
        } else if arg.id == Some(Id::Language) {
            let value = arg.value.unwrap_or_default();
            language = (value.as_bytes() != b"none").then(|| value.to_os_string());
            cl.flags.add(&arg);
        } else if !cl.read_driver_option(&arg)? {
            if arg.role == Role::Link {
                cl.link_flags.add(&arg);
            } else {
                cl.flags.add(&arg);
            }
        }
    }
    cl.apply_nvptx_arch()?;
    Ok(cl)
}

impl CommandLine {
    /// How kernels receive spec constants, decided at compile time: an ahead-of-time image
    /// emulates them, so with `spir64_x86_64` among the targets every kernel taking a
    /// `kernel_handler` takes the runtime's spec-constant buffer, as DPC++'s do for such
    /// targets. A SPIR-V image built beside it may still set them natively and ignore it.
    pub(crate) fn kernel_spec_constants(&self) -> SpecConstMode {
        // The runtime sets no native values in PTX images either (`docs/reference`).
        if self.sycl_targets.cpu_ahead_of_time || self.sycl_targets.nvptx.is_some() {
            SpecConstMode::Emulation
        } else {
            self.spec_constants
        }
    }

    /// `-Xsycl-target-frontend` arguments for `target`'s device compile: those naming it or
    /// no target.
    pub(crate) fn device_compile_flags(&self, target: DeviceTarget) -> Vec<&OsString> {
        let of = match target {
            DeviceTarget::Spir64 => TargetOf::Spir64,
            DeviceTarget::Nvptx64(_) => TargetOf::Nvptx64,
        };
        self.device_compile_flags
            .iter()
            .filter(|(named, _)| named.is_none_or(|named| named == of))
            .map(|(_, flag)| flag)
            .collect()
    }

    /// The device compiles each source gets, in order: spir64 (for SPIR-V and the CPU
    /// device's images), then nvptx64.
    pub(crate) fn device_targets(&self) -> Vec<DeviceTarget> {
        let targets = &self.sycl_targets;
        let spir = (targets.spirv || targets.cpu_ahead_of_time).then_some(DeviceTarget::Spir64);
        spir.into_iter()
            .chain(targets.nvptx.map(DeviceTarget::Nvptx64))
            .collect()
    }

    /// Sorts `arg` into what clang-22 gets without `-fsycl` and DPC++'s options it would call
    /// unknown.
    fn note_dpcpp_only(&mut self, arg: &Arg<'_>) {
        if arg.role == Role::SyclDriver && arg.id.is_some_and(is_dpcpp_only) {
            let words: Vec<_> = arg.words.iter().map(|w| w.to_string_lossy()).collect();
            self.dpcpp_only.push(words.join(" "));
        } else {
            self.for_clang.extend(arg.words.iter().cloned());
        }
    }

    fn add_input(&mut self, path: PathBuf, language: Option<&OsStr>) {
        if language.is_some_and(|l| l.as_bytes().ends_with(b"-header")) {
            self.unsupported = Some("a precompiled header (-x c++-header)");
        }
        if path.extension().is_some_and(|e| e == "cppm" || e == "ixx") {
            self.unsupported = Some("a C++20 module interface");
        }
        self.inputs.push(Input {
            kind: kind_of(&path, language),
            path,
            language: language.map(OsStr::to_os_string),
            preprocessed: false,
        });
    }

    /// Reads an option this driver acts on; `false` for the rest (compile and link flags).
    /// Some are read and still passed on (`-v`, `-M`, unsupported ones).
    fn read_driver_option(&mut self, arg: &Arg<'_>) -> Result<bool, ArgError> {
        let value = || arg.value.unwrap_or_default();
        match arg.id {
            Some(Id::EndOfOptions) => {}
            Some(Id::Sycl) => self.sycl = true,
            Some(Id::NoSycl) => self.sycl = false,
            Some(Id::CompileOnly) => self.phase = Phase::Compile,
            Some(Id::AssembleOnly) => self.phase = Phase::Assemble,
            Some(Id::PreprocessOnly) => self.phase = Phase::Preprocess,
            Some(Id::SyntaxOnly) => self.phase = Phase::SyntaxOnly,
            Some(Id::DependenciesOnly | Id::UserDependenciesOnly) => {
                self.phase = Phase::Dependencies;
                return Ok(false);
            }
            Some(Id::Precompile) => {
                self.unsupported = Some("C++20 modules (--precompile)");
                return Ok(false);
            }
            Some(Id::ModuleFile) => {
                self.unsupported = Some("C++20 modules (-fmodule-file=)");
                return Ok(false);
            }
            Some(Id::DryRun) => self.dry_run = true,
            Some(Id::Help) => self.help = true,
            Some(Id::Version) => self.version = true,
            Some(Id::Verbose) => {
                self.verbose = true;
                return Ok(false);
            }
            Some(Id::SaveTemps | Id::SaveTempsMode) => self.save_temps = true,
            Some(Id::Output) => self.output = Some(PathBuf::from(value())),
            Some(Id::SyclSpecConstants) => self.spec_constants = spec_constant_mode(arg)?,
            // DPC++'s spelling; a bare -fsycl-device-code-split means auto.
            Some(Id::SyclDeviceCodeSplit) => self.device_code_split = Split::Auto,
            Some(Id::SyclDeviceCodeSplitMode) => self.device_code_split = split_mode(arg)?,
            Some(Id::SyclFooterPath) => self.generated_dir = Some(PathBuf::from(value())),
            Some(Id::SyclTargets) => {
                self.sycl_targets = sycl_targets(arg)?;
                self.targets_given = true;
            }
            Some(Id::OffloadArch) => {
                let arch = named_arch(&value().to_string_lossy(), "--offload-arch")?;
                self.nvptx_arch = Some((arch, NamedBy::OffloadArch));
            }
            _ => return self.read_dpcpp_option(arg),
        }
        Ok(true)
    }

    /// DPC++'s other driver options: acted on, accepted as documented no-ops, or refused.
    fn read_dpcpp_option(&mut self, arg: &Arg<'_>) -> Result<bool, ArgError> {
        let value = || arg.value.unwrap_or_default().to_string_lossy().into_owned();
        match arg.id {
            Some(Id::SyclDeviceOnly) => {
                // As in DPC++, it implies -fsycl.
                self.sycl = true;
                self.device_only = true;
            }
            Some(Id::SyclLink) => self.device_link_only = true,
            // `image` is what -fsycl-link makes; `early` is an FPGA report step.
            Some(Id::SyclLinkMode) => {
                if value() != "image" {
                    return Err(bad_value(arg, "image"));
                }
                self.device_link_only = true;
            }
            Some(Id::SyclIdQueriesFitInInt) => self.id_queries_fit_in_int = true,
            Some(Id::NoSyclIdQueriesFitInInt) => self.id_queries_fit_in_int = false,
            Some(Id::SyclDeviceLib | Id::NoSyclDeviceLib) => {
                let libraries = value();
                if let Some(bad) = libraries.split(',').find(|l| !DEVICE_LIBRARIES.contains(l)) {
                    return Err(ArgError::BadValue {
                        option: arg.spelling(),
                        value: bad.to_string(),
                        expected: DEVICE_LIBRARIES.join(", "),
                    });
                }
            }
            Some(Id::SyclMaxParallelLinkJobs) => {
                if value().parse::<u32>().map_or(true, |n| n == 0) {
                    return Err(bad_value(arg, "a positive integer"));
                }
            }
            Some(Id::SyclUnnamedLambda) => self.unnamed_lambdas = true,
            Some(Id::NoSyclUnnamedLambda) => self.unnamed_lambdas = false,
            Some(
                Id::LinkHugeDeviceCode
                | Id::SyclRdc
                | Id::NoSyclRdc
                | Id::SyclDeadArgsOptimization
                | Id::NoSyclDeadArgsOptimization
                | Id::SyclEmbedIr,
            ) => {}
            Some(Id::XSyclTargetFrontend | Id::XSyclTargetBackend | Id::XSyclTargetLinker) => {
                self.read_target_argument(arg)?
            }
            Some(Id::SyclHostCompiler | Id::SyclHostCompilerOptions) => {
                return Err(ArgError::HostCompiler(arg.spelling()));
            }
            Some(Id::PreviewBreakingChanges) => return Err(ArgError::PreviewBreakingChanges),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `-Xsycl-target-{frontend,backend,linker}[=TARGET] ARG`: TARGET, when named, must be
    /// one this driver builds.
    fn read_target_argument(&mut self, arg: &Arg<'_>) -> Result<(), ArgError> {
        let option = arg.words[0].to_string_lossy();
        let target = match arg.joined() {
            Some(target) => Some(check_target(&target.to_string_lossy(), &option)?),
            None => None,
        };
        let value = arg.value.unwrap_or_default();
        match arg.id {
            // The NVIDIA backend (ptxas in DPC++) takes the architecture here; nothing else
            // of it is built by this driver.
            Some(Id::XSyclTargetBackend) if target == Some(TargetOf::Nvptx64) => {
                let text = value.to_string_lossy();
                let Some(arch) = text.strip_prefix("--cuda-gpu-arch=") else {
                    return Err(ArgError::BadNvptxBackendOption {
                        option: option.into_owned(),
                        value: text.into_owned(),
                    });
                };
                self.nvptx_arch = Some((named_arch(arch, &option)?, NamedBy::CudaGpuArch));
            }
            Some(Id::XSyclTargetFrontend) => self
                .device_compile_flags
                .push((target, value.to_os_string())),
            Some(Id::XSyclTargetBackend) => self
                .backend_options
                .push(value.to_string_lossy().into_owned()),
            _ => self
                .device_linker_options
                .push(value.to_string_lossy().into_owned()),
        }
        Ok(())
    }

    /// `--offload-arch=sm_NN` and `--cuda-gpu-arch=sm_NN` name the NVIDIA architecture:
    /// of the nvptx64 target `-fsycl-targets` names, or, without `-fsycl-targets`, the only
    /// target (as in DPC++). An architecture `-fsycl-targets` spells out must agree.
    fn apply_nvptx_arch(&mut self) -> Result<(), ArgError> {
        let Some((arch, by)) = self.nvptx_arch else {
            return Ok(());
        };
        match self.sycl_targets.nvptx {
            Some(named) if named.explicit && named != arch => Err(ArgError::NvptxArchConflict {
                option: by.spelling().to_string(),
                arch: arch.name.to_string(),
                earlier: format!("-fsycl-targets={}", named.target_name()),
            }),
            Some(_) => {
                self.sycl_targets.nvptx = Some(arch);
                Ok(())
            }
            None if !self.targets_given && by == NamedBy::OffloadArch => {
                self.sycl_targets = SyclTargets {
                    spirv: false,
                    cpu_ahead_of_time: false,
                    nvptx: Some(arch),
                };
                Ok(())
            }
            None => Err(ArgError::NvptxArchWithoutTarget {
                option: by.spelling().to_string(),
                arch: arch.name.to_string(),
            }),
        }
    }

    /// Macros DPC++'s compiler predefines in host and device compiles alike; they come before
    /// the user's flags, so a `-D`/`-U` of the user's wins.
    pub(crate) fn sycl_predefines(&self) -> Vec<OsString> {
        if self.id_queries_fit_in_int {
            vec![ID_QUERIES_FIT_IN_INT.into()]
        } else {
            Vec::new()
        }
    }
}

/// `-fsycl-spec-constants=native|emulation`.
fn spec_constant_mode(arg: &Arg<'_>) -> Result<SpecConstMode, ArgError> {
    let value = arg.value.unwrap_or_default();
    match value.as_bytes() {
        b"native" => Ok(SpecConstMode::Native),
        b"emulation" => Ok(SpecConstMode::Emulation),
        _ => Err(ArgError::BadSpecConstMode {
            option: arg.words[0].to_string_lossy().into_owned(),
            value: value.to_string_lossy().into_owned(),
        }),
    }
}

/// `-fsycl-device-code-split=per_kernel|per_source|auto|off`.
fn split_mode(arg: &Arg<'_>) -> Result<Split, ArgError> {
    let value = arg.value.unwrap_or_default();
    match value.as_bytes() {
        b"per_kernel" => Ok(Split::PerKernel),
        b"per_source" => Ok(Split::PerSource),
        b"auto" => Ok(Split::Auto),
        b"off" => Ok(Split::None),
        _ => Err(ArgError::BadSplitMode {
            option: arg.words[0].to_string_lossy().into_owned(),
            value: value.to_string_lossy().into_owned(),
        }),
    }
}

/// `-fsycl-targets=T[,T]`: DPC++'s target list; the flag is sycl-clang++'s (clang-22 does
/// not know it).
fn sycl_targets(arg: &Arg<'_>) -> Result<SyclTargets, ArgError> {
    let option = || arg.words[0].to_string_lossy().into_owned();
    let mut targets = SyclTargets {
        spirv: false,
        cpu_ahead_of_time: false,
        nvptx: None,
    };
    for target in arg.value.unwrap_or_default().to_string_lossy().split(',') {
        let nvptx = match target {
            "spir64" | "spir64-unknown-unknown" => {
                targets.spirv = true;
                continue;
            }
            "spir64_x86_64" | "spir64_x86_64-unknown-unknown" => {
                targets.cpu_ahead_of_time = true;
                continue;
            }
            NvptxArch::TRIPLE => NvptxArch::DEFAULT,
            _ => match target.strip_prefix("nvidia_gpu_") {
                Some(arch) => NvptxArch::named(arch).ok_or_else(|| ArgError::BadNvptxArch {
                    option: option(),
                    arch: target.to_string(),
                })?,
                None => {
                    return Err(ArgError::BadSyclTarget {
                        option: option(),
                        target: target.to_string(),
                    });
                }
            },
        };
        // One PTX image set per link: two architectures would need two. The triple alone
        // names none, so an architecture beside it is the one.
        targets.nvptx = match targets.nvptx {
            None => Some(nvptx),
            Some(seen) if !nvptx.explicit => Some(seen),
            Some(seen) if !seen.explicit || seen == nvptx => Some(nvptx),
            Some(seen) => {
                return Err(ArgError::NvptxArchConflict {
                    option: "-fsycl-targets".to_string(),
                    arch: target.to_string(),
                    earlier: seen.target_name(),
                });
            }
        };
    }
    Ok(targets)
}

/// Which target one `-Xsycl-target-…=` option is for: one of those built here; the option is
/// sycl-clang++'s (clang-22 does not know it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TargetOf {
    Spir64,
    Nvptx64,
}

fn check_target(target: &str, option: &str) -> Result<TargetOf, ArgError> {
    match target {
        "spir64" | "spir64-unknown-unknown" | "spir64_x86_64" | "spir64_x86_64-unknown-unknown" => {
            Ok(TargetOf::Spir64)
        }
        NvptxArch::TRIPLE => Ok(TargetOf::Nvptx64),
        _ if target.starts_with("nvidia_gpu_") => Ok(TargetOf::Nvptx64),
        _ => Err(ArgError::BadSyclTarget {
            option: option.to_string(),
            target: target.to_string(),
        }),
    }
}

/// Which option named the NVIDIA architecture: only `--offload-arch` also selects the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NamedBy {
    OffloadArch,
    CudaGpuArch,
}

impl NamedBy {
    fn spelling(self) -> &'static str {
        match self {
            NamedBy::OffloadArch => "--offload-arch",
            NamedBy::CudaGpuArch => "-Xsycl-target-backend=nvptx64-nvidia-cuda --cuda-gpu-arch",
        }
    }
}

/// An architecture named by `--offload-arch=` or `--cuda-gpu-arch=`.
fn named_arch(arch: &str, option: &str) -> Result<NvptxArch, ArgError> {
    NvptxArch::named(arch).ok_or_else(|| ArgError::BadNvptxArch {
        option: option.to_string(),
        arch: arch.to_string(),
    })
}

fn bad_value(arg: &Arg<'_>, expected: &str) -> ArgError {
    ArgError::BadValue {
        option: arg.spelling(),
        value: arg.value.unwrap_or_default().to_string_lossy().into_owned(),
        expected: expected.to_string(),
    }
}

/// DPC++'s driver options clang-22 does not know (it would print "unknown argument" for
/// them). Without `-fsycl` they mean nothing; `main` drops them with a warning.
pub(crate) fn is_dpcpp_only(id: Id) -> bool {
    !matches!(
        id,
        Id::Sycl
            | Id::NoSycl
            | Id::SyclDeviceOnly
            | Id::SyclHostOnly
            | Id::Offload
            | Id::OffloadArch
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(args: &[&str]) -> CommandLine {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        parse(&args).expect("parse")
    }

    #[test]
    fn separate_values_are_not_inputs() {
        let cl = parse_str(&[
            "-fsycl", "-I", "inc", "-c", "a.cpp", "-o", "a.o", "-include", "pre.h",
        ]);
        assert!(cl.sycl);
        assert_eq!(cl.phase, Phase::Compile);
        assert_eq!(cl.output.as_deref(), Some(Path::new("a.o")));
        assert_eq!(cl.inputs.len(), 1);
        assert_eq!(cl.inputs[0].kind, InputKind::CxxSource);
        assert_eq!(cl.flags.all, ["-I", "inc", "-include", "pre.h"]);
    }

    #[test]
    fn link_inputs_and_flags() {
        let cl = parse_str(&[
            "-fsycl",
            "a.o",
            "libx.a",
            "b.c",
            "-lm",
            "-L",
            "dir",
            "-Wl,--as-needed",
        ]);
        let kinds: Vec<_> = cl.inputs.iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            [
                InputKind::LinkInput,
                InputKind::LinkInput,
                InputKind::OtherSource
            ]
        );
        assert_eq!(cl.link_flags.words, ["-lm", "-L", "dir", "-Wl,--as-needed"]);
        assert!(cl.flags.all.is_empty());
    }

    #[test]
    fn language_option_applies_to_later_inputs() {
        let cl = parse_str(&["x.txt", "-x", "c++", "y.txt", "-x", "none", "z.cpp"]);
        let kinds: Vec<_> = cl.inputs.iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            [
                InputKind::LinkInput,
                InputKind::CxxSource,
                InputKind::CxxSource
            ]
        );
    }

    #[test]
    fn response_files_with_bad_quoting_or_cycles_are_errors() {
        assert_eq!(
            response_file_words(b"-DA='x y' -c"),
            Some(vec!["-DA=x y".into(), "-c".into()])
        );
        assert_eq!(response_file_words(b"-DA='x y -c"), None);
        let dir = tempfile::tempdir().expect("tempdir");
        let bad = dir.path().join("bad.rsp");
        std::fs::write(&bad, "-c 'open").expect("write");
        let at = |p: &Path| {
            let mut a = OsString::from("@");
            a.push(p);
            vec![a]
        };
        assert!(matches!(
            expand_response_files(at(&bad)),
            Err(ArgError::ResponseFileQuoting { .. })
        ));
        let cycle = dir.path().join("cycle.rsp");
        std::fs::write(&cycle, format!("-c @{}", cycle.display())).expect("write");
        assert!(matches!(
            expand_response_files(at(&cycle)),
            Err(ArgError::ResponseFileRecursion { .. })
        ));
    }

    #[test]
    fn fuzz_command_lines_and_response_files() {
        let seeds = vec![
            b"-fsycl\0-c\0a.cpp\0-o\0a.o\0-I\0inc\0-include\0pre.h".to_vec(),
            b"-fsycl\0-fsycl-device-code-split=per_kernel\0-Xclang\0-v\0-x\0c++\0y.txt\0-lm"
                .to_vec(),
            b"-fsycl-spec-constants=emulation\0-MD\0-MF\0d.d\0-save-temps\0-###\0@x".to_vec(),
        ];
        let report = fuzz::run("command-line", &seeds, |bytes| {
            let words: Vec<OsString> = bytes
                .split(|&b| b == 0)
                .map(|w| OsStr::from_bytes(w).to_os_string())
                .collect();
            let _ = parse(&words);
            let _ = response_file_words(bytes);
        });
        assert_eq!(report.executions, fuzz::runs());
    }

    #[test]
    fn sycl_targets_take_spir64_and_refuse_the_rest() {
        let cl = parse_str(&[
            "-fsycl",
            "-fsycl-targets=spir64,spir64-unknown-unknown",
            "a.o",
        ]);
        assert!(cl.flags.all.is_empty() && cl.link_flags.words.is_empty());
        let both = parse_str(&["-fsycl", "-fsycl-targets=spir64,spir64_x86_64", "a.o"]);
        assert!(both.sycl_targets.spirv && both.sycl_targets.cpu_ahead_of_time);
        assert_eq!(both.kernel_spec_constants(), SpecConstMode::Emulation);
        assert_eq!(both.spec_constants, SpecConstMode::Native);
        let aot = parse_str(&["-fsycl-targets=spir64", "-fsycl-targets=spir64_x86_64"]);
        assert!(!aot.sycl_targets.spirv && aot.sycl_targets.cpu_ahead_of_time);
        for bad in [
            "-fsycl-targets=spir64_gen",
            "-fsycl-targets=spir64,nvptx64",
            "-fsycl-targets=amdgcn-amd-amdhsa",
            "-fsycl-targets=",
        ] {
            let args = vec![OsString::from("-fsycl"), OsString::from(bad)];
            assert!(
                matches!(parse(&args), Err(ArgError::BadSyclTarget { .. })),
                "{bad}"
            );
        }
    }

    /// The NVIDIA spellings DPC++ users write: the triple (sm_50 by default), the arch target,
    /// and the arch through `--offload-arch` or the backend's `--cuda-gpu-arch`.
    #[test]
    fn nvptx_targets_and_architectures() {
        let arch = |args: &[&str]| parse_str(args).sycl_targets.nvptx;
        let named = |name: &'static str, ptx: &'static str| NvptxArch {
            name,
            ptx,
            explicit: true,
        };
        assert_eq!(arch(&["-fsycl", "a.o"]), None);
        assert_eq!(
            arch(&["-fsycl-targets=nvptx64-nvidia-cuda"]),
            Some(NvptxArch::DEFAULT)
        );
        assert_eq!(NvptxArch::DEFAULT.name, "sm_50");
        assert_eq!(
            arch(&["-fsycl-targets=nvidia_gpu_sm_90"]),
            Some(named("sm_90", "ptx78"))
        );
        assert_eq!(
            arch(&[
                "-fsycl-targets=spir64,nvptx64-nvidia-cuda",
                "--offload-arch=sm_80"
            ]),
            Some(named("sm_80", "ptx70"))
        );
        let backend = [
            "-fsycl-targets=nvptx64-nvidia-cuda",
            "-Xsycl-target-backend=nvptx64-nvidia-cuda",
            "--cuda-gpu-arch=sm_90a",
        ];
        assert_eq!(arch(&backend), Some(named("sm_90a", "ptx80")));
        // `--offload-arch` alone selects the target, as in DPC++.
        let alone = parse_str(&["-fsycl", "--offload-arch=sm_86", "a.cpp"]);
        assert_eq!(alone.sycl_targets.nvptx, Some(named("sm_86", "ptx71")));
        assert!(!alone.sycl_targets.spirv);
        assert_eq!(alone.device_targets().len(), 1);
        assert_eq!(
            arch(&["-fsycl-targets=nvidia_gpu_sm_70,nvptx64-nvidia-cuda"]),
            Some(named("sm_70", "ptx63"))
        );
        let both = parse_str(&["-fsycl-targets=spir64_x86_64,nvptx64-nvidia-cuda"]);
        assert_eq!(
            both.device_targets(),
            [
                DeviceTarget::Spir64,
                DeviceTarget::Nvptx64(NvptxArch::DEFAULT)
            ]
        );
        // PTX images never get native spec constants from the runtime.
        assert_eq!(both.kernel_spec_constants(), SpecConstMode::Emulation);
        let frontend = parse_str(&[
            "-fsycl-targets=spir64,nvptx64-nvidia-cuda",
            "-Xsycl-target-frontend=nvptx64-nvidia-cuda",
            "-DGPU",
            "-Xsycl-target-frontend",
            "-DALL",
        ]);
        let gpu = DeviceTarget::Nvptx64(NvptxArch::DEFAULT);
        assert_eq!(
            frontend.device_compile_flags(DeviceTarget::Spir64),
            ["-DALL"]
        );
        assert_eq!(frontend.device_compile_flags(gpu), ["-DGPU", "-DALL"]);
    }

    /// Unknown architectures, conflicting ones, an architecture without the target and other
    /// options for the NVIDIA backend are refused, each by its own error.
    #[test]
    fn nvptx_refusals() {
        for bad in [
            &["-fsycl-targets=nvidia_gpu_sm_99"][..],
            &["--offload-arch=gfx90a"],
            &[
                "-Xsycl-target-backend=nvptx64-nvidia-cuda",
                "--cuda-gpu-arch=sm_1",
            ],
        ] {
            let args: Vec<OsString> = bad.iter().map(OsString::from).collect();
            assert!(
                matches!(parse(&args), Err(ArgError::BadNvptxArch { .. })),
                "{bad:?}"
            );
        }
        let args: Vec<OsString> = ["-fsycl-targets=spir64", "--offload-arch=sm_80"]
            .iter()
            .map(OsString::from)
            .collect();
        assert!(matches!(
            parse(&args),
            Err(ArgError::NvptxArchWithoutTarget { .. })
        ));
        for conflict in [
            &["-fsycl-targets=nvidia_gpu_sm_80,nvidia_gpu_sm_90"][..],
            &["-fsycl-targets=nvidia_gpu_sm_80", "--offload-arch=sm_90"],
        ] {
            let args: Vec<OsString> = conflict.iter().map(OsString::from).collect();
            assert!(
                matches!(parse(&args), Err(ArgError::NvptxArchConflict { .. })),
                "{conflict:?}"
            );
        }
        let args: Vec<OsString> = ["-Xsycl-target-backend=nvptx64-nvidia-cuda", "-O3"]
            .iter()
            .map(OsString::from)
            .collect();
        assert!(matches!(
            parse(&args),
            Err(ArgError::BadNvptxBackendOption { .. })
        ));
    }

    #[test]
    fn device_code_split_defaults_to_spec_constant_sets_and_flags_keep_dpcpp_modes() {
        assert_eq!(
            parse_str(&["-fsycl", "a.o"]).device_code_split,
            Split::SpecConstants
        );
        let auto = parse_str(&["-fsycl", "-fsycl-device-code-split=auto", "a.o"]);
        assert_eq!(auto.device_code_split, Split::Auto);
        let off = parse_str(&["-fsycl", "-fsycl-device-code-split=off", "a.o"]);
        assert_eq!(off.device_code_split, Split::None);
        let bare = parse_str(&["-fsycl-device-code-split=off", "-fsycl-device-code-split"]);
        assert_eq!(bare.device_code_split, Split::Auto);
    }

    #[test]
    fn missing_value_and_bad_mode_are_errors() {
        let args: Vec<OsString> = ["-o"].iter().map(OsString::from).collect();
        assert!(matches!(parse(&args), Err(ArgError::MissingValue(_))));
        let args: Vec<OsString> = ["-fsycl-spec-constants=fast"]
            .iter()
            .map(OsString::from)
            .collect();
        assert!(matches!(
            parse(&args),
            Err(ArgError::BadSpecConstMode { .. })
        ));
    }

    #[test]
    fn headers_and_modules_are_named_unsupported() {
        assert!(
            parse_str(&["-x", "c++-header", "p.hpp"])
                .unsupported
                .is_some()
        );
        assert!(parse_str(&["m.cppm"]).unsupported.is_some());
        assert!(
            parse_str(&["-fmodule-file=m.pcm", "a.cpp"])
                .unsupported
                .is_some()
        );
        assert!(parse_str(&["a.cpp"]).unsupported.is_none());
        assert_eq!(parse_str(&["-MM", "a.cpp"]).phase, Phase::Dependencies);
    }

    #[test]
    fn joined_language_and_link_only_options() {
        let cl = parse_str(&[
            "-xc++", "x.txt", "-xnone", "-z", "now", "-T", "l.ld", "-O2", "a.o",
        ]);
        assert_eq!(cl.inputs[0].kind, InputKind::CxxSource);
        assert_eq!(cl.inputs[1].kind, InputKind::LinkInput);
        assert_eq!(cl.flags.all, ["-xc++", "-xnone", "-O2"]);
        assert_eq!(cl.link_flags.words, ["-z", "now", "-T", "l.ld"]);
    }

    #[test]
    fn double_dash_makes_everything_an_input() {
        let cl = parse_str(&["--", "-weird.cpp"]);
        assert_eq!(cl.inputs.len(), 1);
        assert_eq!(cl.inputs[0].kind, InputKind::CxxSource);
    }

    #[test]
    fn dpcpp_options_are_read_not_passed_on() {
        let cl = parse_str(&[
            "-fsycl",
            "-fsycl-rdc",
            "-fsycl-device-lib=libc,libm-fp32",
            "-fsycl-max-parallel-link-jobs=8",
            "-fno-sycl-id-queries-fit-in-int",
            "-Xsycl-target-frontend=spir64",
            "-DDEV",
            "-Xsycl-target-backend",
            "-cl-fast-relaxed-math",
            "-Xsycl-target-linker=spir64-unknown-unknown",
            "-cl-denorms-are-zero",
            "-fsycl-link",
            "a.o",
        ]);
        assert!(cl.flags.all.is_empty() && cl.link_flags.words.is_empty());
        assert!(!cl.id_queries_fit_in_int && cl.sycl_predefines().is_empty());
        assert_eq!(cl.device_compile_flags(DeviceTarget::Spir64), ["-DDEV"]);
        assert_eq!(cl.backend_options, ["-cl-fast-relaxed-math"]);
        assert_eq!(cl.device_linker_options, ["-cl-denorms-are-zero"]);
        assert!(cl.device_link_only);
        let fits = parse_str(&["-fsycl", "a.cpp"]);
        assert_eq!(
            fits.sycl_predefines(),
            ["-D__SYCL_ID_QUERIES_FIT_IN_INT__=1"]
        );
        let device = parse_str(&["-fsycl-device-only", "a.cpp"]);
        assert!(device.sycl && device.device_only && device.unnamed_lambdas);
        let named = parse_str(&["-fsycl", "-fno-sycl-unnamed-lambda", "a.cpp"]);
        assert!(!named.unnamed_lambdas && named.flags.all.is_empty());
    }

    #[test]
    fn dpcpp_options_refused_or_checked() {
        let refused = |list: &[&str]| {
            let args: Vec<OsString> = list.iter().map(OsString::from).collect();
            parse(&args).err()
        };
        assert!(matches!(
            refused(&["-fsycl-host-compiler=g++"]),
            Some(ArgError::HostCompiler(_))
        ));
        assert!(matches!(
            refused(&["-fpreview-breaking-changes"]),
            Some(ArgError::PreviewBreakingChanges)
        ));
        for bad in [
            &["-fsycl-device-lib=libfoo"][..],
            &["-fsycl-max-parallel-link-jobs=x"],
            &["-fsycl-link=early"],
        ] {
            assert!(
                matches!(refused(bad), Some(ArgError::BadValue { .. })),
                "{bad:?}"
            );
        }
        assert!(matches!(
            refused(&["-Xsycl-target-frontend=amdgcn-amd-amdhsa", "-O3"]),
            Some(ArgError::BadSyclTarget { .. })
        ));
        assert!(matches!(
            refused(&["-Xsycl-target-backend=spir64"]),
            Some(ArgError::MissingValue(_))
        ));
    }
}
