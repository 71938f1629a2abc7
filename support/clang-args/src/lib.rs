//! The clang command-line options the tool chain must know, in one table, and a parser that
//! reads a command line into typed arguments with it.
//!
//! Each option has a spelling, a shape (how its value is written, as clang's `Options.td`
//! says: flag, joined, separate, joined-or-separate) and a role: which job it belongs to.
//! Every consumer filters by role or option instead of keeping its own list: the front end's
//! host parse drops SYCL driver options, the unique prefix ignores what only names outputs,
//! depfile handling reads dependency options, `sycl-clang++` splits compile from link flags.
//! Options not in the table are compile options without a separate value, as clang's own
//! options mostly are (`-std=c++17`, `-Wall`, `-fno-exceptions`).

#![forbid(unsafe_code)]

pub mod help;

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;

/// How an option's value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No value: the spelling alone (`-c`).
    Flag,
    /// The value follows in the same word (`-fsycl-targets=spir64`, `-Wl,-z,now`); also used
    /// for families of options that share a stem (`-fdiagnostics-…`).
    Joined,
    /// The value is the next word (`-Xclang -v`).
    Separate,
    /// Either (`-I inc`, `-Iinc`).
    JoinedOrSeparate,
    /// Both: a joined part and the next word (`-Xsycl-target-frontend=spir64 -O3`). The
    /// separate word is [`Arg::value`]; the joined part is [`Arg::joined`].
    JoinedAndSeparate,
}

/// Which job an option belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Changes what is compiled: preprocessor, language, code generation.
    Compile,
    /// Compiling for the host only: instrumentation a device cannot have (sanitizers,
    /// profiling, coverage, stack protectors). The link gets them too, for their runtimes.
    HostCompile,
    /// Names the output file.
    Output,
    /// Says how far the compile goes (`-c`, `-S`, `-E`, `-fsyntax-only`).
    Phase,
    /// Asks for or shapes a depfile (`-MD`, `-MF f`, `-M`, …).
    DependencyOutput,
    /// Linking only; given when compiling, clang ignores it with a warning.
    Link,
    /// Read by a SYCL compiler driver (DPC++'s or `sycl-clang++`), not by stock clang's host
    /// or device compile.
    SyclDriver,
    /// How diagnostics look, not which there are.
    Presentation,
    /// Driver behaviour that leaves the compile alone (`-v`, `-###`, `-save-temps`).
    DriverOnly,
    /// Not an option: an input file.
    Input,
}

/// The options in the table. Callers match on these rather than on spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Id {
    Output,
    CompileOnly,
    AssembleOnly,
    PreprocessOnly,
    SyntaxOnly,
    DependenciesOnly,
    UserDependenciesOnly,
    WriteDependencies,
    WriteUserDependencies,
    DependencyFile,
    DependencyTarget,
    DependencyQuotedTarget,
    PhonyTargets,
    MissingHeadersAreGenerated,
    CC1DependencyFile,
    Sycl,
    NoSycl,
    SyclDeviceOnly,
    SyclHostOnly,
    SyclUniquePrefix,
    SyclTargets,
    Offload,
    /// `--offload-arch=sm_NN`: the NVIDIA GPU architecture of the nvptx64 target.
    OffloadArch,
    SyclIntegrationFooter,
    SyclIntegrationHeader,
    SyclSpecConstants,
    SyclDeviceCodeSplit,
    SyclDeviceCodeSplitMode,
    SyclFooterPath,
    SyclLink,
    SyclLinkMode,
    SyclIdQueriesFitInInt,
    NoSyclIdQueriesFitInInt,
    LinkHugeDeviceCode,
    SyclUnnamedLambda,
    NoSyclUnnamedLambda,
    SyclRdc,
    NoSyclRdc,
    SyclDeviceLib,
    NoSyclDeviceLib,
    SyclDeadArgsOptimization,
    NoSyclDeadArgsOptimization,
    SyclMaxParallelLinkJobs,
    SyclEmbedIr,
    /// `-Xsycl-target-frontend ARG` (and `=TARGET ARG`): ARG for the device compile.
    XSyclTargetFrontend,
    /// `-Xsycl-target-backend ARG`: ARG for the device code's build by the runtime.
    XSyclTargetBackend,
    /// `-Xsycl-target-linker ARG`: ARG for the device code's link by the runtime.
    XSyclTargetLinker,
    SyclHostCompiler,
    SyclHostCompilerOptions,
    PreviewBreakingChanges,
    Sanitize,
    SanitizeOption,
    NoSanitize,
    Profile,
    NoProfile,
    Coverage,
    CoverageOption,
    NoCoverageOption,
    TestCoverage,
    ProfileArcs,
    ProfileGprof,
    StackProtector,
    NoStackProtector,
    CfProtection,
    InstrumentFunctions,
    XRay,
    ColorDiagnostics,
    NoColorDiagnostics,
    DiagnosticsFormat,
    Verbose,
    DryRun,
    /// `--help`, `--version`: the driver answers them itself.
    Help,
    Version,
    SaveTemps,
    SaveTempsMode,
    Optimize,
    Language,
    Include,
    IncludeMacros,
    IncludePch,
    IncludeDir,
    SystemIncludeDir,
    QuoteIncludeDir,
    AfterIncludeDir,
    IncludePrefix,
    WithPrefix,
    WithPrefixBefore,
    Sysroot,
    Define,
    Undefine,
    XClang,
    XPreprocessor,
    /// `-Wp,A,B,…`: words for the preprocessor (clang's front end). clang's driver rewrites
    /// `-Wp,-MD,FILE` and `-Wp,-MMD,FILE` (kbuild's spelling) into `-MD`/`-MMD` `-MF FILE`,
    /// so those are [`Role::DependencyOutput`]; see [`Arg::preprocessor_words`].
    PreprocessorOptions,
    XAssembler,
    XArchHost,
    XArchDevice,
    Mllvm,
    Target,
    Arch,
    VfsOverlay,
    Param,
    MainFileName,
    Precompile,
    ModuleFile,
    Library,
    LibraryDir,
    LinkerOptions,
    XLinker,
    XOffloadLinker,
    UseLinker,
    NoStdlib,
    NoStdlibCxx,
    Shared,
    Static,
    StaticLibGcc,
    StaticLibStdCxx,
    Rdynamic,
    Pie,
    NoPie,
    Pthread,
    LinkerKeyword,
    LinkerScript,
    Undefined,
    Entry,
    /// `--`: every later word is an input.
    EndOfOptions,
    /// `--sysroot DIR` / `--sysroot=DIR` (compile and link).
    DriverSysroot,
    /// `-B PREFIX`: where clang looks for its tools.
    ToolPrefix,
    /// `-MJ FILE`: a compilation-database entry.
    CompilationDatabaseEntry,
    /// `-F DIR` / `-iframework DIR`: framework search directories.
    FrameworkDir,
    SystemFrameworkDir,
    /// `-isystem-after DIR`, `-iwithsysroot DIR`, `-cxx-isystem DIR`, `-stdlib++-isystem DIR`.
    SystemIncludeDirAfter,
    SysrootIncludeDir,
    CxxSystemIncludeDir,
    /// `-serialize-diagnostics FILE`.
    SerializeDiagnostics,
    /// `--config FILE` / `--config=FILE`: more options, read from a file.
    ConfigFile,
    /// Any other clang option taking a separate value that no job treats specially (kept with
    /// its value, so the value is never mistaken for an input).
    OtherWithValue,
}

struct OptionSpec {
    spelling: &'static str,
    shape: Shape,
    id: Id,
    role: Role,
}

const fn opt(spelling: &'static str, shape: Shape, id: Id, role: Role) -> OptionSpec {
    OptionSpec {
        spelling,
        shape,
        id,
        role,
    }
}

use Role::{
    Compile, DependencyOutput, DriverOnly, HostCompile, Link, Output as OutputRole, Phase,
    Presentation, SyclDriver,
};
use Shape::{Flag, Joined, JoinedAndSeparate, JoinedOrSeparate, Separate};

#[rustfmt::skip]
static TABLE: &[OptionSpec] = &[
    opt("-o", JoinedOrSeparate, Id::Output, OutputRole),
    opt("-c", Flag, Id::CompileOnly, Phase),
    opt("-S", Flag, Id::AssembleOnly, Phase),
    opt("-E", Flag, Id::PreprocessOnly, Phase),
    opt("-fsyntax-only", Flag, Id::SyntaxOnly, Phase),
    // -M and -MM imply -E; they are here because their output is a dependency list.
    opt("-M", Flag, Id::DependenciesOnly, DependencyOutput),
    opt("-MM", Flag, Id::UserDependenciesOnly, DependencyOutput),
    opt("-MD", Flag, Id::WriteDependencies, DependencyOutput),
    opt("-MMD", Flag, Id::WriteUserDependencies, DependencyOutput),
    opt("-MF", JoinedOrSeparate, Id::DependencyFile, DependencyOutput),
    opt("-MT", JoinedOrSeparate, Id::DependencyTarget, DependencyOutput),
    opt("-MQ", JoinedOrSeparate, Id::DependencyQuotedTarget, DependencyOutput),
    opt("-MP", Flag, Id::PhonyTargets, DependencyOutput),
    opt("-MG", Flag, Id::MissingHeadersAreGenerated, DependencyOutput),
    opt("-dependency-file", Separate, Id::CC1DependencyFile, DependencyOutput),
    opt("-fsycl", Flag, Id::Sycl, SyclDriver),
    opt("-fno-sycl", Flag, Id::NoSycl, SyclDriver),
    opt("-fsycl-device-only", Flag, Id::SyclDeviceOnly, SyclDriver),
    opt("-fsycl-host-only", Flag, Id::SyclHostOnly, SyclDriver),
    opt("-fsycl-unique-prefix=", Joined, Id::SyclUniquePrefix, SyclDriver),
    opt("-fsycl-targets=", Joined, Id::SyclTargets, SyclDriver),
    opt("--offload-arch=", Joined, Id::OffloadArch, SyclDriver),
    opt("--offload", Joined, Id::Offload, SyclDriver),
    opt("-fsycl-int-footer=", Joined, Id::SyclIntegrationFooter, SyclDriver),
    opt("-fsycl-int-header=", Joined, Id::SyclIntegrationHeader, SyclDriver),
    opt("-fsycl-spec-constants=", Joined, Id::SyclSpecConstants, SyclDriver),
    opt("-fsycl-device-code-split", Flag, Id::SyclDeviceCodeSplit, SyclDriver),
    opt("-fsycl-device-code-split=", Joined, Id::SyclDeviceCodeSplitMode, SyclDriver),
    opt("-fsycl-footer-path=", Joined, Id::SyclFooterPath, SyclDriver),
    // DPC++'s driver options (its `Options.td`); clang-22 knows none of them.
    opt("-fsycl-link", Flag, Id::SyclLink, SyclDriver),
    opt("-fsycl-link=", Joined, Id::SyclLinkMode, SyclDriver),
    opt("-fsycl-id-queries-fit-in-int", Flag, Id::SyclIdQueriesFitInInt, SyclDriver),
    opt("-fno-sycl-id-queries-fit-in-int", Flag, Id::NoSyclIdQueriesFitInInt, SyclDriver),
    opt("-flink-huge-device-code", Flag, Id::LinkHugeDeviceCode, SyclDriver),
    opt("-fsycl-unnamed-lambda", Flag, Id::SyclUnnamedLambda, SyclDriver),
    opt("-fno-sycl-unnamed-lambda", Flag, Id::NoSyclUnnamedLambda, SyclDriver),
    opt("-fsycl-rdc", Flag, Id::SyclRdc, SyclDriver),
    opt("-fno-sycl-rdc", Flag, Id::NoSyclRdc, SyclDriver),
    opt("-fsycl-device-lib=", Joined, Id::SyclDeviceLib, SyclDriver),
    opt("-fno-sycl-device-lib=", Joined, Id::NoSyclDeviceLib, SyclDriver),
    opt("-fsycl-dead-args-optimization", Flag, Id::SyclDeadArgsOptimization, SyclDriver),
    opt("-fno-sycl-dead-args-optimization", Flag, Id::NoSyclDeadArgsOptimization, SyclDriver),
    opt("-fsycl-max-parallel-link-jobs=", Joined, Id::SyclMaxParallelLinkJobs, SyclDriver),
    opt("-fsycl-embed-ir", Flag, Id::SyclEmbedIr, SyclDriver),
    opt("-Xsycl-target-frontend", Separate, Id::XSyclTargetFrontend, SyclDriver),
    opt("-Xsycl-target-frontend=", JoinedAndSeparate, Id::XSyclTargetFrontend, SyclDriver),
    opt("-Xsycl-target-backend", Separate, Id::XSyclTargetBackend, SyclDriver),
    opt("-Xsycl-target-backend=", JoinedAndSeparate, Id::XSyclTargetBackend, SyclDriver),
    opt("-Xsycl-target-linker", Separate, Id::XSyclTargetLinker, SyclDriver),
    opt("-Xsycl-target-linker=", JoinedAndSeparate, Id::XSyclTargetLinker, SyclDriver),
    opt("-fsycl-host-compiler=", Joined, Id::SyclHostCompiler, SyclDriver),
    opt("-fsycl-host-compiler-options=", Joined, Id::SyclHostCompilerOptions, SyclDriver),
    opt("-fpreview-breaking-changes", Flag, Id::PreviewBreakingChanges, SyclDriver),
    // Host-only instrumentation: clang-22 refuses most of it for spir64, and a device has no
    // runtime for it. (-fno-omit-frame-pointer and the like are harmless on both sides.)
    opt("-fsanitize=", Joined, Id::Sanitize, HostCompile),
    opt("-fsanitize-", Joined, Id::SanitizeOption, HostCompile),
    opt("-fno-sanitize", Joined, Id::NoSanitize, HostCompile),
    opt("-fprofile", Joined, Id::Profile, HostCompile),
    opt("-fno-profile", Joined, Id::NoProfile, HostCompile),
    opt("--coverage", Flag, Id::Coverage, HostCompile),
    opt("-fcoverage-", Joined, Id::CoverageOption, HostCompile),
    opt("-fno-coverage-", Joined, Id::NoCoverageOption, HostCompile),
    opt("-ftest-coverage", Flag, Id::TestCoverage, HostCompile),
    opt("-fprofile-arcs", Flag, Id::ProfileArcs, HostCompile),
    opt("-pg", Flag, Id::ProfileGprof, HostCompile),
    opt("-fstack-protector", Joined, Id::StackProtector, HostCompile),
    opt("-fno-stack-protector", Flag, Id::NoStackProtector, HostCompile),
    opt("-fcf-protection", Joined, Id::CfProtection, HostCompile),
    opt("-finstrument-functions", Joined, Id::InstrumentFunctions, HostCompile),
    opt("-fxray-", Joined, Id::XRay, HostCompile),
    opt("-fcolor-diagnostics", Flag, Id::ColorDiagnostics, Presentation),
    opt("-fno-color-diagnostics", Flag, Id::NoColorDiagnostics, Presentation),
    opt("-fdiagnostics-", Joined, Id::DiagnosticsFormat, Presentation),
    opt("-v", Flag, Id::Verbose, DriverOnly),
    opt("-###", Flag, Id::DryRun, DriverOnly),
    opt("--help", Flag, Id::Help, DriverOnly),
    opt("--version", Flag, Id::Version, DriverOnly),
    opt("-save-temps", Flag, Id::SaveTemps, DriverOnly),
    opt("--save-temps", Flag, Id::SaveTemps, DriverOnly),
    opt("-save-temps=", Joined, Id::SaveTempsMode, DriverOnly),
    opt("-O", Joined, Id::Optimize, Compile),
    opt("-x", JoinedOrSeparate, Id::Language, Compile),
    opt("-include", JoinedOrSeparate, Id::Include, Compile),
    opt("--include", JoinedOrSeparate, Id::Include, Compile),
    opt("-imacros", JoinedOrSeparate, Id::IncludeMacros, Compile),
    opt("-include-pch", Separate, Id::IncludePch, Compile),
    opt("-I", JoinedOrSeparate, Id::IncludeDir, Compile),
    opt("-isystem", JoinedOrSeparate, Id::SystemIncludeDir, Compile),
    opt("-iquote", JoinedOrSeparate, Id::QuoteIncludeDir, Compile),
    opt("-idirafter", JoinedOrSeparate, Id::AfterIncludeDir, Compile),
    opt("-iprefix", JoinedOrSeparate, Id::IncludePrefix, Compile),
    opt("-iwithprefix", JoinedOrSeparate, Id::WithPrefix, Compile),
    opt("-iwithprefixbefore", JoinedOrSeparate, Id::WithPrefixBefore, Compile),
    opt("-isysroot", JoinedOrSeparate, Id::Sysroot, Compile),
    opt("-D", JoinedOrSeparate, Id::Define, Compile),
    opt("-U", JoinedOrSeparate, Id::Undefine, Compile),
    opt("-Xclang", Separate, Id::XClang, Compile),
    opt("-Xpreprocessor", Separate, Id::XPreprocessor, Compile),
    opt("-Wp,", Joined, Id::PreprocessorOptions, Compile),
    opt("-Xassembler", Separate, Id::XAssembler, Compile),
    opt("-Xarch_host", Separate, Id::XArchHost, Compile),
    opt("-Xarch_device", Separate, Id::XArchDevice, Compile),
    opt("-mllvm", Separate, Id::Mllvm, Compile),
    opt("-target", Separate, Id::Target, Compile),
    opt("-arch", Separate, Id::Arch, Compile),
    opt("-ivfsoverlay", JoinedOrSeparate, Id::VfsOverlay, Compile),
    opt("--param", Separate, Id::Param, Compile),
    opt("-main-file-name", Separate, Id::MainFileName, Compile),
    opt("--precompile", Flag, Id::Precompile, Compile),
    opt("-fmodule-file=", Joined, Id::ModuleFile, Compile),
    opt("-l", JoinedOrSeparate, Id::Library, Link),
    opt("-L", JoinedOrSeparate, Id::LibraryDir, Link),
    opt("-Wl,", Joined, Id::LinkerOptions, Link),
    opt("-Xlinker", Separate, Id::XLinker, Link),
    opt("-Xoffload-linker", Separate, Id::XOffloadLinker, Link),
    opt("-fuse-ld=", Joined, Id::UseLinker, Link),
    opt("-nostdlib", Flag, Id::NoStdlib, Link),
    opt("-nostdlib++", Flag, Id::NoStdlibCxx, Link),
    opt("-shared", Flag, Id::Shared, Link),
    opt("-static", Flag, Id::Static, Link),
    opt("-static-libgcc", Flag, Id::StaticLibGcc, Link),
    opt("-static-libstdc++", Flag, Id::StaticLibStdCxx, Link),
    opt("-rdynamic", Flag, Id::Rdynamic, Link),
    opt("-pie", Flag, Id::Pie, Link),
    opt("-no-pie", Flag, Id::NoPie, Link),
    opt("-pthread", Flag, Id::Pthread, Link),
    opt("-z", Separate, Id::LinkerKeyword, Link),
    opt("-T", Separate, Id::LinkerScript, Link),
    opt("-u", Separate, Id::Undefined, Link),
    opt("-e", Separate, Id::Entry, Link),
    opt("--", Flag, Id::EndOfOptions, DriverOnly),
    opt("--sysroot", Separate, Id::DriverSysroot, Compile),
    opt("--sysroot=", Joined, Id::DriverSysroot, Compile),
    opt("-B", JoinedOrSeparate, Id::ToolPrefix, Compile),
    opt("-MJ", JoinedOrSeparate, Id::CompilationDatabaseEntry, DependencyOutput),
    opt("-F", JoinedOrSeparate, Id::FrameworkDir, Compile),
    opt("-iframework", JoinedOrSeparate, Id::SystemFrameworkDir, Compile),
    opt("-iframeworkwithsysroot", JoinedOrSeparate, Id::SystemFrameworkDir, Compile),
    opt("-isystem-after", JoinedOrSeparate, Id::SystemIncludeDirAfter, Compile),
    opt("-iwithsysroot", JoinedOrSeparate, Id::SysrootIncludeDir, Compile),
    opt("-cxx-isystem", JoinedOrSeparate, Id::CxxSystemIncludeDir, Compile),
    opt("-stdlib++-isystem", JoinedOrSeparate, Id::CxxSystemIncludeDir, Compile),
    opt("-serialize-diagnostics", Separate, Id::SerializeDiagnostics, DependencyOutput),
    opt("--config", Separate, Id::ConfigFile, Compile),
    opt("--config=", Joined, Id::ConfigFile, Compile),
    // Build metadata files: the host compile's depfile stands for the build.
    opt("-dependency-dot", Separate, Id::OtherWithValue, DependencyOutput),
    opt("-module-dependency-dir", Separate, Id::OtherWithValue, DependencyOutput),
    opt("-gen-cdb-fragment-path", Separate, Id::OtherWithValue, DependencyOutput),
    opt("-G", Separate, Id::OtherWithValue, Compile),
    opt("-b", Separate, Id::OtherWithValue, Link),
    opt("-dsym-dir", Separate, Id::OtherWithValue, Link),
    opt("--analyzer-output", Separate, Id::OtherWithValue, Compile),
    opt("-Xanalyzer", Separate, Id::OtherWithValue, Compile),
    opt("-Xclangas", Separate, Id::OtherWithValue, Compile),
    opt("-Xcuda-fatbinary", Separate, Id::OtherWithValue, Compile),
    opt("-Xcuda-ptxas", Separate, Id::OtherWithValue, Compile),
    opt("-Xopenmp-target", Separate, Id::OtherWithValue, Compile),
    opt("-ccc-gcc-name", Separate, Id::OtherWithValue, Compile),
    opt("-ccc-install-dir", Separate, Id::OtherWithValue, Compile),
    opt("-darwin-target-variant", Separate, Id::OtherWithValue, Compile),
    opt("-darwin-target-variant-triple", Separate, Id::OtherWithValue, Compile),
    opt("-dumpdir", Separate, Id::OtherWithValue, Compile),
    opt("-fexperimental-openacc-macro-override", Separate, Id::OtherWithValue, Compile),
    opt("-fmodules-user-build-path", Separate, Id::OtherWithValue, Compile),
    opt("-hlsl-entry", Separate, Id::OtherWithValue, Compile),
    opt("-iapinotes-modules", JoinedOrSeparate, Id::OtherWithValue, Compile),
    opt("-meabi", Separate, Id::OtherWithValue, Compile),
    opt("-mmlir", Separate, Id::OtherWithValue, Compile),
    opt("-mthread-model", Separate, Id::OtherWithValue, Compile),
    opt("-resource-dir", Separate, Id::OtherWithValue, Compile),
    opt("-vfsoverlay", Separate, Id::OtherWithValue, Compile),
    opt("-working-directory", Separate, Id::OtherWithValue, Compile),
];

/// One argument: an option with its value, an option not in the table, or an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg<'a> {
    /// The option, when the table knows it.
    pub id: Option<Id>,
    pub role: Role,
    /// The words as given: one, or two for a separate value.
    pub words: &'a [OsString],
    /// The value, joined or separate; `None` for flags, unknown options and inputs, and for
    /// an option whose separate value is missing (see [`Arg::missing_value`]).
    pub value: Option<&'a OsStr>,
}

impl Arg<'_> {
    /// An option that takes a separate value came last, without it.
    pub fn missing_value(&self) -> bool {
        self.value.is_none() && self.words.len() == 1 && self.takes_separate_value()
    }

    fn takes_separate_value(&self) -> bool {
        let word = self.words[0].as_bytes();
        lookup_exact(word).is_some_and(|spec| matches!(spec.shape, Separate | JoinedOrSeparate))
            || lookup(word).is_some_and(|spec| spec.shape == JoinedAndSeparate)
    }

    /// The joined part of a [`Shape::JoinedAndSeparate`] option (`spir64` of
    /// `-Xsycl-target-frontend=spir64 -O3`); `None` for every other shape.
    pub fn joined(&self) -> Option<&OsStr> {
        let word = self.words[0].as_bytes();
        let spec = lookup(word).filter(|spec| spec.shape == JoinedAndSeparate)?;
        Some(OsStr::from_bytes(&word[spec.spelling.len()..]))
    }

    /// The front-end words an `-Wp,A,B` (`A`, `B`) or `-Xpreprocessor A` (`A`) passes on;
    /// nothing for any other option.
    pub fn preprocessor_words(&self) -> Vec<&OsStr> {
        match (self.id, self.value) {
            (Some(Id::PreprocessorOptions), Some(v)) => v
                .as_bytes()
                .split(|&b| b == b',')
                .map(OsStr::from_bytes)
                .collect(),
            (Some(Id::XPreprocessor), Some(v)) => vec![v],
            _ => Vec::new(),
        }
    }

    /// clang's driver reads `-Wp,-MD…`/`-Wp,-MMD…` as its own `-MD`/`-MMD` (never passing
    /// them to the front end, which does not know them).
    fn is_driver_dependency_rewrite(&self) -> bool {
        self.id == Some(Id::PreprocessorOptions)
            && matches!(
                self.preprocessor_words().first().map(|w| w.as_bytes()),
                Some(b"-MD" | b"-MMD")
            )
    }

    /// The option as written (for messages): `-MF` of `-MF x` or of `-MFx`.
    pub fn spelling(&self) -> String {
        let first = self.words[0].to_string_lossy();
        match self.value {
            Some(v) if self.words.len() == 1 => {
                first[..first.len().saturating_sub(v.len())].to_string()
            }
            _ => first.into_owned(),
        }
    }
}

fn lookup_exact(word: &[u8]) -> Option<&'static OptionSpec> {
    TABLE
        .iter()
        .find(|spec| spec.shape != Joined && spec.spelling.as_bytes() == word)
}

/// The option a word starts with: an exact spelling first, else the longest joined stem.
fn lookup(word: &[u8]) -> Option<&'static OptionSpec> {
    lookup_exact(word).or_else(|| {
        TABLE
            .iter()
            .filter(|spec| matches!(spec.shape, Joined | JoinedOrSeparate | JoinedAndSeparate))
            .filter(|spec| word.starts_with(spec.spelling.as_bytes()))
            .max_by_key(|spec| spec.spelling.len())
    })
}

/// Reads a command line (without the program name) into arguments. Never fails: an option
/// missing its separate value comes last with `value: None`; callers that must refuse it ask
/// [`Arg::missing_value`].
pub fn parse(words: &[OsString]) -> Vec<Arg<'_>> {
    let mut args = Vec::with_capacity(words.len());
    let mut i = 0;
    let mut only_inputs = false;
    while i < words.len() {
        let word = words[i].as_bytes();
        let is_input = only_inputs || !word.starts_with(b"-") || word == b"-";
        let Some(spec) = (!is_input).then(|| lookup(word)).flatten() else {
            let role = if is_input { Role::Input } else { Compile };
            args.push(Arg {
                id: None,
                role,
                words: &words[i..=i],
                value: None,
            });
            i += 1;
            continue;
        };
        let joined = &word[spec.spelling.len()..];
        let separate = matches!(spec.shape, Separate | JoinedAndSeparate)
            || spec.shape == JoinedOrSeparate && joined.is_empty();
        let (used, value) = if separate {
            match words.get(i + 1) {
                Some(v) => (2, Some(v.as_os_str())),
                None => (1, None),
            }
        } else if spec.shape == Flag {
            (1, None)
        } else {
            (1, Some(OsStr::from_bytes(joined)))
        };
        only_inputs |= spec.id == Id::EndOfOptions;
        let mut arg = Arg {
            id: Some(spec.id),
            role: spec.role,
            words: &words[i..i + used],
            value,
        };
        if arg.is_driver_dependency_rewrite() {
            arg.role = DependencyOutput;
        }
        args.push(arg);
        i += used;
    }
    args
}

/// The words of `args`, in order.
pub fn words<'a>(args: impl IntoIterator<Item = Arg<'a>>) -> Vec<OsString> {
    args.into_iter()
        .flat_map(|a| a.words.iter().cloned())
        .collect()
}

/// Compile flags without dependency output: the device compile and the analysis must not
/// write depfiles (the host compile's is the build's).
pub fn without_dependency_output(flags: &[OsString]) -> Vec<OsString> {
    words(
        parse(flags)
            .into_iter()
            .filter(|a| a.role != DependencyOutput),
    )
}

/// Whether `flags` make clang read something ahead of the source: `-include`, `-imacros`,
/// `-include-pch`, in the driver's spelling or passed to the front end (`-Xclang`, `-Wp,`,
/// `-Xpreprocessor`), or `-Xclang -emit-pch`. A precompiled `<sycl/sycl.hpp>` then no longer
/// stands for the source's first line.
pub fn reads_ahead_of_source(flags: &[OsString]) -> bool {
    let front_end_include = |word: &[u8]| {
        word.starts_with(b"-include") || word.starts_with(b"-imacros") || word == b"-emit-pch"
    };
    parse(flags).iter().any(|a| match a.id {
        Some(Id::Include | Id::IncludeMacros | Id::IncludePch) => true,
        Some(Id::XClang) => a.value.is_some_and(|v| front_end_include(v.as_bytes())),
        Some(Id::PreprocessorOptions | Id::XPreprocessor) => a
            .preprocessor_words()
            .iter()
            .any(|w| front_end_include(w.as_bytes())),
        _ => false,
    })
}

/// The environment variables clang's driver reads that change what it compiles: edits of its
/// command line, include directories, whether default config files are read, the date.
pub const COMPILE_ENVIRONMENT: &[&str] = &[
    "CCC_OVERRIDE_OPTIONS",
    "CPATH",
    "C_INCLUDE_PATH",
    "CPLUS_INCLUDE_PATH",
    "OBJC_INCLUDE_PATH",
    "OBJCPLUS_INCLUDE_PATH",
    "CLANG_NO_DEFAULT_CONFIG",
    "SOURCE_DATE_EPOCH",
];

/// The files `--config` options name, in order.
pub fn config_files(flags: &[OsString]) -> Vec<&OsStr> {
    parse(flags)
        .into_iter()
        .filter(|a| a.id == Some(Id::ConfigFile))
        .filter_map(|a| a.value)
        .collect()
}

/// The value of the last `id` option, as clang takes the last of repeated options.
pub fn last_value(flags: &[OsString], id: Id) -> Option<&OsStr> {
    parse(flags)
        .into_iter()
        .rev()
        .find(|a| a.id == Some(id))
        .and_then(|a| a.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option clang-22 documents with a separate value (`--help-hidden`: `-MJ <value>`)
    /// is in the table, so its value is never taken for an input or another option. Options
    /// whose spelling is a pattern in the help (`-Xarch_<arch>`) are skipped.
    #[test]
    fn every_clang_option_with_a_separate_value_is_known() {
        // clang++-22 is part of the tool chain (scripts/setup installs it): without it this
        // test fails rather than passing without having checked anything.
        let out = std::process::Command::new("clang++-22")
            .arg("--help-hidden")
            .output()
            .expect("clang++-22 runs (scripts/setup installs it)");
        assert!(out.status.success(), "clang++-22 --help-hidden failed");
        let help = String::from_utf8_lossy(&out.stdout);
        let mut checked = 0;
        for line in help.lines() {
            let Some(rest) = line.strip_prefix("  -") else {
                continue;
            };
            let mut parts = rest.splitn(2, ' ');
            let (Some(name), Some(after)) = (parts.next(), parts.next()) else {
                continue;
            };
            if !after.starts_with('<') || name.contains(['=', '<', ',']) {
                continue;
            }
            let spelling = format!("-{name}");
            let known = lookup_exact(spelling.as_bytes())
                .is_some_and(|spec| matches!(spec.shape, Separate | JoinedOrSeparate));
            assert!(
                known,
                "clang's {spelling} takes a separate value; the table lacks it"
            );
            checked += 1;
        }
        assert!(
            checked > 50,
            "only {checked} options read from clang's help"
        );
    }

    #[test]
    fn driver_options_keep_their_values() {
        assert_eq!(
            ids(&[
                "--sysroot",
                "/x",
                "-B",
                "/tools",
                "-MJ",
                "e.json",
                "-iframework",
                "f"
            ]),
            vec![
                (Some(Id::DriverSysroot), Some("/x".into())),
                (Some(Id::ToolPrefix), Some("/tools".into())),
                (Some(Id::CompilationDatabaseEntry), Some("e.json".into())),
                (Some(Id::SystemFrameworkDir), Some("f".into())),
            ]
        );
        // As clang reads it: `-Bstatic` is `-B static` (a tool prefix), not a linker flag.
        assert_eq!(
            ids(&["-Bstatic", "-lfoo"]),
            vec![
                (Some(Id::ToolPrefix), Some("static".into())),
                (Some(Id::Library), Some("foo".into())),
            ]
        );
    }

    fn words_of(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    fn ids(list: &[&str]) -> Vec<(Option<Id>, Option<String>)> {
        let w = words_of(list);
        parse(&w)
            .iter()
            .map(|a| (a.id, a.value.map(|v| v.to_string_lossy().into_owned())))
            .collect()
    }

    #[test]
    fn joined_and_separate_values() {
        assert_eq!(
            ids(&["-Iinc", "-I", "dir", "-MFa.d", "-MF", "b.d", "-oout.o"]),
            [
                (Some(Id::IncludeDir), Some("inc".into())),
                (Some(Id::IncludeDir), Some("dir".into())),
                (Some(Id::DependencyFile), Some("a.d".into())),
                (Some(Id::DependencyFile), Some("b.d".into())),
                (Some(Id::Output), Some("out.o".into())),
            ]
        );
    }

    #[test]
    fn exact_spellings_win_over_stems() {
        // -include-pch is not -include with value "-pch"; -MMD is not -M; -MD is not -MF.
        assert_eq!(
            ids(&[
                "-include-pch",
                "p.pch",
                "-MMD",
                "-MD",
                "-isystem/usr/x",
                "-static"
            ]),
            [
                (Some(Id::IncludePch), Some("p.pch".into())),
                (Some(Id::WriteUserDependencies), None),
                (Some(Id::WriteDependencies), None),
                (Some(Id::SystemIncludeDir), Some("/usr/x".into())),
                (Some(Id::Static), None),
            ]
        );
    }

    #[test]
    fn unknown_options_and_inputs() {
        let w = words_of(&["-std=c++17", "a.cpp", "-", "--", "-b.cpp"]);
        let roles: Vec<Role> = parse(&w).iter().map(|a| a.role).collect();
        assert_eq!(
            roles,
            [Compile, Role::Input, Role::Input, DriverOnly, Role::Input]
        );
    }

    #[test]
    fn separate_value_is_taken_even_if_it_looks_like_an_option() {
        let w = words_of(&["-Xclang", "-fsycl-is-device", "-D", "-v"]);
        let args = parse(&w);
        assert_eq!(args.len(), 2);
        assert_eq!(args[0].value, Some(OsStr::new("-fsycl-is-device")));
        assert_eq!(args[1].id, Some(Id::Define));
    }

    #[test]
    fn a_missing_value_is_reported_not_dropped() {
        let w = words_of(&["-c", "-o"]);
        let args = parse(&w);
        assert!(!args[0].missing_value());
        assert!(args[1].missing_value());
        assert_eq!(words(args), w);
    }

    #[test]
    fn dependency_output_is_removed_in_both_spellings() {
        let w = words_of(&[
            "-MD", "-MF", "a.d", "-MTx", "-O2", "-M", "-MQ", "$y", "-MFb.d", "-I", "inc",
        ]);
        assert_eq!(
            without_dependency_output(&w),
            words_of(&["-O2", "-I", "inc"])
        );
    }

    #[test]
    fn preprocessor_words_and_the_drivers_md_rewrite() {
        let w = words_of(&[
            "-Wp,-MD,a.d",
            "-Wp,-MMD",
            "-Wp,-MT,t,-DX",
            "-Xpreprocessor",
            "-MP",
            "-Wp,-DY",
        ]);
        let args = parse(&w);
        let roles: Vec<Role> = args.iter().map(|a| a.role).collect();
        assert_eq!(
            roles,
            [
                DependencyOutput,
                DependencyOutput,
                Compile,
                Compile,
                Compile
            ]
        );
        assert_eq!(args[0].preprocessor_words(), ["-MD", "a.d"]);
        assert_eq!(args[2].preprocessor_words(), ["-MT", "t", "-DX"]);
        assert_eq!(args[3].preprocessor_words(), ["-MP"]);
        assert!(
            parse(&words_of(&["-MD"]))[0]
                .preprocessor_words()
                .is_empty()
        );
    }

    #[test]
    fn what_reads_ahead_of_the_source() {
        let reads = |list: &[&str]| reads_ahead_of_source(&words_of(list));
        for ahead in [
            &["-include", "pre.h"][..],
            &["-includepre.h"],
            &["-imacros", "m.h"],
            &["-include-pch", "p.pch"],
            &["-Xclang", "-include", "-Xclang", "x.h"],
            &["-Xclang", "-include-pch", "-Xclang", "x.pch"],
            &["-Xclang", "-imacros", "-Xclang", "m.h"],
            &["-Xclang", "-emit-pch"],
            &["-Wp,-include,x.h"],
            &["-Wp,-DX,-imacros,m.h"],
            &["-Xpreprocessor", "-include", "-Xpreprocessor", "x.h"],
        ] {
            assert!(reads(ahead), "{ahead:?}");
        }
        for not_ahead in [
            &["-I", "-include"][..],
            &["-Xclang", "-fno-sycl", "-DX"],
            &["-Wp,-DX"],
            &["-D", "-include"],
        ] {
            assert!(!reads(not_ahead), "{not_ahead:?}");
        }
    }

    #[test]
    fn config_files_in_both_spellings() {
        let w = words_of(&["--config", "a.cfg", "x.cpp", "--config=b.cfg"]);
        assert_eq!(config_files(&w), ["a.cfg", "b.cfg"]);
        let inputs: Vec<&OsString> = parse(&w)
            .iter()
            .filter(|a| a.role == Role::Input)
            .flat_map(|a| a.words)
            .collect();
        assert_eq!(inputs, ["x.cpp"]);
    }

    #[test]
    fn last_value_wins() {
        let w = words_of(&[
            "-O1",
            "-fsycl-unique-prefix=a",
            "-O3",
            "-fsycl-unique-prefix=b",
        ]);
        assert_eq!(last_value(&w, Id::Optimize), Some(OsStr::new("3")));
        assert_eq!(last_value(&w, Id::SyclUniquePrefix), Some(OsStr::new("b")));
        assert_eq!(last_value(&w, Id::Output), None);
    }

    #[test]
    fn spelling_without_the_value() {
        let w = words_of(&["-MFa.d", "-MF", "b.d", "-c"]);
        let spellings: Vec<String> = parse(&w).iter().map(Arg::spelling).collect();
        assert_eq!(spellings, ["-MF", "-MF", "-c"]);
    }

    #[test]
    fn joined_and_separate_takes_both() {
        let w = words_of(&[
            "-Xsycl-target-frontend=spir64",
            "-O3",
            "-Xsycl-target-backend",
            "-cl-opt",
            "-Xsycl-target-linker=spir64",
        ]);
        let args = parse(&w);
        assert_eq!(args.len(), 3);
        assert_eq!(args[0].joined(), Some(OsStr::new("spir64")));
        assert_eq!(args[0].value, Some(OsStr::new("-O3")));
        assert_eq!(args[1].joined(), None);
        assert_eq!(args[1].value, Some(OsStr::new("-cl-opt")));
        assert!(args[2].missing_value());
        assert_eq!(args[0].spelling(), "-Xsycl-target-frontend=spir64");
    }

    #[test]
    fn host_instrumentation_is_host_compile() {
        let w = words_of(&[
            "-fsanitize=address",
            "-fno-sanitize-recover=all",
            "-fprofile-instr-generate",
            "-fprofile-arcs",
            "-fcoverage-mapping",
            "-pg",
            "-fstack-protector-strong",
            "-fcf-protection",
            "-fno-omit-frame-pointer",
        ]);
        let roles: Vec<Role> = parse(&w).iter().map(|a| a.role).collect();
        assert_eq!(roles[..8], [HostCompile; 8]);
        assert_eq!(roles[8], Compile);
    }
}
