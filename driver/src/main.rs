//! `sycl-clang++`: used in place of `clang++`. Without `-fsycl` it is exactly `clang++-22`;
//! with `-fsycl` it builds SYCL 2020 programs against Intel's headers and runtime with stock
//! clang-22, adding what only DPC++'s clang did (see ARCHITECTURE.md and docs/device-compile.md).

#![forbid(unsafe_code)]
// No function over 60 lines (clippy.toml): each job, each step, readable at once.
#![warn(clippy::too_many_lines)]

mod aot;
mod args;
mod attributes;
mod commands;
mod compile;
mod executor;
mod flags;
mod help;
mod kernels;
mod pch;
mod pipeline;
mod plan;
mod preprocess;
mod run;
mod spec_ids;
mod toolchain;

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitCode};

use args::Phase;
use executor::Executor;
use run::report;
use toolchain::Toolchain;

fn main() -> ExitCode {
    let raw: Vec<OsString> = std::env::args_os().skip(1).collect();
    let tc = Toolchain::locate();
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
    if cl.help && (cl.sycl || expanded.len() == 1) {
        return print_to_stdout(&help::text());
    }
    if cl.version {
        return version(&tc);
    }
    if is_search_list_query(&cl) {
        return answer_search_list_query(&tc, &expanded);
    }
    if !cl.sycl {
        return exec_clang(&tc, &cl, raw);
    }
    preprocess::classify_inputs(&mut cl.inputs);
    run::exit_code(run_sycl(&tc, &cl))
}

/// `cl` with its flag lists in response files (in a private directory that lives as long as
/// the returned handle), for children whose command lines would otherwise be too long.
fn with_response_files(
    cl: &args::CommandLine,
) -> Result<(args::CommandLine, process::WorkDir), run::Failure> {
    let failure = |e: &dyn std::fmt::Display| {
        run::Failure::Message(format!("cannot write the response files: {e}"))
    };
    let key = format!("response-files-{}", std::process::id());
    let dir = process::WorkDir::private(None, key.as_ref()).map_err(|e| failure(&e))?;
    let mut fitted = cl.clone();
    flags::through_response_files(&mut fitted.flags, &mut fitted.link_flags, dir.path())
        .map_err(|e| failure(&e))?;
    Ok((fitted, dir))
}

/// `--version`: clang's banner (tools parse it), then ours.
fn version(tc: &Toolchain) -> ExitCode {
    let status = run::status(Command::new(&tc.clang).arg("--version"));
    let printed = print_to_stdout(&format!(
        "sycl-clang++ (sycl-specconst) {}\n",
        env!("CARGO_PKG_VERSION")
    ));
    match status {
        Ok(s) if s.success() => printed,
        _ => ExitCode::FAILURE,
    }
}

/// `--help` and `--version` text on standard output. A reader that went away (`| head`) ends
/// the run quietly with a failure status, as a tool killed by SIGPIPE would; `print!` panics.
fn print_to_stdout(text: &str) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::FAILURE,
        Err(e) => {
            report(&format!("cannot write to standard output: {e}"));
            ExitCode::FAILURE
        }
    }
}

/// Without `-fsycl`, exactly clang: same arguments, output and exit status; DPC++'s own
/// options, which mean nothing without -fsycl and which clang-22 does not know, are dropped
/// with clang's warning (with none, the original words, `@file`s unexpanded, go to clang).
fn exec_clang(tc: &Toolchain, cl: &args::CommandLine, raw: Vec<OsString>) -> ExitCode {
    for words in &cl.dpcpp_only {
        eprintln!(
            "sycl-clang++: warning: argument unused without -fsycl: '{words}' [-Wunused-command-line-argument]"
        );
    }
    let args = if cl.dpcpp_only.is_empty() {
        raw
    } else {
        cl.for_clang.clone()
    };
    let error = Command::new(&tc.clang).args(&args).exec();
    report(&format!(
        "cannot run '{}': {error}",
        tc.clang.to_string_lossy()
    ));
    ExitCode::FAILURE
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

/// A `-fsycl` command line: checked, planned, and run by the one executor.
fn run_sycl(tc: &Toolchain, cl: &args::CommandLine) -> Result<(), run::Failure> {
    let fitted;
    let mut _response_files = None;
    let cl = if cl.flags.too_long_for_exec(&cl.link_flags) && !cl.dry_run {
        let (with_files, dir) = with_response_files(cl)?;
        fitted = with_files;
        _response_files = Some(dir);
        &fitted
    } else {
        cl
    };
    let executor = Executor::new(tc, cl);
    executor.start()?;
    plan::check_command_line(cl)?;
    executor.check_installation()?;
    let plan = plan::plan(cl)?;
    if cl.dry_run {
        let (script, result) = executor.script(&plan);
        eprint!("{script}");
        return result;
    }
    executor.run(&plan)
}
