//! Front end of sycl-specconst: parses a SYCL translation unit with libclang (host mode) and
//! reports what DPC++'s integration footer needs: every `specialization_id` variable with its
//! symbolic ID (`__builtin_sycl_unique_stable_id`) and enclosing scopes, and every kernel that
//! takes a `kernel_handler`.
//!
//! All libclang calls live in the private `libclang` module; no libclang type is public. The
//! public surface: [`analyze`], [`spec_ids_named`], [`load_libclang`], the first-include test
//! ([`starts_with_sycl_include`]), a source's preamble ([`source_preamble`]), [`sycl_attribute_spans`], [`Options`] and [`Error`], and
//! the plain data of the `model` crate, re-exported as [`model`].

#![deny(unsafe_code)]

mod analysis;
mod demangle;
mod expansion_parse;
mod header_cache;
mod host_attributes;
mod kernel_object;
#[allow(unsafe_code)]
mod libclang;
mod preamble;
mod prefix;
mod probe_parse;
mod reduction_kernels;

pub use ::model;
pub use header_cache::starts_with_sycl_include;
pub use host_attributes::sycl_attribute_spans;
pub use preamble::{Preamble, source_preamble};

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

pub use model::{Analysis, Inlining, Kernel, Linkage, Scope, SourceLocation, SpecId};

/// How to analyse one TU.
#[derive(Clone, Debug)]
pub struct Options {
    /// The source file, as given by the user (it is hashed as given for the prefix).
    pub source: PathBuf,
    /// The user's compile flags (without the source file); bytes, as clang takes them.
    pub args: Vec<OsString>,
    /// Explicit unique prefix; otherwise `-fsycl-unique-prefix=` in `args`, otherwise the
    /// deterministic default.
    pub unique_prefix: Option<String>,
    /// Leave libclang's translation unit and the walker's tables allocated instead of freeing
    /// them (like clang's `-disable-free`), and return without waiting for the analysis thread
    /// to finish exiting: for a process that exits right after one TU.
    pub skip_teardown: bool,
    /// A directory for Intel's headers parsed once (`header_cache`): analyses of sources that
    /// start with `#include <sycl/sycl.hpp>` load them instead of parsing them again. `None`
    /// parses everything every time.
    pub header_cache: Option<PathBuf>,
    /// Describe each kernel launch for a device compile too: its object's arguments, its
    /// special captures, its SYCL kernel attributes and the restrictions its code breaks.
    /// Without them (a footer, `--json`) launches keep their name, invoker, callable and place,
    /// and the walk does less than half its work on kernel-heavy TUs.
    pub kernel_details: bool,
}

/// Why a TU could not be analysed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    #[error(
        "libclang could not be loaded ({0}); install it with `apt-get install libclang-22-dev` \
         (or run scripts/setup), or point LIBCLANG_PATH at the directory holding libclang.so"
    )]
    LibclangNotFound(String),
    #[error("{path}: {message}")]
    Input { path: PathBuf, message: String },
    #[error("{0}")]
    InvalidPrefix(String),
    #[error("a compile flag contains a NUL byte")]
    NulInArgument,
    #[error("internal error: {0}")]
    Internal(String),
    #[error("libclang could not parse {}: {}", .path.display(), parse_failure_reason(*.code))]
    ParseFailed { path: PathBuf, code: i32 },
    /// The TU has errors; each entry is one clang-formatted diagnostic
    /// (`file:line:col: error: …`).
    #[error("{} error(s) in the translation unit", .errors)]
    Compile {
        errors: usize,
        diagnostics: Vec<String>,
    },
}

/// Flags that must not reach the libclang host parse: SYCL driver options (they would make
/// libclang parse the device job, or are unknown to stock clang), and a cc1
/// `-fsycl-is-device`; `-fsycl-is-host` is added unless given.
fn host_parse_args(args: &[OsString]) -> Vec<OsString> {
    let parsed = clang_args::parse(args);
    let is_cc1 = |arg: &clang_args::Arg<'_>, flag: &str| {
        arg.id == Some(clang_args::Id::XClang) && arg.value == Some(OsStr::new(flag))
    };
    let has_host_flag = parsed.iter().any(|a| is_cc1(a, "-fsycl-is-host"));
    let mut out = clang_args::words(
        parsed
            .into_iter()
            .filter(|a| a.role != clang_args::Role::SyclDriver && !is_cc1(a, "-fsycl-is-device")),
    );
    if !has_host_flag {
        out.push("-Xclang".into());
        out.push("-fsycl-is-host".into());
    }
    // Warnings are the compiler's to report, not the footer's; with them off clang also skips
    // the analyses behind them (CFG-based checks of every body: ~3% of a large TU's parse).
    // Errors, including warnings that default to errors, are unaffected.
    out.push("-w".into());
    // SYCL_EXTERNAL as an attribute libclang shows, for the kernel-restriction checks (Intel's
    // headers keep a predefined SYCL_EXTERNAL; on the host they would define it empty).
    if !defines_macro(&out, "SYCL_EXTERNAL") {
        out.push(
            format!(
                "-DSYCL_EXTERNAL=__attribute__((annotate(\"{}\")))",
                analysis::SYCL_EXTERNAL_ANNOTATION
            )
            .into(),
        );
    }
    out
}

/// Whether the command line defines or undefines `name` (`-D name…`, `-U name`).
fn defines_macro(args: &[OsString], name: &str) -> bool {
    clang_args::parse(args).iter().any(|a| {
        matches!(
            a.id,
            Some(clang_args::Id::Define | clang_args::Id::Undefine)
        ) && a.value.is_some_and(|v| {
            let v = std::os::unix::ffi::OsStrExt::as_bytes(v);
            v.starts_with(name.as_bytes()) && matches!(v.get(name.len()), None | Some(b'='))
        })
    })
}

/// Checks the source can be read. A source that is not a regular file (a FIFO, a process
/// substitution) can be read only once: it is read here, and the parses use these bytes.
fn check_source(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    let input_error = |message: String| Error::Input {
        path: path.to_path_buf(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| input_error(io_message(&e)))?;
    if meta.is_dir() {
        return Err(input_error("is a directory, not a source file".into()));
    }
    if !meta.is_file() {
        return std::fs::read(path)
            .map(Some)
            .map_err(|e| input_error(io_message(&e)));
    }
    std::fs::File::open(path).map_err(|e| input_error(io_message(&e)))?;
    Ok(None)
}

fn io_message(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Loads libclang now. Multi-threaded callers call this before starting threads (loading may
/// set `LIBCLANG_PATH` for the process).
pub fn load_libclang() -> Result<(), Error> {
    libclang::load().map_err(Error::LibclangNotFound)
}

/// Builds now, if missing, the saved AST that [`analyze`] with `options` would load (Intel's
/// headers or the source's preamble, `header_cache`), so that it can be built beside other
/// work; does nothing where the analysis would use none. Load libclang first
/// ([`load_libclang`]) when other threads run.
pub fn prepare_header_cache(options: &Options) {
    let Some(dir) = &options.header_cache else {
        return;
    };
    if !matches!(check_source(&options.source), Ok(None)) {
        return;
    }
    let Ok(index) = libclang::Index::new() else {
        return;
    };
    let args = host_parse_args(&options.args);
    let _ = header_cache::headers_ast(&index, dir, &options.source, &args);
}

/// What libclang's `CXErrorCode` says went wrong, in words.
fn parse_failure_reason(code: i32) -> &'static str {
    match code {
        2 => "libclang crashed while parsing it",
        3 => "the compile flags are not valid for a single source (another input among them?)",
        4 => "a precompiled header or module file it needs cannot be read",
        _ => "a compile flag, the working directory or an input file is not usable",
    }
}

fn parse_error(failure: libclang::ParseFailure, source: &Path) -> Error {
    match failure {
        libclang::ParseFailure::NulInArgument => Error::NulInArgument,
        libclang::ParseFailure::Libclang(code) => Error::ParseFailed {
            path: source.to_path_buf(),
            code,
        },
    }
}

/// The unique prefix for `options`: explicit, else from the flags, else deterministic.
fn unique_prefix_for(options: &Options) -> Result<String, Error> {
    let chosen = match (&options.unique_prefix, prefix::from_flags(&options.args)) {
        (Some(p), _) => p.clone(),
        (None, Some(p)) => p.into_owned(),
        (None, None) => prefix::deterministic(options.source.as_os_str(), &options.args),
    };
    prefix::validate(&chosen).map_err(Error::InvalidPrefix)?;
    Ok(chosen)
}

/// Parses and analyses one TU.
///
/// The work runs on a thread of its own with a large stack: clang's parser and the walk
/// (nested `clang_visitChildren` calls) recurse with the AST, and generated code can nest
/// expressions tens of thousands deep (`1+1+…+1`), which clang handles but an 8 MiB stack does
/// not. libclang parses on the same thread (`LIBCLANG_NOTHREADS`), so the walk finds the AST in
/// its caches.
pub fn analyze(options: &Options) -> Result<Analysis, Error> {
    /// Address space only: pages are committed as the recursion actually uses them. Under an
    /// address-space limit (`ulimit -v`) a smaller reservation is tried before giving up.
    const WALK_STACK_BYTES: [usize; 4] = [1 << 30, 256 << 20, 64 << 20, 16 << 20];
    // Under an address-space limit the stack takes at most a quarter of it: a 1 GiB stack
    // under `ulimit -v` 1.3 GB left libclang too little ("LLVM ERROR: out of memory").
    let stack_budget = address_space_limit().map_or(usize::MAX, |limit| limit / 4);
    let stacks = WALK_STACK_BYTES
        .into_iter()
        .filter(|&s| s <= stack_budget || s == WALK_STACK_BYTES[WALK_STACK_BYTES.len() - 1]);
    // Loading sets environment variables for libclang, so it happens before any thread of
    // ours runs; a failure is reported by the analysis itself.
    let _ = libclang::load();
    let builder = |stack: usize| {
        std::thread::Builder::new()
            .name("sycl-specconst-analysis".into())
            .stack_size(stack)
    };
    let cannot_start =
        |e: std::io::Error| Error::Internal(format!("cannot start the analysis thread: {e}"));
    let panicked = || Error::Internal("the analysis thread panicked".into());
    if options.skip_teardown {
        // The process ends after this TU: the result is handed over as soon as it exists, and
        // the thread's own exit (thread-local destructors, the allocator's per-thread clean-up,
        // releasing its stack: ~3 ms after a large TU) overlaps the caller's rendering.
        let (sender, receiver) = std::sync::mpsc::sync_channel(1);
        let mut last_error = None;
        for stack in stacks {
            let sender = sender.clone();
            let options = options.clone();
            match builder(stack).spawn(move || {
                // The receiver only goes away if the caller is gone too.
                let _ = sender.send(analyze_here(&options));
            }) {
                Ok(_) => {
                    last_error = None;
                    break;
                }
                Err(e) => last_error = Some(e),
            }
        }
        if let Some(e) = last_error {
            return Err(cannot_start(e));
        }
        drop(sender);
        return receiver.recv().unwrap_or_else(|_| Err(panicked()));
    }
    std::thread::scope(|scope| {
        let mut last_error = None;
        for stack in stacks {
            match builder(stack).spawn_scoped(scope, || analyze_here(options)) {
                Ok(handle) => return handle.join().unwrap_or_else(|_| Err(panicked())),
                Err(e) => last_error = Some(e),
            }
        }
        Err(cannot_start(
            last_error.unwrap_or_else(|| std::io::Error::other("no stack size")),
        ))
    })
}

/// The spec ids that `names` denote in the TU `options` describes, one per name (`None`: not a
/// spec id, or not nameable): `names` are qualified names valid at the end of the TU
/// (`::holder<Tag>::vt<4>`), such as those of spec ids only device code instantiates (in a
/// functor template's `operator()`, which the host never instantiates), demangled from the
/// device code. A second parse, with Intel's headers from the cache as the analysis had them.
pub fn spec_ids_named(options: &Options, names: &[String]) -> Result<Vec<Option<SpecId>>, Error> {
    /// The walk recurses as deep as the TU's expressions.
    const STACK_BYTES: usize = 256 << 20;
    let _ = libclang::load();
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("sycl-specconst-named".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || spec_ids_named_here(options, names))
            .map_err(|e| Error::Internal(format!("cannot start the analysis thread: {e}")))?
            .join()
            .unwrap_or_else(|_| Err(Error::Internal("the analysis thread panicked".into())))
    })
}

fn spec_ids_named_here(options: &Options, names: &[String]) -> Result<Vec<Option<SpecId>>, Error> {
    let unique_prefix = unique_prefix_for(options)?;
    let streamed_source = check_source(&options.source)?;
    let index = libclang::Index::new().map_err(Error::LibclangNotFound)?;
    let mut args = host_parse_args(&options.args);
    if let (Some(dir), None) = (&options.header_cache, &streamed_source)
        && let Some(ast) = header_cache::headers_ast(&index, dir, &options.source, &args)
        && !ast.is_preamble()
    {
        // The probes insert text into the source: a preamble's AST is not used there.
        args.extend(ast.args());
    }
    let source = probe_parse::SourceText {
        path: &options.source,
        bytes: source_bytes(&options.source, streamed_source)?,
    };
    probe_parse::spec_ids_named(&index, source, &args, &unique_prefix, names)
}

/// The soft address-space limit (`ulimit -v`) in bytes, if there is one.
fn address_space_limit() -> Option<usize> {
    use nix::sys::resource::{RLIM_INFINITY, Resource, getrlimit};
    let (soft, _) = getrlimit(Resource::RLIMIT_AS).ok()?;
    (soft != RLIM_INFINITY).then(|| usize::try_from(soft).unwrap_or(usize::MAX))
}

/// The process's minor page faults so far, from `/proc/self/stat` (0 where there is none):
/// for the timing breakdown only.
fn minor_faults() -> u64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0;
    };
    // Fields after the parenthesised command name; minflt is field 10 of the whole line.
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(7))
        .and_then(|field| field.parse().ok())
        .unwrap_or(0)
}

fn analyze_here(options: &Options) -> Result<Analysis, Error> {
    let unique_prefix = unique_prefix_for(options)?;
    let streamed_source = check_source(&options.source)?;
    let index = libclang::Index::new().map_err(Error::LibclangNotFound)?;
    let args = host_parse_args(&options.args);
    let mut timing = Timing::start();
    let (tu, parse_args, with_saved_ast) =
        parse_source(&index, options, &args, streamed_source.as_deref())?;
    timing.parsed();
    let mut walker = analysis::Walker::new(unique_prefix.clone(), analysis::Purpose::Analysis);
    walker.set_kernel_details(options.kernel_details);
    walker.walk_tu(tu.cursor());
    timing.report(with_saved_ast);
    let mut probes = walker.take_probes();
    let collected = walker.finish(&mut probes);
    let mut kernels = collected.kernels;
    let mut instantiated_kernels = collected.instantiated_kernels;
    if !collected.unexpanded.is_empty() {
        let bytes = match &streamed_source {
            Some(bytes) => bytes.clone(),
            None => source_bytes(&options.source, None)?,
        };
        let regions: Vec<&analysis::Unexpanded> =
            collected.unexpanded.iter().map(|(_, _, u)| u).collect();
        let rereads = reread_attributes(&index, (&options.source, bytes), &parse_args, &regions);
        for ((instantiated, i, _), attributes) in collected.unexpanded.iter().zip(rereads) {
            let list = if *instantiated {
                &mut instantiated_kernels
            } else {
                &mut kernels
            };
            if let Some(kernel) = list.get_mut(*i) {
                kernel.attributes = attributes;
            }
        }
    }
    let warnings = collected.warnings;
    let local_spec_ids = collected.local_spec_ids;
    let kernel_restrictions = collected.kernel_restrictions;
    let device_functions = collected.device_functions;
    let spec_ids = if probes.is_empty() {
        collected
            .declared
            .into_iter()
            .chain(collected.used)
            .map(|(_, spec)| spec)
            .collect()
    } else {
        let source = probe_parse::SourceText {
            path: &options.source,
            bytes: source_bytes(&options.source, streamed_source)?,
        };
        probe_parse::spec_ids_with_probes(
            &index,
            source,
            &parse_args,
            &unique_prefix,
            &probes,
            collected.declared,
            collected.used,
        )?
    };
    let dependencies = dependencies(&tu);
    if options.skip_teardown {
        std::mem::forget(walker);
        std::mem::forget(tu);
        std::mem::forget(index);
    }
    Ok(Analysis {
        source: options.source.clone(),
        unique_prefix,
        spec_ids,
        kernels,
        instantiated_kernels,
        dependencies,
        warnings,
        local_spec_ids,
        kernel_restrictions,
        device_functions,
    })
}

/// The attributes of kernels written through macros or with expressions for arguments, read
/// again: from clang's expansion of the macros (the expansion parse), with the expressions'
/// values clang computes where they are written (the evaluation parse). Each parse runs only
/// when some region needs it.
fn reread_attributes(
    index: &libclang::Index,
    main: (&Path, Vec<u8>),
    args: &[OsString],
    regions: &[&analysis::Unexpanded],
) -> Vec<model::KernelAttributes> {
    let (path, bytes) = main;
    let with_macros: Vec<&analysis::Unexpanded> =
        regions.iter().filter(|u| u.has_macros).copied().collect();
    let mut expansions = if with_macros.is_empty() {
        Vec::new()
    } else {
        expansion_parse::expand(index, (path, bytes.clone()), args, &with_macros)
    }
    .into_iter();
    let tokens: Vec<Option<Vec<String>>> = regions
        .iter()
        .map(|u| {
            if u.has_macros {
                expansions.next().flatten()
            } else {
                Some(u.written.clone())
            }
        })
        .collect();
    let mut read: Vec<Option<(model::KernelAttributes, Vec<String>)>> = tokens
        .iter()
        .zip(regions)
        .map(|(t, u)| t.as_ref().map(|t| analysis::reread(t, u, &[])))
        .collect();
    let requests: Vec<(usize, Vec<String>)> = read
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match r {
            Some((_, pending)) if !pending.is_empty() => Some((i, pending.clone())),
            _ => None,
        })
        .collect();
    if !requests.is_empty() {
        let evaluations: Vec<expansion_parse::Evaluation<'_>> = requests
            .iter()
            .map(|(i, expressions)| expansion_parse::Evaluation {
                file: &regions[*i].file,
                at: regions[*i].insert_at,
                expressions,
            })
            .collect();
        let values = expansion_parse::evaluate(index, (path, bytes), args, &evaluations);
        for ((i, expressions), values) in requests.iter().zip(values) {
            let evaluated: Vec<(String, Option<i128>)> =
                expressions.iter().cloned().zip(values).collect();
            read[*i] = tokens[*i]
                .as_ref()
                .map(|t| analysis::reread(t, regions[*i], &evaluated));
        }
    }
    read.into_iter()
        .zip(regions)
        .map(|(r, u)| match r {
            Some((attributes, _)) => attributes,
            None => analysis::unexpandable(&u.at),
        })
        .collect()
}

/// Parses the source, with Intel's headers or its preamble from the cache when there are some
/// for it; returns the TU, the flags later parses of it repeat (the probe parse, the
/// attributes' expansion parse) and whether a saved AST was used.
fn parse_source<'idx>(
    index: &'idx libclang::Index,
    options: &Options,
    args: &[OsString],
    streamed_source: Option<&[u8]>,
) -> Result<(libclang::TranslationUnit<'idx>, Vec<OsString>, bool), Error> {
    let source: &OsStr = options.source.as_os_str();
    let headers_ast = match (&options.header_cache, streamed_source) {
        (Some(dir), None) => header_cache::headers_ast(index, dir, &options.source, args),
        _ => None,
    };
    let with_headers_ast = headers_ast
        .as_ref()
        .and_then(|ast| parse_with_headers_ast(index, source, args, ast));
    let with_saved_ast = with_headers_ast.is_some();
    // Errors are reported as a parse of the source alone reports them; and if that parse has
    // none, the saved headers were at fault (damaged, changed since, built incompatibly).
    let (tu, diagnostics, parse_args) = match with_headers_ast {
        // The parses that repeat these flags (the attributes' expansion parse, the probes)
        // insert text into the source; a preamble's AST is not used there (they parse in
        // full), only Intel's headers'.
        Some((tu, diagnostics, _)) if headers_ast.as_ref().is_some_and(|a| a.is_preamble()) => {
            (tu, diagnostics, args.to_vec())
        }
        Some(parsed) => parsed,
        None => {
            let tu = index
                .parse(source, args, streamed_source, false)
                .map_err(|f| parse_error(f, &options.source))?;
            let diagnostics = tu.diagnostics();
            if let Some(ast) = &headers_ast
                && !has_errors(&diagnostics)
            {
                header_cache::discard(&ast.path);
            }
            (tu, diagnostics, args.to_vec())
        }
    };
    check_compile_errors(diagnostics)?;
    Ok((tu, parse_args, with_saved_ast))
}

/// A parse with the saved AST of Intel's headers, if it has no errors.
fn parse_with_headers_ast<'idx>(
    index: &'idx libclang::Index,
    source: &OsStr,
    args: &[OsString],
    ast: &header_cache::HeadersAst,
) -> Option<(
    libclang::TranslationUnit<'idx>,
    Vec<libclang::Diagnostic>,
    Vec<OsString>,
)> {
    let mut ast_args = args.to_vec();
    ast_args.extend(ast.args());
    let tu = index.parse(source, &ast_args, None, false).ok()?;
    let diagnostics = tu.diagnostics();
    (!has_errors(&diagnostics)).then_some((tu, diagnostics, ast_args))
}

fn has_errors(diagnostics: &[libclang::Diagnostic]) -> bool {
    diagnostics
        .iter()
        .any(|d| d.severity >= libclang::Severity::Error)
}

/// `Error::Compile` with the warnings and errors when the TU has errors.
fn check_compile_errors(diagnostics: Vec<libclang::Diagnostic>) -> Result<(), Error> {
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity >= libclang::Severity::Error)
        .count();
    if errors == 0 {
        return Ok(());
    }
    Err(Error::Compile {
        errors,
        diagnostics: diagnostics
            .into_iter()
            .filter(|d| d.severity >= libclang::Severity::Warning)
            .map(|d| d.text)
            .collect(),
    })
}

/// The source's bytes: those already read when it could be read only once, else the file's.
fn source_bytes(path: &Path, streamed_source: Option<Vec<u8>>) -> Result<Vec<u8>, Error> {
    match streamed_source {
        Some(bytes) => Ok(bytes),
        None => std::fs::read(path).map_err(|e| Error::Input {
            path: path.to_path_buf(),
            message: io_message(&e),
        }),
    }
}

/// Every file the TU includes, each once, in the order libclang reports them.
fn dependencies(tu: &libclang::TranslationUnit<'_>) -> Vec<PathBuf> {
    let mut dependencies = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for f in tu.included_files() {
        if seen.insert(f.clone()) {
            dependencies.push(f);
        }
    }
    dependencies
}

/// The timing breakdown `SYCL_SPECCONST_TIMING` asks for: parse and walk times, page faults.
struct Timing {
    enabled: bool,
    started: std::time::Instant,
    faults_at_start: u64,
    /// When the parse ended, and the page faults by then.
    parsed: Option<(std::time::Instant, u64)>,
}

impl Timing {
    fn start() -> Self {
        let enabled = std::env::var_os("SYCL_SPECCONST_TIMING").is_some();
        Timing {
            enabled,
            faults_at_start: if enabled { minor_faults() } else { 0 },
            started: std::time::Instant::now(),
            parsed: None,
        }
    }

    fn parsed(&mut self) {
        if self.enabled {
            self.parsed = Some((std::time::Instant::now(), minor_faults()));
        }
    }

    /// Prints the breakdown after the walk; `headers_from_cache`: the parse loaded Intel's
    /// headers from the header cache.
    fn report(&self, headers_from_cache: bool) {
        let Some((parsed, faults_after_parse)) = self.parsed else {
            return;
        };
        let faults_after_walk = minor_faults();
        eprintln!(
            "sycl-specconst: timing: parse {:.1} ms{}, walk {:.1} ms; page faults: before \
             parse {}, parse {}, walk {}",
            (parsed - self.started).as_secs_f64() * 1e3,
            if headers_from_cache {
                " (Intel's headers from the cache)"
            } else {
                ""
            },
            parsed.elapsed().as_secs_f64() * 1e3,
            self.faults_at_start,
            // Saturating: a /proc read that fails midway reads as 0.
            faults_after_parse.saturating_sub(self.faults_at_start),
            faults_after_walk.saturating_sub(faults_after_parse),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::host_parse_args;

    fn v(list: &[&str]) -> Vec<std::ffi::OsString> {
        list.iter().map(std::ffi::OsString::from).collect()
    }

    const EXTERNAL: &str =
        "-DSYCL_EXTERNAL=__attribute__((annotate(\"sycl-specconst-sycl-external\")))";

    #[test]
    fn sycl_driver_flags_become_a_host_parse() {
        assert_eq!(
            host_parse_args(&v(&["-fsycl", "-O2", "-fsycl-unique-prefix=uidX"])),
            v(&["-O2", "-Xclang", "-fsycl-is-host", "-w", EXTERNAL])
        );
        assert_eq!(
            host_parse_args(&v(&["-Xclang", "-fsycl-is-host", "-I", "inc"])),
            v(&["-Xclang", "-fsycl-is-host", "-I", "inc", "-w", EXTERNAL])
        );
        assert_eq!(
            host_parse_args(&v(&["-Xclang", "-fsycl-is-device"])),
            v(&["-Xclang", "-fsycl-is-host", "-w", EXTERNAL])
        );
    }

    #[test]
    fn a_user_definition_of_sycl_external_is_kept() {
        for given in [
            &["-DSYCL_EXTERNAL="][..],
            &["-D", "SYCL_EXTERNAL"],
            &["-USYCL_EXTERNAL"],
        ] {
            let mut want = v(given);
            want.extend(v(&["-Xclang", "-fsycl-is-host", "-w"]));
            assert_eq!(host_parse_args(&v(given)), want);
        }
        // Another macro with the same prefix is not a definition of it.
        let args = host_parse_args(&v(&["-DSYCL_EXTERNAL_X=1"]));
        assert_eq!(
            args.last().map(|a| a.to_string_lossy().into_owned()),
            Some(EXTERNAL.into())
        );
    }
}
