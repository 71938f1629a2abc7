//! `sycl-post-link`'s job (`docs/reference/post-link.md` §7): read and link the inputs, run
//! the pass on each image, produce every output file in memory as the options say, then write
//! them all atomically. Nothing is written when any step fails.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use post_link::images::{self, CodeFormat, Content, Split};
use post_link::llvm::{Context, Module};
use post_link::lower::{self, LowerError, LowerReport, Mode};
use post_link::prop;

#[derive(Debug, Error)]
pub(crate) enum Error {
    #[error("{}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}: cannot parse LLVM IR: {msg}", .path.display())]
    Parse { path: PathBuf, msg: String },
    #[error("{}: cannot link: {msg}", .path.display())]
    Link { path: PathBuf, msg: String },
    #[error(transparent)]
    Lower(#[from] LowerError),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Write(String),
    /// Invalid IR and SPIR-V emission: the image library's errors.
    #[error(transparent)]
    Image(#[from] images::Error),
}

/// `-` as an input or `-o` value: standard input or output, as in DPC++.
pub(crate) const STDIO: &str = "-";

#[derive(Clone, Debug)]
pub(crate) struct Options {
    pub(crate) inputs: Vec<PathBuf>,
    /// `-o [target,]file`.
    pub(crate) output: Option<std::ffi::OsString>,
    pub(crate) out_dir: Option<PathBuf>,
    pub(crate) format: CodeFormat,
    /// SPIR-V version for `-emit-spirv`, e.g. "1.2".
    pub(crate) spirv_version: String,
    pub(crate) split: Split,
    pub(crate) spec_const: Option<Mode>,
    pub(crate) outputs: Outputs,
    pub(crate) json: bool,
    /// Leave the LLVM context and modules allocated when `run` returns (for a process that
    /// exits right after, like clang's `-disable-free`): freeing a large module object by
    /// object took about 15% of the run time on 10^5 getter calls.
    pub(crate) skip_teardown: bool,
}

/// Everything a run produces, not yet written.
#[derive(Debug, Default)]
pub(crate) struct Outcome {
    pub(crate) files: Vec<(PathBuf, Content)>,
    /// JSON reflection for stdout (`--json`).
    pub(crate) json: Option<String>,
}

#[derive(Serialize)]
struct JsonModule {
    code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symbols: Option<String>,
    default_values_image: bool,
    kernels: Vec<String>,
    modified: bool,
    spec_constants: Vec<lower::SpecConstReport>,
    /// The `all` default blob as hex.
    default_blob: String,
}

#[derive(Serialize)]
struct JsonReport {
    mode: Option<Mode>,
    modules: Vec<JsonModule>,
}

struct OutModule<'c> {
    module: Module<'c>,
    report: LowerReport,
    default_image: bool,
}

/// The linked input, and whether it passed LLVM's verifier.
fn read_and_link<'c>(ctx: &'c Context, inputs: &[PathBuf]) -> Result<(Module<'c>, bool), Error> {
    let mut linked: Option<Module<'c>> = None;
    for path in inputs {
        let bytes = read_input(path).map_err(|error| Error::Io {
            path: path.clone(),
            error,
        })?;
        let m = post_link::isolate::parse_untrusted(ctx, bytes, &path.to_string_lossy()).map_err(
            |msg| Error::Parse {
                path: path.clone(),
                msg: msg.trim_end().to_string(),
            },
        )?;
        match linked.as_mut() {
            None => linked = Some(m),
            Some(dst) => dst.link(m).map_err(|msg| Error::Link {
                path: path.clone(),
                msg,
            })?,
        }
    }
    let m = linked.ok_or_else(|| Error::Usage("no input files".into()))?;
    if let Err(msg) = m.verify() {
        // DPC++'s own LLVM accepts modules LLVM 22's verifier rejects (e.g. `sret` on a
        // `spir_kernel`); the lowering touches only the getter calls, so such input is
        // processed, with a warning, as DPC++ would. Output modules are not checked either.
        eprintln!(
            "sycl-post-link: warning: the input is not valid LLVM IR for LLVM 22 ({}); \
             processing it as DPC++ does",
            msg.trim_end().replace('\n', " ")
        );
        return Ok((m, false));
    }
    Ok((m, true))
}

/// The whole file, with room for the NUL `Context::parse_ir` appends (so a module-sized
/// buffer is not reallocated and copied).
fn read_input(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    if path == Path::new(STDIO) {
        let mut bytes = Vec::new();
        std::io::stdin().lock().read_to_end(&mut bytes)?;
        return Ok(bytes);
    }
    let mut f = std::fs::File::open(path)?;
    let size = f.metadata().map(|m| m.len()).unwrap_or(0);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
    f.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// `-o [target,]file`: the target is text; the file name any bytes but the `.table`
/// separators (`|`, line breaks), which would make the table unreadable.
fn split_target(o: &std::ffi::OsStr) -> Result<(Option<String>, PathBuf), Error> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = o.as_bytes();
    let (target, file) = match bytes.iter().position(|&b| b == b',') {
        Some(i) => (
            Some(String::from_utf8_lossy(&bytes[..i]).into_owned()),
            std::ffi::OsStr::from_bytes(&bytes[i + 1..]),
        ),
        None => (None, o),
    };
    if file
        .as_bytes()
        .iter()
        .any(|&b| matches!(b, b'|' | b'\n' | b'\r'))
    {
        return Err(Error::Usage(format!(
            "-o {}: an output name cannot contain '|' or a line break (the .table separators)",
            file.to_string_lossy()
        )));
    }
    Ok((target, PathBuf::from(file)))
}

fn symbols_text(m: &Module<'_>) -> String {
    let mut s = String::new();
    for k in lower::kernel_names(m) {
        s.push_str(&k);
        s.push('\n');
    }
    s
}

/// Runs the whole job and returns the files to write.
pub(crate) fn run(opts: &Options) -> Result<Outcome, Error> {
    let ctx = Context::new();
    let (out, modules) = produce(&ctx, opts)?;
    if opts.skip_teardown {
        std::mem::forget(modules);
        std::mem::forget(ctx);
    }
    Ok(out)
}

/// What `-ir-output-only`, `-properties`, `-symbols` and
/// `-generate-device-image-default-spec-consts` ask for: one code file, or a table of images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outputs {
    /// `-ir-output-only`: the one module's code, no table.
    IrOnly,
    /// A `.table` naming each image's files.
    Table {
        properties: bool,
        symbols: bool,
        /// A default-values clone after each image that reads spec constants.
        default_values_image: bool,
    },
}

impl Outputs {
    /// The outputs the flags select; `-ir-output-only` excludes the table's extras.
    pub(crate) fn from_flags(
        ir_output_only: bool,
        properties: bool,
        symbols: bool,
        default_values_image: bool,
    ) -> Result<Outputs, Error> {
        if !ir_output_only {
            return Ok(Outputs::Table {
                properties,
                symbols,
                default_values_image,
            });
        }
        if properties || symbols || default_values_image {
            return Err(Error::Usage(
                "-ir-output-only cannot be combined with -properties, -symbols or \
                 -generate-device-image-default-spec-consts"
                    .into(),
            ));
        }
        Ok(Outputs::IrOnly)
    }

    fn default_values_image(self) -> bool {
        matches!(
            self,
            Outputs::Table {
                default_values_image: true,
                ..
            }
        )
    }
}

fn produce<'c>(ctx: &'c Context, opts: &Options) -> Result<(Outcome, Vec<OutModule<'c>>), Error> {
    if opts.outputs != Outputs::IrOnly
        && opts.output.as_deref() == Some(std::ffi::OsStr::new(STDIO))
    {
        return Err(Error::Usage(
            "-o - (standard output) needs -ir-output-only: a table names several files".into(),
        ));
    }
    let modules = lowered_modules(ctx, opts)?;
    let (target, out_file) = output_file(opts)?;
    let out = match opts.outputs {
        Outputs::IrOnly => ir_only_outcome(opts, &modules, out_file)?,
        Outputs::Table {
            properties,
            symbols,
            ..
        } => {
            let table = TableFiles {
                target,
                out_file,
                properties,
                symbols,
            };
            table.outcome(opts, &modules)?
        }
    };
    Ok((out, modules))
}

/// The linked input split into images, each lowered on its own (its IDs number from 0), its
/// default-value clone right after it; verified unless the input was not.
fn lowered_modules<'c>(ctx: &'c Context, opts: &Options) -> Result<Vec<OutModule<'c>>, Error> {
    let (module, valid_input) = read_and_link(ctx, &opts.inputs)?;
    let groups = images::split_groups(&module, opts.split);
    if opts.outputs == Outputs::IrOnly && groups.len() > 1 {
        return Err(Error::Usage(format!(
            "-ir-output-only writes one module, but -split makes {} images",
            groups.len()
        )));
    }
    let images = images::images_of(module, &groups)?;
    let mut modules = Vec::with_capacity(images.len() * 2);
    for mut image in images {
        let default_clone = if opts.outputs.default_values_image() {
            let mut clone = image.clone_module();
            let report = lower::lower(&mut clone, Mode::DefaultValues)?;
            report.modified.then_some(OutModule {
                module: clone,
                report,
                default_image: true,
            })
        } else {
            None
        };
        let report = match opts.spec_const {
            Some(mode) => lower::lower(&mut image, mode)?,
            None => LowerReport::default(),
        };
        modules.push(OutModule {
            module: image,
            report,
            default_image: false,
        });
        modules.extend(default_clone);
    }
    for (i, m) in modules.iter().enumerate().filter(|_| valid_input) {
        m.module.verify().map_err(|msg| images::Error::Invalid {
            what: format!("output module {i}"),
            msg: msg.trim_end().to_string(),
        })?;
    }
    Ok(modules)
}

/// `-o [target,]file`, or the default: standard output for a module read from standard
/// input with `-ir-output-only` (DPC++'s default), else `<input stem>.out` / `.files`.
fn output_file(opts: &Options) -> Result<(Option<String>, PathBuf), Error> {
    let ir_only = opts.outputs == Outputs::IrOnly;
    Ok(match &opts.output {
        Some(o) => split_target(o)?,
        None if ir_only && opts.inputs.iter().any(|p| p == Path::new(STDIO)) => {
            (None, PathBuf::from(STDIO))
        }
        None => {
            let stem = opts
                .inputs
                .first()
                .filter(|p| *p != Path::new(STDIO))
                .and_then(|p| p.file_stem())
                .map(std::ffi::OsStr::to_os_string)
                .unwrap_or_else(|| "out".into());
            let mut name = stem;
            name.push(if ir_only { ".out" } else { ".files" });
            (None, PathBuf::from(name))
        }
    })
}

/// `-ir-output-only`: the one module's code in `out_file`.
fn ir_only_outcome(
    opts: &Options,
    modules: &[OutModule<'_>],
    out_file: PathBuf,
) -> Result<Outcome, Error> {
    let mut out = Outcome::default();
    let m = &modules[0];
    out.files.push((
        out_file.clone(),
        images::code_bytes(&m.module, opts.format, &opts.spirv_version)?,
    ));
    if opts.json {
        out.json = Some(json(
            opts,
            modules,
            &[(out_file.display().to_string(), None, None)],
        )?);
    }
    Ok(out)
}

/// Table mode: per image a code file (`<stem>_<n>.<ext>`) and the `.prop`/`.sym` files asked
/// for, and the table in `out_file` naming them.
struct TableFiles {
    /// `-o target,file`: the target is part of the `.prop` names.
    target: Option<String>,
    out_file: PathBuf,
    properties: bool,
    symbols: bool,
}

impl TableFiles {
    fn outcome(self, opts: &Options, modules: &[OutModule<'_>]) -> Result<Outcome, Error> {
        let mut columns = vec!["Code"];
        if self.properties {
            columns.push("Properties");
        }
        if self.symbols {
            columns.push("Symbols");
        }
        let mut out = Outcome::default();
        let mut rows = Vec::new();
        let mut names = Vec::new();
        let unmodified_input = unmodified_input(opts, modules);
        for (n, m) in modules.iter().enumerate() {
            let files = self.image_files(opts, n, m, unmodified_input.as_ref(), &mut out)?;
            let (code, prop, sym) = &files;
            rows.push(
                std::iter::once(code.clone())
                    .chain(prop.clone())
                    .chain(sym.clone())
                    .collect::<Vec<_>>(),
            );
            names.push(files);
        }
        out.files.push((
            self.out_file,
            prop::table(&columns, &rows).into_bytes().into(),
        ));
        if opts.json {
            out.json = Some(json(opts, modules, &names)?);
        }
        Ok(out)
    }

    /// Image `n`'s files, added to `out`; returns their names (code, properties, symbols).
    fn image_files(
        &self,
        opts: &Options,
        n: usize,
        m: &OutModule<'_>,
        unmodified_input: Option<&PathBuf>,
        out: &mut Outcome,
    ) -> Result<Names, Error> {
        let with_ext = |ext: &str| {
            let mut name = self.stem();
            name.push(format!("_{n}.{ext}"));
            self.dir(opts).join(name)
        };
        let code = match unmodified_input {
            Some(input) => input.clone(),
            None => {
                let code = with_ext(opts.format.ext());
                let bytes = images::code_bytes(&m.module, opts.format, &opts.spirv_version)?;
                out.files.push((code.clone(), bytes));
                code
            }
        };
        let mut prop_name = None;
        if self.properties {
            let p = match &self.target {
                Some(t) => with_ext(&format!("{t}.prop")),
                None => with_ext("prop"),
            };
            let text = images::property_sets(&m.module, m.default_image)?.write();
            out.files.push((p.clone(), text.into_bytes().into()));
            prop_name = Some(p.display().to_string());
        }
        let mut sym_name = None;
        if self.symbols {
            let s = with_ext("sym");
            out.files
                .push((s.clone(), symbols_text(&m.module).into_bytes().into()));
            sym_name = Some(s.display().to_string());
        }
        Ok((code.display().to_string(), prop_name, sym_name))
    }

    /// `-out-dir`, or the table's directory.
    fn dir(&self, opts: &Options) -> PathBuf {
        match &opts.out_dir {
            Some(d) => d.clone(),
            None => self
                .out_file
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default(),
        }
    }

    /// File names are bytes: derived names keep the output's stem as it is.
    fn stem(&self) -> std::ffi::OsString {
        self.out_file
            .file_stem()
            .map(std::ffi::OsStr::to_os_string)
            .unwrap_or_else(|| "out".into())
    }
}

/// DPC++: with nothing modified and no -o, the input itself is the code (and it says so).
fn unmodified_input(opts: &Options, modules: &[OutModule<'_>]) -> Option<PathBuf> {
    match opts.inputs.as_slice() {
        [input]
            if opts.output.is_none()
                && input != Path::new(STDIO)
                && opts.format != CodeFormat::SpirV
                && modules.len() == 1
                && !modules[0].report.modified =>
        {
            eprintln!("sycl-post-link NOTE: no modifications to the input LLVM IR have been made");
            Some(input.clone())
        }
        _ => None,
    }
}

type Names = (String, Option<String>, Option<String>);

fn json(opts: &Options, modules: &[OutModule<'_>], names: &[Names]) -> Result<String, Error> {
    let mut list = Vec::new();
    for (m, (code, props, syms)) in modules.iter().zip(names) {
        let tables = lower::read_spec_constants(&m.module)?;
        list.push(JsonModule {
            code: code.clone(),
            properties: props.clone(),
            symbols: syms.clone(),
            default_values_image: m.default_image,
            kernels: lower::kernel_names(&m.module),
            modified: m.report.modified,
            spec_constants: m.report.spec_constants.clone(),
            default_blob: tables
                .default_blob
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        });
    }
    let report = JsonReport {
        mode: opts.spec_const,
        modules: list,
    };
    serde_json::to_string_pretty(&report)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| Error::Usage(e.to_string()))
}

/// Writes every file of `out` as one commit (the shared `output` crate: all temporary files
/// first, then the renames, so a file that cannot be written leaves every output untouched;
/// new files get the umask's mode, replaced ones keep theirs). `-` is standard output,
/// written once the files are in place.
pub(crate) fn write_outputs(out: &Outcome) -> Result<(), Error> {
    let files: Vec<(&Path, &[u8])> = out
        .files
        .iter()
        .filter(|(path, _)| path != Path::new(STDIO))
        .map(|(path, bytes)| (path.as_path(), &bytes[..]))
        .collect();
    output::commit(&files).map_err(|e| Error::Write(e.to_string()))?;
    for (path, bytes) in &out.files {
        if path == Path::new(STDIO) {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&bytes[..])
                .and_then(|()| stdout.flush())
                .map_err(|error| Error::Io {
                    path: PathBuf::from("<stdout>"),
                    error,
                })?;
        }
    }
    Ok(())
}
