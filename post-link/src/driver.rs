//! The tool's job (post-link.md §7): read and link the inputs, run the pass, produce every
//! output file in memory, then write them all atomically. Nothing is written when any step
//! fails.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use thiserror::Error;

use crate::llvm::{self, Context, Module, TargetMachine, ValueKind};
use crate::lower::{self, LowerError, LowerReport, Mode};
use crate::prop::{self, PropValue, PropertySets};

#[derive(Debug, Error)]
pub enum Error {
    #[error("{}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}: cannot parse LLVM IR: {msg}", .path.display())]
    Parse { path: PathBuf, msg: String },
    #[error("{}: cannot link: {msg}", .path.display())]
    Link { path: PathBuf, msg: String },
    #[error("{what} is not valid LLVM IR: {msg}")]
    Invalid { what: String, msg: String },
    #[error(transparent)]
    Lower(#[from] LowerError),
    #[error("SPIR-V emission failed: {0}")]
    Emit(String),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Write(String),
}

/// `-` as an input or `-o` value: standard input or output, as in DPC++.
pub const STDIO: &str = "-";

/// Code-file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeFormat {
    Bitcode,
    Text,
    SpirV,
}

impl CodeFormat {
    fn ext(self) -> &'static str {
        match self {
            CodeFormat::Bitcode => "bc",
            CodeFormat::Text => "ll",
            CodeFormat::SpirV => "spv",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub inputs: Vec<PathBuf>,
    /// `-o [target,]file`.
    pub output: Option<std::ffi::OsString>,
    pub out_dir: Option<PathBuf>,
    pub format: CodeFormat,
    /// SPIR-V version for `-emit-spirv`, e.g. "1.2".
    pub spirv_version: String,
    pub ir_output_only: bool,
    pub split: Split,
    pub spec_const: Option<Mode>,
    pub default_spec_consts_image: bool,
    pub properties: bool,
    pub symbols: bool,
    pub json: bool,
    /// Leave the LLVM context and modules allocated when `run` returns (for a process that
    /// exits right after, like clang's `-disable-free`): freeing a large module object by
    /// object took about 15% of the run time on 10^5 getter calls.
    pub skip_teardown: bool,
}

/// Device-code split (`-split=`): which kernels share an image.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Split {
    /// One image with everything.
    #[default]
    None,
    /// One image per kernel.
    PerKernel,
    /// One image per source file (kernels' `"sycl-module-id"` attribute).
    PerSource,
    /// Per source, unless the module calls indirectly or has functions marked
    /// `"referenced-indirectly"` (then no split), as DPC++ chooses.
    Auto,
}

/// `module` split into images as `split` says (one image, `module` itself, when nothing
/// splits).
pub fn split_modules<'c>(module: Module<'c>, split: Split) -> Result<Vec<Module<'c>>, Error> {
    let groups = split_groups(&module, split);
    if groups.is_empty() {
        return Ok(vec![module]);
    }
    groups
        .iter()
        .map(|kernels| image_of(&module, kernels))
        .collect()
}

/// The kernels of each image, in module order (empty: one image, nothing split).
fn split_groups(module: &Module<'_>, split: Split) -> Vec<Vec<String>> {
    let per_source = match split {
        Split::None => return Vec::new(),
        Split::Auto if calls_indirectly(module) => return Vec::new(),
        Split::PerKernel => false,
        Split::PerSource | Split::Auto => true,
    };
    let mut groups: Vec<(Option<String>, Vec<String>)> = Vec::new();
    for k in module.functions() {
        if !k.is_spir_kernel() || k.is_declaration() {
            continue;
        }
        // Per kernel: no key, every kernel a group of its own.
        let key = per_source.then(|| k.string_attribute("sycl-module-id").unwrap_or_default());
        match groups.iter_mut().find(|(g, _)| key.is_some() && *g == key) {
            Some((_, names)) => names.push(k.name()),
            None => groups.push((key, vec![k.name()])),
        }
    }
    if groups.len() <= 1 {
        return Vec::new();
    }
    groups.into_iter().map(|(_, names)| names).collect()
}

/// An indirect call, or a function marked `"referenced-indirectly"`.
fn calls_indirectly(module: &Module<'_>) -> bool {
    module.functions().into_iter().any(|f| {
        f.string_attribute("referenced-indirectly").is_some()
            || (!f.is_declaration()
                && f.instructions().into_iter().any(|i| {
                    i.as_call()
                        .is_some_and(|call| call.callee().kind() != ValueKind::Function)
                }))
    })
}

/// A copy of `module` with only `kernels` as kernels, and what they no longer need removed.
fn image_of<'c>(module: &Module<'c>, kernels: &[String]) -> Result<Module<'c>, Error> {
    let mut image = module.clone_module();
    for f in image.functions() {
        if f.is_spir_kernel()
            && !f.is_declaration()
            && !kernels.contains(&f.name())
            && !f.has_users()
        {
            // SAFETY: unused; `functions()` lists each function once.
            unsafe { f.delete() };
        }
    }
    image
        .run_passes("globaldce")
        .map_err(|msg| Error::Invalid {
            what: "a split image".into(),
            msg,
        })?;
    Ok(image)
}

/// The bytes of one output file.
#[derive(Debug)]
pub enum Content {
    Owned(Vec<u8>),
    /// Bitcode stays in LLVM's buffer: copying it out costs a module-sized allocation.
    Llvm(llvm::Buffer),
}

impl std::ops::Deref for Content {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Content::Owned(v) => v,
            Content::Llvm(b) => b,
        }
    }
}

impl From<Vec<u8>> for Content {
    fn from(v: Vec<u8>) -> Self {
        Content::Owned(v)
    }
}

/// Everything a run produces, not yet written.
#[derive(Debug, Default)]
pub struct Outcome {
    pub files: Vec<(PathBuf, Content)>,
    /// JSON reflection for stdout (`--json`).
    pub json: Option<String>,
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
        let m = ctx
            .parse_ir(bytes, &path.to_string_lossy())
            .map_err(|msg| Error::Parse {
                path: path.clone(),
                msg: msg.trim_end().to_string(),
            })?;
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

/// `spir64-…` → `spirv64v<ver>-unknown-unknown`; 32-bit SPIR triples map to `spirv32`.
pub fn spirv_triple(module_triple: &str, version: &str) -> String {
    let bits = if module_triple.starts_with("spir-") || module_triple.starts_with("spirv32") {
        32
    } else {
        64
    };
    format!("spirv{bits}v{version}-unknown-unknown")
}

pub fn code_bytes(
    m: &Module<'_>,
    format: CodeFormat,
    spirv_version: &str,
) -> Result<Content, Error> {
    match format {
        CodeFormat::Bitcode => Ok(Content::Llvm(m.to_bitcode())),
        CodeFormat::Text => Ok(m.to_text().into_bytes().into()),
        CodeFormat::SpirV => {
            let triple = spirv_triple(&m.triple(), spirv_version);
            // One target machine for the datalayout, the target passes and emission.
            let machine = TargetMachine::new(&triple).map_err(Error::Emit)?;
            let dl = machine.data_layout();
            // LLVM 22's SPIR-V backend leaks state from one emission into the next
            // (crate::isolate says how): each emission runs in a child process of its own.
            crate::isolate::run_in_child(|| {
                // Emission retargets the module; work on a copy.
                let mut copy = m.clone_module();
                copy.set_triple(&triple);
                copy.set_data_layout(&dl);
                // The specialization_id objects stay in lowered IR (DPC++ keeps them for debug
                // info) but nothing uses them any more; LLVM 22's SPIR-V backend does work for
                // every global in every function, so with them emission grew with functions x
                // spec constants (2,000 constants in 200 kernels: 25.9 s and 1.77 GB; without:
                // 0.2 s).
                copy.run_passes("globaldce")?;
                // Generic pointers whose address space is known become that space's again
                // (the kernel wrappers' accessor pointers, after inlining): the device then
                // needs no generic accesses where a hand-written OpenCL kernel has none.
                copy.run_target_passes("function(infer-address-spaces)", &machine)?;
                lower::legalize_for_spirv(&copy);
                copy.emit_object(&machine)
            })
            .map(Content::from)
            .map_err(Error::Emit)
        }
    }
}

fn properties_text(m: &Module<'_>, default_image: bool) -> Result<String, Error> {
    Ok(property_sets(m, default_image)?.write())
}

/// The property sets of a lowered module (read back from its metadata, as DPC++ does).
pub fn property_sets(m: &Module<'_>, default_image: bool) -> Result<PropertySets, Error> {
    let tables = lower::read_spec_constants(m)?;
    let mut p = PropertySets::default();
    // No aspects are tracked: DPC++ still writes the (empty) aspects property.
    p.add(
        prop::SET_DEVICE_REQUIREMENTS,
        "aspects",
        PropValue::Bytes(Vec::new()),
    );
    if !tables.descriptors.is_empty() {
        for (name, descs) in &tables.descriptors {
            p.add(
                prop::SET_SPEC_CONSTANTS,
                name,
                PropValue::Bytes(crate::model::desc_bytes(descs)),
            );
        }
        p.add(
            prop::SET_SPEC_DEFAULTS,
            "all",
            PropValue::Bytes(tables.default_blob.clone()),
        );
    }
    if default_image {
        p.add(
            prop::SET_MISC,
            "specConstsReplacedWithDefault",
            PropValue::U32(1),
        );
    }
    Ok(p)
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
pub fn run(opts: &Options) -> Result<Outcome, Error> {
    let ctx = Context::new();
    let (out, modules) = produce(&ctx, opts)?;
    if opts.skip_teardown {
        std::mem::forget(modules);
        std::mem::forget(ctx);
    }
    Ok(out)
}

fn produce<'c>(ctx: &'c Context, opts: &Options) -> Result<(Outcome, Vec<OutModule<'c>>), Error> {
    if opts.ir_output_only && (opts.properties || opts.symbols || opts.default_spec_consts_image) {
        return Err(Error::Usage(
            "-ir-output-only cannot be combined with -properties, -symbols or \
             -generate-device-image-default-spec-consts"
                .into(),
        ));
    }
    if !opts.ir_output_only && opts.output.as_deref() == Some(std::ffi::OsStr::new(STDIO)) {
        return Err(Error::Usage(
            "-o - (standard output) needs -ir-output-only: a table names several files".into(),
        ));
    }
    let (module, valid_input) = read_and_link(ctx, &opts.inputs)?;
    let groups = split_groups(&module, opts.split);
    if opts.ir_output_only && groups.len() > 1 {
        return Err(Error::Usage(format!(
            "-ir-output-only writes one module, but -split makes {} images",
            groups.len()
        )));
    }
    let images = if groups.is_empty() {
        vec![module]
    } else {
        groups
            .iter()
            .map(|kernels| image_of(&module, kernels))
            .collect::<Result<Vec<_>, _>>()?
    };
    // Each image is lowered on its own (its IDs number from 0), its default-value clone
    // right after it.
    let mut modules = Vec::with_capacity(images.len() * 2);
    for image in images {
        let default_clone = if opts.default_spec_consts_image {
            let clone = image.clone_module();
            let report = lower::lower(&clone, Mode::DefaultValues)?;
            report.modified.then_some(OutModule {
                module: clone,
                report,
                default_image: true,
            })
        } else {
            None
        };
        let report = match opts.spec_const {
            Some(mode) => lower::lower(&image, mode)?,
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
        m.module.verify().map_err(|msg| Error::Invalid {
            what: format!("output module {i}"),
            msg: msg.trim_end().to_string(),
        })?;
    }

    let (target, out_file) = match &opts.output {
        Some(o) => split_target(o)?,
        // Module from standard input and one output: standard output (DPC++'s default).
        None if opts.ir_output_only && opts.inputs.iter().any(|p| p == Path::new(STDIO)) => {
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
            name.push(if opts.ir_output_only {
                ".out"
            } else {
                ".files"
            });
            (None, PathBuf::from(name))
        }
    };

    let mut out = Outcome::default();
    if opts.ir_output_only {
        let m = &modules[0];
        out.files.push((
            out_file.clone(),
            code_bytes(&m.module, opts.format, &opts.spirv_version)?,
        ));
        if opts.json {
            out.json = Some(json(
                opts,
                &modules,
                &[(out_file.display().to_string(), None, None)],
            )?);
        }
        return Ok((out, modules));
    }

    let dir = match &opts.out_dir {
        Some(d) => d.clone(),
        None => out_file.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    // File names are bytes: derived names keep the output's stem as it is.
    let stem = out_file
        .file_stem()
        .map(std::ffi::OsStr::to_os_string)
        .unwrap_or_else(|| "out".into());
    let mut columns = vec!["Code"];
    if opts.properties {
        columns.push("Properties");
    }
    if opts.symbols {
        columns.push("Symbols");
    }
    let mut rows = Vec::new();
    let mut names = Vec::new();
    // DPC++: with nothing modified and no -o, the input itself is the code (and it says so).
    let unmodified_input = match opts.inputs.as_slice() {
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
    };
    for (n, m) in modules.iter().enumerate() {
        let with_ext = |ext: &str| {
            let mut name = stem.clone();
            name.push(format!("_{n}.{ext}"));
            dir.join(name)
        };
        let code = match &unmodified_input {
            Some(input) => input.clone(),
            None => {
                let code = with_ext(opts.format.ext());
                out.files.push((
                    code.clone(),
                    code_bytes(&m.module, opts.format, &opts.spirv_version)?,
                ));
                code
            }
        };
        let mut row = vec![code.display().to_string()];
        let mut prop_name = None;
        let mut sym_name = None;
        if opts.properties {
            let p = match &target {
                Some(t) => with_ext(&format!("{t}.prop")),
                None => with_ext("prop"),
            };
            out.files.push((
                p.clone(),
                properties_text(&m.module, m.default_image)?
                    .into_bytes()
                    .into(),
            ));
            row.push(p.display().to_string());
            prop_name = Some(p.display().to_string());
        }
        if opts.symbols {
            let s = with_ext("sym");
            out.files
                .push((s.clone(), symbols_text(&m.module).into_bytes().into()));
            row.push(s.display().to_string());
            sym_name = Some(s.display().to_string());
        }
        names.push((code.display().to_string(), prop_name, sym_name));
        rows.push(row);
    }
    out.files
        .push((out_file, prop::table(&columns, &rows).into_bytes().into()));
    if opts.json {
        out.json = Some(json(opts, &modules, &names)?);
    }
    Ok((out, modules))
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
pub fn write_outputs(out: &Outcome) -> Result<(), Error> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spirv_triples() {
        assert_eq!(
            spirv_triple("spir64-unknown-unknown", "1.2"),
            "spirv64v1.2-unknown-unknown"
        );
        assert_eq!(
            spirv_triple("spir-unknown-unknown", "1.0"),
            "spirv32v1.0-unknown-unknown"
        );
        assert_eq!(spirv_triple("", "1.4"), "spirv64v1.4-unknown-unknown");
    }
}
