//! `sycl-footer`: writes the DPC++ integration footer of a SYCL translation unit.
//!
//! ```text
//! sycl-footer [options] FILE -- <compile flags>
//! sycl-footer -p BUILD_DIR --output-dir DIR [options]
//! ```

#![forbid(unsafe_code)]

use std::path::PathBuf;

use anyhow::{anyhow, bail};
use clap::{Parser, ValueEnum};

use footer_gen::Style;

mod batch;
mod driver_query;
mod output;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum StyleArg {
    V1,
    V2,
    V3,
}

impl From<StyleArg> for Style {
    fn from(s: StyleArg) -> Style {
        match s {
            StyleArg::V1 => Style::V1,
            StyleArg::V2 => Style::V2,
            StyleArg::V3 => Style::V3,
        }
    }
}

/// Write the SYCL 2020 integration footer DPC++ would append to a translation unit.
#[derive(Debug, Parser)]
#[command(
    name = "sycl-footer",
    version,
    after_help = "Compile flags after `--` are the ones the TU is compiled with (-I, -D, -std=…). \
                  The TU is parsed in SYCL host mode with libclang; set LIBCLANG_PATH to choose \
                  a libclang (default: the newest installed).\n\n\
                  Exit status: 0 success, 1 the TU or an input/output file is bad, 2 usage error."
)]
struct Cli {
    /// Source file of the translation unit.
    #[arg(value_name = "FILE", required_unless_present = "build_dir")]
    file: Option<PathBuf>,

    /// Write the footer (or JSON) to FILE, atomically; default: standard output.
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,

    /// Footer layout: v3 (current DPC++), v2 or v1 (older SYCL runtimes).
    #[arg(long, value_enum, default_value = "v3")]
    style: StyleArg,

    /// Unique prefix for IDs of internal-linkage variables (default: deterministic hash of the
    /// source path and flags). Also accepted as -fsycl-unique-prefix=… here or in the flags.
    #[arg(long = "unique-prefix", value_name = "PREFIX")]
    unique_prefix: Option<String>,

    /// Print the analysis as JSON (spec ids and kernels) instead of the footer.
    #[arg(long)]
    json: bool,

    /// Also write a make-style depfile listing every header the TU read.
    #[arg(long = "MD")]
    md: bool,

    /// Depfile path (implies -MD); default: the output file with `.d` appended.
    #[arg(long = "MF", value_name = "FILE")]
    mf: Option<PathBuf>,

    /// Target named in the depfile; default: the output file.
    #[arg(long = "MT", value_name = "TARGET")]
    mt: Option<String>,

    /// Batch mode: analyse every TU of BUILD_DIR/compile_commands.json, in parallel.
    #[arg(short = 'p', value_name = "BUILD_DIR", conflicts_with_all = ["file", "output"])]
    build_dir: Option<PathBuf>,

    /// Batch mode: directory receiving one footer per TU (mirrors the source's absolute path).
    #[arg(long = "output-dir", value_name = "DIR", requires = "build_dir")]
    output_dir: Option<PathBuf>,

    /// Batch mode: number of parallel jobs (default: available cores).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    jobs: Option<usize>,

    /// Compile flags of the TU.
    #[arg(last = true, value_name = "COMPILE FLAGS", allow_hyphen_values = true)]
    compile_flags: Vec<std::ffi::OsString>,
}

/// clang spells its options with one dash (`-MD`, `-MF x`, `-fsycl-unique-prefix=x`); clap
/// wants two for long options. Rewrite those before `--` so both spellings work.
fn normalize_args(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut out = Vec::with_capacity(args.len());
    let mut after_separator = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i == 0 || after_separator {
            out.push(arg);
            continue;
        }
        match arg.to_str() {
            Some("--") => {
                after_separator = true;
                out.push(arg);
            }
            Some("-MD") => out.push("--MD".into()),
            Some("-MF") => out.push("--MF".into()),
            Some("-MT") => out.push("--MT".into()),
            Some(s) if s.starts_with("-fsycl-unique-prefix=") => {
                out.push("--unique-prefix".into());
                out.push(s["-fsycl-unique-prefix=".len()..].into());
            }
            _ => out.push(arg),
        }
    }
    out
}

/// Exit status for a bad TU or a bad input/output file (usage errors exit with 2, via clap).
const EXIT_FAILURE: u8 = 1;

fn main() -> ! {
    process::tuning::fit_allocator_to_address_space_limit();
    let cli = Cli::parse_from(normalize_args(std::env::args_os().collect()));
    let usage_error = |message: &str| -> ! {
        use clap::CommandFactory;
        Cli::command()
            .error(clap::error::ErrorKind::MissingRequiredArgument, message)
            .exit()
    };
    if cli.build_dir.is_some() && cli.output_dir.is_none() {
        usage_error("-p BUILD_DIR needs --output-dir DIR (one footer is written per TU)");
    }
    if cli.md && cli.mf.is_none() && cli.output.is_none() && cli.build_dir.is_none() {
        usage_error("-MD without -o needs -MF FILE (where to write the depfile)");
    }
    if cli.output_dir.is_some() && cli.build_dir.is_none() {
        usage_error("--output-dir DIR applies to batch mode only (-p BUILD_DIR)");
    }
    if cli.jobs.is_some() && cli.build_dir.is_none() {
        usage_error("-j N applies to batch mode only (-p BUILD_DIR)");
    }
    // Outputs must not replace the source or each other (clang refuses `-o` naming an input).
    if let Some(file) = &cli.file {
        for (option, path) in [("-o", &cli.output), ("-MF", &cli.mf)] {
            if path.as_deref().is_some_and(|p| output::same_file(p, file)) {
                usage_error(&format!("{option} names the input file {}", file.display()));
            }
        }
    }
    if let (Some(o), Some(mf)) = (&cli.output, &cli.mf) {
        if output::same_file(o, mf) {
            usage_error("-MF names the same file as -o");
        }
    }
    if cli.build_dir.is_none() {
        process::tuning::use_main_heap_for_every_thread();
    }
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("sycl-footer: error: {e:#}");
            EXIT_FAILURE
        }
    };
    // Outputs are complete and renamed into place: nothing is left to clean up.
    process::tuning::exit_without_teardown(code)
}

fn run(cli: Cli) -> anyhow::Result<u8> {
    let style = Style::from(cli.style);
    if let Some(build_dir) = &cli.build_dir {
        return run_batch(&cli, build_dir, style);
    }
    let file = cli.file.clone().ok_or_else(|| anyhow!("no input file"))?;
    let Some(analysis) = analyze(&cli, &file)? else {
        return Ok(EXIT_FAILURE);
    };
    for warning in &analysis.warnings {
        eprintln!("{warning}");
    }
    let text = if cli.json {
        output::json(&analysis)?
    } else {
        footer_gen::render(&analysis.spec_ids, style)
    };
    let depfile = depfile_of(&cli, &file, &analysis)?;
    write_outputs(&cli, &text, depfile)?;
    // The process ends now: freeing a large analysis piece by piece only costs time.
    std::mem::forget(analysis);
    Ok(0)
}

/// `-p BUILD_DIR`: every TU of the compilation database.
fn run_batch(cli: &Cli, build_dir: &std::path::Path, style: Style) -> anyhow::Result<u8> {
    let output_dir = cli
        .output_dir
        .as_deref()
        .ok_or_else(|| anyhow!("-p BUILD_DIR needs --output-dir DIR"))?;
    let jobs = cli.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let failures = batch::run(&batch::Batch {
        build_dir,
        output_dir,
        style,
        json: cli.json,
        unique_prefix: cli.unique_prefix.clone(),
        jobs: jobs.max(1),
    })?;
    Ok(if failures == 0 { 0 } else { EXIT_FAILURE })
}

/// The analysis of `file`, or `None` when the TU has errors (printed here).
fn analyze(cli: &Cli, file: &std::path::Path) -> anyhow::Result<Option<plugin::Analysis>> {
    // Dependency-output flags among the compile flags are the compiler's: its depfile is for
    // the object and its own inputs. libclang would write it too, and sycl-footer honouring
    // them replaced the compiler's file with the footer's; they are taken out of the parse and
    // left alone. The footer's own depfile is asked for with sycl-footer's -MD/-MF/-MT.
    let options = plugin::Options {
        source: file.to_path_buf(),
        args: clang_args::without_dependency_output(&cli.compile_flags),
        unique_prefix: cli.unique_prefix.clone(),
        // The process exits after this TU: freeing libclang's AST piece by piece is wasted.
        skip_teardown: true,
        header_cache: None,
        // The footer and --json name kernels; the device compile's details are not theirs.
        kernel_details: false,
    };
    match plugin::analyze(&options) {
        Ok(analysis) => Ok(Some(analysis)),
        Err(plugin::Error::Compile {
            errors,
            diagnostics,
        }) => {
            for d in &diagnostics {
                eprintln!("{d}");
            }
            eprintln!(
                "sycl-footer: error: {errors} error(s) in {}; no footer written",
                file.display()
            );
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// The depfile asked for (-MD, -MF, -MT): its path and its text.
fn depfile_of(
    cli: &Cli,
    file: &std::path::Path,
    analysis: &plugin::Analysis,
) -> anyhow::Result<Option<(PathBuf, String)>> {
    let path = match (&cli.mf, cli.md) {
        (Some(path), _) => path.clone(),
        (None, true) => match &cli.output {
            Some(o) => PathBuf::from(format!("{}.d", o.display())),
            None => bail!("-MD without -o needs -MF FILE"),
        },
        (None, false) => return Ok(None),
    };
    let target = cli.mt.clone().unwrap_or_else(|| {
        let output = cli.output.as_ref().map(|o| o.display().to_string());
        depfile::quote_target(&output.unwrap_or_else(|| format!("{}.footer.h", file.display())))
    });
    Ok(Some((
        path,
        depfile::make_rule(&target, &analysis.dependencies),
    )))
}

/// Writes the footer (or JSON) to -o or standard output, and the depfile.
fn write_outputs(cli: &Cli, text: &str, depfile: Option<(PathBuf, String)>) -> anyhow::Result<()> {
    // The footer and the depfile commit together: a depfile that cannot be written leaves the
    // old footer in place.
    let mut files: Vec<(&std::path::Path, &[u8])> = Vec::new();
    if let Some(path) = &cli.output {
        files.push((path, text.as_bytes()));
    }
    if let Some((path, deps)) = &depfile {
        files.push((path, deps.as_bytes()));
    }
    output::write_outputs_together(&files).map_err(|e| anyhow!(e))?;
    if cli.output.is_none() {
        match output::write_stdout(text.as_bytes()) {
            // The reader went away (`| head`): like other Unix filters, stop quietly; whoever
            // closed the pipe decides what its early end means.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            other => other?,
        }
    }
    Ok(())
}
