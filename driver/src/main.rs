//! `sycl-clang++`: used in place of `clang++`. Without `-fsycl` it is exactly `clang++-22`;
//! with `-fsycl` it builds SYCL 2020 programs against Intel's headers and runtime with stock
//! clang-22, adding what only DPC++'s clang did (see ARCHITECTURE.md).

#![forbid(unsafe_code)]

mod aot;
mod args;
mod attributes;
mod compile;
mod depfile;
mod kernels;
mod offload;
mod pch;
mod pipeline;
mod preprocess;
mod spec_ids;
mod toolchain;

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use args::{InputKind, Phase};
use pipeline::{Echo, Failure};
use toolchain::Toolchain;

const HELP: &str = "\
sycl-clang++: clang++-22 with SYCL 2020 for Intel's SYCL runtime

USAGE: sycl-clang++ [clang options] -fsycl <inputs>

Without -fsycl every argument goes to clang++-22 unchanged. With -fsycl, C++ sources are
compiled for host and device (SPIR-V), device code is carried in the objects, and linking
registers it with Intel's libsycl.so.9.

Options of sycl-clang++:
  -fsycl                          build SYCL code
  -fsycl-spec-constants=native|emulation
                                  how spec constants reach kernels (default native)
  -fsycl-targets=T[,T]            the device images built: spir64 (SPIR-V, JIT; the
                                  default) and spir64_x86_64 (the OpenCL CPU device's
                                  binary, built at link time; spec constants emulated);
                                  also spelt T-unknown-unknown; others are refused
  -fsycl-device-code-split=per_kernel|per_source|auto|off
                                  which kernels share a device image (default auto: per
                                  source, unless the code calls indirectly)
  -fsycl-footer-path=DIR          put generated files (footer, integration header, device
                                  code) under DIR instead of next to the output
  -fsycl-device-only              write the device code as the pipeline finishes it (device
                                  prelude, resolved spec-constant IDs, wrapper kernels):
                                  <stem>.bc, or LLVM text <stem>.ll with -S; implies -fsycl
  -fsycl-link                     device link only: objects in, one object out that registers
                                  their linked device images; link it later without -fsycl
                                  (clang++ objs dev.o -lsycl); -fsycl-link=image is the same
  -f[no-]sycl-id-queries-fit-in-int
                                  define __SYCL_ID_QUERIES_FIT_IN_INT__=1 in host and device
                                  compiles (default on, as in DPC++)
  -f[no-]sycl-unnamed-lambda      whether a kernel lambda may go without a kernel name
                                  (default on, as in DPC++; -fno-… refuses each, located)
  -Xsycl-target-frontend[=spir64] ARG
                                  ARG for the device compile only
  -Xsycl-target-backend[=spir64] ARG, -Xsycl-target-linker[=spir64] ARG
                                  ARG for the runtime's build (link) of the device images
                                  (the image's compile/link options, as DPC++ sets for JIT)
  -save-temps                     keep the generated files (<output>.sycl/)
  -E                              the source as the host and the device compiles see it, in
                                  one file (#ifndef __SYCL_DEVICE_ONLY__) that -fsycl -c
                                  compiles back, under any name
  -###                            print the steps without running them
  -v                              print each step before running it
  --version                       clang's version banner and sycl-clang++'s version

`-E -v` on standard input (clangd's --query-driver, sycl-footer -p) lists Intel's headers,
and a directory whose sycl/sycl.hpp gives device-side parses the device prelude, first in
the search list.

Host-only options (-fsanitize=…, -fprofile-…, -fcoverage-…, --coverage, -pg,
-fstack-protector…, -fcf-protection…, -finstrument-functions…, -fxray-…) reach the host
compile and the link, never the device compile. With -fsanitize=address or leak the link
adds LeakSanitizer suppressions for the OpenCL loader's and Intel's CPU runtime's own
lifetime allocations.

Accepted, no effect here (DPC++ options whose meaning does not apply):
    -flink-huge-device-code        (the device link is in process, no linker limits)
    -f[no-]sycl-rdc                (device code is always linked across sources; images are
                                   split as -fsycl-device-code-split says)
    -f[no-]sycl-device-lib=LIBS    (the OpenCL CPU runtime provides the device libraries;
                                   LIBS is checked: all, libc, libm-fp32, libm-fp64, …)
    -f[no-]sycl-dead-args-optimization
                                   (kernels keep every argument)
    -fsycl-max-parallel-link-jobs=N (checked: a positive integer)
    -fsycl-embed-ir                (no kernel fusion JIT here)

Refused: -fsycl-host-compiler=, -fsycl-host-compiler-options= (the host compile must be
clang-22), -fpreview-breaking-changes (needs DPC++'s preview runtime).

Without -fsycl, DPC++'s options are dropped with a warning; clang++-22 gets the rest.

Environment: SYCL_SPECCONST_CLANG (the clang++ to run), SYCL_SPECCONST_SYCL_INCLUDE (Intel's
headers), SYCL_SPECCONST_RUNTIME_LIB (libsycl.so.9 and the OpenCL CPU runtime).
Every other option is clang's: clang++-22 --help.
";

fn report(message: &str) {
    eprintln!("sycl-clang++: error: {message}");
}

fn main() -> ExitCode {
    let raw: Vec<OsString> = std::env::args_os().skip(1).collect();
    let tc = Toolchain::locate();
    if raw.iter().any(|a| a == "--help") && raw.iter().any(|a| a == "-fsycl") || raw == ["--help"] {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    if raw.iter().any(|a| a == "--version") {
        let status = Command::new(&tc.clang).arg("--version").status();
        println!(
            "sycl-clang++ (sycl-specconst) {}",
            env!("CARGO_PKG_VERSION")
        );
        return match status {
            Ok(s) if s.success() => ExitCode::SUCCESS,
            _ => ExitCode::FAILURE,
        };
    }
    let expanded = match args::expand_response_files(raw.clone()) {
        Ok(a) => a,
        Err(e) => {
            report(&e.to_string());
            return ExitCode::FAILURE;
        }
    };
    let mut cl = match args::parse(&expanded) {
        Ok(cl) => cl,
        Err(e) => {
            report(&e.to_string());
            return ExitCode::FAILURE;
        }
    };
    if is_search_list_query(&cl) {
        return answer_search_list_query(&tc, &expanded);
    }
    if !cl.sycl {
        // Exactly clang: same arguments, output and exit status; DPC++'s own options, which
        // mean nothing without -fsycl and which clang-22 does not know, are dropped.
        let args = without_dpcpp_options(&expanded).unwrap_or(raw);
        let error = Command::new(&tc.clang).args(&args).exec();
        report(&format!(
            "cannot run '{}': {error}",
            tc.clang.to_string_lossy()
        ));
        return ExitCode::FAILURE;
    }
    preprocess::adopt_preprocessed_inputs(&mut cl.inputs);
    match run_sycl(&tc, &cl) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Reported(code)) => {
            ExitCode::from(u8::try_from(code.clamp(1, 255)).unwrap_or(1))
        }
        Err(Failure::Message(m)) => {
            report(&m);
            ExitCode::FAILURE
        }
        Err(Failure::AnalysisErrors(diagnostics)) => {
            for d in diagnostics {
                eprintln!("{d}");
            }
            ExitCode::FAILURE
        }
    }
}

/// `-E -v` on standard input: how clangd (`--query-driver`) and `sycl-footer -p` ask a
/// driver for its include search list.
fn is_search_list_query(cl: &args::CommandLine) -> bool {
    cl.phase == Phase::Preprocess
        && cl.verbose
        && matches!(cl.inputs.as_slice(), [only] if only.path.as_os_str() == "-")
}

/// clang's answer with the SYCL header directories first: the editor directory (whose
/// `sycl/sycl.hpp` gives a device-side parse the prelude) and Intel's headers. With or without
/// `-fsycl` in the query (clangd leaves it out), as the host view of a plain clang.
fn answer_search_list_query(tc: &Toolchain, args: &[OsString]) -> ExitCode {
    let error = Command::new(&tc.clang)
        .args(args.iter().filter(|a| *a != "-fsycl" && *a != "-fno-sycl"))
        .arg("-isystem")
        .arg(&tc.editor_include)
        .arg("-isystem")
        .arg(&tc.sycl_include)
        .exec();
    report(&format!(
        "cannot run '{}': {error}",
        tc.clang.to_string_lossy()
    ));
    ExitCode::FAILURE
}

/// The command line without DPC++'s driver options, each dropped with clang's warning; `None`
/// when there is none (the original words, `@file`s unexpanded, go to clang).
fn without_dpcpp_options(args: &[OsString]) -> Option<Vec<OsString>> {
    let parsed = clang_args::parse(args);
    let is_dpcpp = |a: &clang_args::Arg<'_>| {
        a.role == clang_args::Role::SyclDriver && a.id.is_some_and(args::is_dpcpp_only)
    };
    if !parsed.iter().any(is_dpcpp) {
        return None;
    }
    let mut kept = Vec::new();
    for arg in parsed {
        if is_dpcpp(&arg) {
            let words: Vec<_> = arg.words.iter().map(|w| w.to_string_lossy()).collect();
            eprintln!(
                "sycl-clang++: warning: argument unused without -fsycl: '{}' [-Wunused-command-line-argument]",
                words.join(" ")
            );
        } else {
            kept.extend(arg.words.iter().cloned());
        }
    }
    Some(kept)
}

/// `-M`/`-MM`: the real inputs are what the host side of the original source reads, so clang
/// lists them from the original source in SYCL host mode (no generated file takes part).
fn dependencies_only(tc: &Toolchain, cl: &args::CommandLine) -> Result<(), Failure> {
    let mut cmd = Command::new(&tc.clang);
    cmd.args(["-fsycl", "-fsycl-host-only"])
        .args(cl.sycl_predefines())
        .args(compile::host_only_behind_xarch(&cl.compile_flags))
        .arg("-isystem")
        .arg(&tc.sycl_include);
    if let Some(o) = &cl.output {
        cmd.arg("-o").arg(o);
    }
    cmd.args(cl.inputs.iter().map(|i| &i.path));
    pipeline::run(&mut cmd, echo_of(cl))
}

fn echo_of(cl: &args::CommandLine) -> Echo {
    Echo {
        dry_run: cl.dry_run,
        verbose: cl.verbose,
    }
}

fn run_sycl(tc: &Toolchain, cl: &args::CommandLine) -> Result<(), Failure> {
    let echo = echo_of(cl);
    // Before any thread starts; a SIGTERM or Ctrl-C from here on kills the compilers and
    // removes the work directories.
    process::install_termination_cleanup()
        .map_err(|e| format!("cannot set up signal handling: {e}"))?;
    if cl.inputs.is_empty() {
        return Err(Failure::Message("no input files".into()));
    }
    if let Some(what) = cl.unsupported {
        return Err(Failure::Message(format!(
            "-fsycl cannot build {what} (DPC++ refuses it too); build it without -fsycl"
        )));
    }
    if !cl.dry_run {
        tc.check_headers()?;
    }
    if cl.phase == Phase::Dependencies {
        return dependencies_only(tc, cl);
    }
    let sources: Vec<_> = cl
        .inputs
        .iter()
        .filter(|i| i.kind == InputKind::CxxSource)
        .collect();
    for s in &sources {
        if s.path.as_os_str() == "-" {
            return Err(Failure::Message(
                "reading a SYCL source from standard input is not supported; pass a file".into(),
            ));
        }
        if !cl.dry_run && !s.path.is_file() {
            return Err(Failure::Message(format!(
                "no such file or directory: '{}'",
                s.path.display()
            )));
        }
    }
    if let Some(output) = &cl.output {
        // As gcc refuses it: clang would replace the source with the object.
        if let Some(input) = cl
            .inputs
            .iter()
            .find(|i| output::same_file(&i.path, output))
        {
            return Err(Failure::Message(format!(
                "input file '{}' is the same as output file '{}'",
                input.path.display(),
                output.display()
            )));
        }
    }
    if cl.device_only {
        return device_only(tc, cl, echo);
    }
    if cl.phase == Phase::Link {
        return pipeline::build_and_link(tc, cl, echo);
    }
    if cl.output.is_some() && cl.inputs.len() > 1 && cl.phase != Phase::SyntaxOnly {
        return Err(Failure::Message(
            "cannot specify -o when generating multiple output files".into(),
        ));
    }
    for input in &cl.inputs {
        let default_output = || {
            let stem = input.path.file_stem().unwrap_or_default();
            let mut name = stem.to_os_string();
            name.push(match cl.phase {
                Phase::Assemble => ".s",
                _ => ".o",
            });
            PathBuf::from(name)
        };
        let output = match cl.phase {
            Phase::Compile | Phase::Assemble => {
                Some(cl.output.clone().unwrap_or_else(default_output))
            }
            Phase::Preprocess => cl.output.clone(),
            Phase::SyntaxOnly | Phase::Link | Phase::Dependencies => None,
        };
        match input.kind {
            InputKind::CxxSource => {
                compile::compile_source(tc, cl, input, output.as_deref(), cl.phase, echo)?
            }
            // C and other languages: clang on its own, with the user's options.
            InputKind::OtherSource | InputKind::LinkInput => {
                let mut cmd = Command::new(&tc.clang);
                cmd.args(&cl.compile_flags);
                match cl.phase {
                    Phase::Compile => cmd.arg("-c"),
                    Phase::Assemble => cmd.arg("-S"),
                    Phase::Preprocess => cmd.arg("-E"),
                    _ => cmd.arg("-fsyntax-only"),
                };
                cmd.arg(&input.path);
                if let Some(o) = &output {
                    cmd.arg("-o").arg(o);
                }
                pipeline::run(&mut cmd, echo)?;
            }
        }
    }
    Ok(())
}

/// `-fsycl-device-only`: each C++ source's device code, finished by the pipeline, as
/// `<stem>.bc` (`<stem>.ll` with `-S`) or `-o`'s file; `-E` and `-fsyntax-only` run the device
/// compile itself (with the device prelude) that far.
fn device_only(tc: &Toolchain, cl: &args::CommandLine, echo: Echo) -> Result<(), Failure> {
    let sources: Vec<_> = cl
        .inputs
        .iter()
        .filter(|i| i.kind == InputKind::CxxSource)
        .collect();
    if sources.len() != cl.inputs.len() {
        return Err(Failure::Message(
            "-fsycl-device-only takes C++ sources only".into(),
        ));
    }
    let text = cl.phase == Phase::Assemble;
    if cl.output.is_some() && sources.len() > 1 {
        return Err(Failure::Message(
            "cannot specify -o when generating multiple output files".into(),
        ));
    }
    for source in sources {
        let output = cl.output.clone().unwrap_or_else(|| {
            let mut name = source.path.file_stem().unwrap_or_default().to_os_string();
            name.push(if text { ".ll" } else { ".bc" });
            PathBuf::from(name)
        });
        match cl.phase {
            Phase::Preprocess | Phase::SyntaxOnly | Phase::Dependencies => {
                compile::device_phase_only(tc, cl, source, echo)?
            }
            Phase::Compile | Phase::Assemble | Phase::Link => {
                compile::compile_device_only(tc, cl, source, &output, echo)?
            }
        }
    }
    Ok(())
}
