//! `sycl-post-link` command line (DPC++ option spellings; single-dash long options).

#![forbid(unsafe_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

use post_link::images::{CodeFormat, Split};
use post_link::lower::Mode;

mod tool;

use tool::{Options, Outputs};

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SpecConstArg {
    Native,
    Emulation,
    /// Older spelling of `native`.
    Rt,
    /// Older spelling of `emulation`.
    Default,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SplitArg {
    None,
    Kernel,
    Source,
    Auto,
    /// As auto, and kernels reading spec constants grouped by the set they read
    SpecConstants,
}

#[derive(Parser, Debug)]
#[command(
    name = "sycl-post-link",
    about = "Lowers SYCL 2020 specialization constants in device LLVM IR and writes DPC++ property sets",
    after_help = "Long options take one dash, as in DPC++ (-spec-const=native); two dashes work too.\n\
                  Exit status: 0 success, 1 error (nothing written), 2 usage error."
)]
struct Cli {
    /// LLVM IR inputs (.ll or .bc); several are linked in-process; none or `-`: standard input
    inputs: Vec<PathBuf>,
    /// Output table (or the IR/SPIR-V file with -ir-output-only); `target,file` names a target
    #[arg(short = 'o')]
    output: Option<std::ffi::OsString>,
    /// Directory for generated files (default: directory of -o)
    #[arg(long = "out-dir")]
    out_dir: Option<PathBuf>,
    /// Write textual IR (.ll) instead of bitcode
    #[arg(short = 'S')]
    text: bool,
    /// Write SPIR-V (.spv) through LLVM's SPIR-V target instead of IR
    #[arg(long = "emit-spirv")]
    emit_spirv: bool,
    /// SPIR-V version for -emit-spirv (the Intel OpenCL CPU runtime accepts 1.0-1.4)
    #[arg(long = "spirv-version", default_value = "1.2", value_parser = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"])]
    spirv_version: String,
    /// Write one IR output and no table
    #[arg(long = "ir-output-only")]
    ir_output_only: bool,
    /// Lower spec-constant intrinsics: native (SPIR-V spec constants) or emulation (buffer loads)
    #[arg(long = "spec-const", value_enum)]
    spec_const: Option<SpecConstArg>,
    /// Also emit a device image with every spec constant replaced by its default
    #[arg(long = "generate-device-image-default-spec-consts")]
    default_spec_consts: bool,
    /// Write .prop property-set files
    #[arg(long = "properties")]
    properties: bool,
    /// Write .sym files (kernel names)
    #[arg(long = "symbols")]
    symbols: bool,
    /// Device-code split: one image per kernel, per source file (the kernels'
    /// "sycl-module-id"), auto (per source unless the code calls indirectly), spec-constants
    /// (auto, and the kernels reading spec constants grouped by the set they read), none
    #[arg(long = "split", value_enum, default_value = "none")]
    split: SplitArg,
    /// Accepted for DPC++ compatibility (ESIMD kernels are not told apart)
    #[arg(long = "split-esimd")]
    split_esimd: bool,
    /// Print a JSON reflection of the result on stdout
    #[arg(long = "json")]
    json: bool,
}

/// DPC++ spells long options with one dash; clap wants two. Arguments stay `OsString`: paths
/// need not be UTF-8.
fn normalise_args(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut out = Vec::new();
    let mut rest = false;
    for (i, a) in args.enumerate() {
        if i > 0 && !rest {
            let bytes = std::os::unix::ffi::OsStrExt::as_bytes(a.as_os_str());
            if bytes == b"--" {
                rest = true;
            } else if bytes.len() > 2 && bytes[0] == b'-' && bytes[1] != b'-' {
                let mut long = std::ffi::OsString::from("-");
                long.push(&a);
                out.push(long);
                continue;
            }
        }
        out.push(a);
    }
    out
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let format = if cli.emit_spirv {
        CodeFormat::SpirV
    } else if cli.text {
        CodeFormat::Text
    } else {
        CodeFormat::Bitcode
    };
    let inputs = if cli.inputs.is_empty() {
        vec![PathBuf::from(tool::STDIO)]
    } else {
        cli.inputs
    };
    let outputs = Outputs::from_flags(
        cli.ir_output_only,
        cli.properties,
        cli.symbols,
        cli.default_spec_consts,
    )?;
    let opts = Options {
        inputs,
        output: cli.output,
        out_dir: cli.out_dir,
        format,
        spirv_version: cli.spirv_version,
        split: match cli.split {
            SplitArg::None => Split::None,
            SplitArg::Kernel => Split::PerKernel,
            SplitArg::Source => Split::PerSource,
            SplitArg::Auto => Split::Auto,
            SplitArg::SpecConstants => Split::SpecConstants,
        },
        spec_const: cli.spec_const.map(|m| match m {
            SpecConstArg::Native | SpecConstArg::Rt => Mode::Native,
            SpecConstArg::Emulation | SpecConstArg::Default => Mode::Emulation,
        }),
        outputs,
        json: cli.json,
        // The process exits right after writing the outputs.
        skip_teardown: true,
    };
    let out = tool::run(&opts)?;
    tool::write_outputs(&out)?;
    if let Some(j) = &out.json {
        // The outputs are written; a reader that went away early is its own business.
        let mut stdout = std::io::stdout().lock();
        match stdout.write_all(j.as_bytes()).and_then(|()| stdout.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            other => other.map_err(|e| anyhow::anyhow!("cannot write the JSON report: {e}"))?,
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(normalise_args(std::env::args_os())) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sycl-post-link: error: {e:#}");
            // README: 1 for errors, 2 for usage errors.
            match e.downcast_ref::<tool::Error>() {
                Some(tool::Error::Usage(_)) => ExitCode::from(2),
                _ => ExitCode::FAILURE,
            }
        }
    }
}
