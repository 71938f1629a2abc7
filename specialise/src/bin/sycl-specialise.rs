//! `sycl-specialise`: what the CUDA adapter does at a launch, from the command line (tests,
//! and a look at the code a value set gets): an nvptx64 image (`-save-temps`' `.nvptx-image`)
//! specialised for a kernel and spec-constant values, PTX out.

#![deny(unsafe_code)]

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Parser;

#[derive(Parser)]
#[command(
    name = "sycl-specialise",
    version,
    about = "Folds spec-constant values into an nvptx64 image's kernel and prints its PTX"
)]
struct Cli {
    /// The image: PTX, its NUL, then the bitcode and index sycl-clang++ appends.
    image: PathBuf,
    /// The kernel (its global-offset variant is specialised with it).
    #[arg(long)]
    kernel: Option<String>,
    /// The spec-constant buffer's bytes, as hex (`2a000000` is the int 42).
    #[arg(long, default_value = "")]
    values: String,
    /// List the image's kernel entries, their buffer parameters and buffer size instead.
    #[arg(long)]
    list: bool,
    /// Print the module with the values folded in, before optimisation, as LLVM IR instead.
    #[arg(long)]
    emit_llvm: bool,
    /// Where the PTX goes (default: standard output).
    #[arg(short = 'o')]
    output: Option<PathBuf>,
}

fn main() {
    if let Err(error) = run(Cli::parse()) {
        eprintln!("sycl-specialise: error: {error:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    let image = std::fs::read(&cli.image)
        .with_context(|| format!("cannot read '{}'", cli.image.display()))?;
    if cli.list {
        let (_, data) = model::specialisation::split_image(&image)?;
        let data = data.context("the image carries no specialisation data")?;
        let mut text = format!(
            "{} {} values={}\n",
            data.arch, data.ptx_feature, data.values_len
        );
        for entry in &data.entries {
            text.push_str(&format!("{} parameter={}\n", entry.kernel, entry.parameter));
        }
        return write_out(&cli.output, text.as_bytes());
    }
    let Some(kernel) = cli.kernel else {
        bail!("name the kernel (--kernel NAME) or --list the image's entries");
    };
    let values = hex(&cli.values)?;
    if cli.emit_llvm {
        let text = sycl_specconst_specialise::folded_module_text(&image, &kernel, &values)?;
        return write_out(&cli.output, text.as_bytes());
    }
    let done = sycl_specconst_specialise::specialise_image(&image, &kernel, &values)?;
    let ptx = done.ptx.strip_suffix(b"\0").unwrap_or(&done.ptx);
    write_out(&cli.output, ptx)
}

fn hex(text: &str) -> Result<Vec<u8>> {
    let digits: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() % 2 != 0 {
        bail!("--values needs two hex digits per byte");
    }
    digits
        .chunks(2)
        .map(|pair| {
            let byte: String = pair.iter().collect();
            u8::from_str_radix(&byte, 16).with_context(|| format!("'{byte}' is not a hex byte"))
        })
        .collect()
}

fn write_out(output: &Option<PathBuf>, bytes: &[u8]) -> Result<()> {
    match output {
        Some(path) => std::fs::write(path, bytes)
            .with_context(|| format!("cannot write '{}'", path.display())),
        None => std::io::stdout()
            .write_all(bytes)
            .context("cannot write the PTX"),
    }
}
