//! `-E` under `-fsycl`: a C++ source preprocessed as both of its compiles see it, in one
//! file that compiles back to the same object.
//!
//! ```text
//! // Preprocessed by sycl-clang++ -fsycl -E: the host view, then the device view.
//! #ifndef __SYCL_DEVICE_ONLY__
//! <the host view: the source preprocessed for the host compile>
//! #else
//! <the device view: preprocessed for the device compile, the device prelude included>
//! #endif
//! ```
//!
//! Both views are preprocessed from the user's source itself, so the output names only real
//! files (no generated, deleted ones) and is the same run to run: ccache and sccache hash it
//! (preprocessor mode) and read its line markers for the headers to check (ccache's direct
//! mode). A change that only the device compile sees (an `#ifdef __SYCL_DEVICE_ONLY__`
//! branch, the device prelude) changes the output too. Compiled back with `sycl-clang++
//! -fsycl -c` (under any name: [`adopt_preprocessed_inputs`]), the host compile and the
//! analysis take the first branch and the device compile the second: its second copy of the
//! prelude only declares again what the first declared. The host view holds Intel's
//! `sycl/detail/kernel_desc.hpp` (a `#pragma once` header the file no longer names), so the
//! footer of such a source does not include it again (`Input::preprocessed`, set once by
//! [`classify_inputs`]).

use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use offload::integration_header::HOST_MACROS;

use crate::args::DeviceTarget;
use crate::args::{CommandLine, Input, InputKind};
use crate::commands::{device_command, language_flags};
use crate::pipeline::write_file;
use crate::run::{Context, Echo, Failure, Result, cannot_run};
use crate::toolchain::Toolchain;

/// The first line of the output, by which [`is_preprocessed`] knows it.
const FIRST_LINE: &[u8] =
    b"// Preprocessed by sycl-clang++ -fsycl -E: the host view, then the device view.\n";

/// Whether the file at `source` is this driver's `-E` output (unreadable: no).
fn is_preprocessed(source: &Path) -> bool {
    use std::io::Read as _;
    let mut first = vec![0; FIRST_LINE.len()];
    // Only a regular file is read (a FIFO given as a source would block here; the plan
    // refuses it, located).
    if !std::fs::metadata(source).is_ok_and(|m| m.is_file()) {
        return false;
    }
    std::fs::File::open(source)
        .and_then(|mut f| f.read_exact(&mut first))
        .is_ok_and(|()| first == FIRST_LINE)
}

/// Marks this driver's `-E` outputs among the source inputs, reading each one's first line
/// once. They are SYCL sources whatever their name or `-x` (`.ii`, `-x c++-cpp-output`: what
/// a compiler cache compiles when it does not run the preprocessor twice); the compiles read
/// them as C++ ([`language_flags`]).
pub(crate) fn classify_inputs(inputs: &mut [Input]) {
    for input in inputs.iter_mut().filter(|i| i.kind != InputKind::LinkInput) {
        input.preprocessed = is_preprocessed(&input.path);
        if input.preprocessed && input.kind == InputKind::OtherSource {
            input.kind = InputKind::CxxSource;
            input.language = None;
        }
    }
}

/// The host view: the host compile's predefined macros (those of the integration header the
/// host compile force-includes, as `-D`s so no generated file is named), the user's flags and
/// Intel's headers, on the original source. `SYCL_EXTERNAL`, unless the user defines it, is
/// `[[clang::sycl_external]]` (the host view's header), as in the device view: the analysis of
/// the compiled-back output reads it where no macro is left (a kernel may call an undefined
/// function only if it is `SYCL_EXTERNAL`), and the host compile's code is the same with it.
fn host_command(tc: &Toolchain, cl: &CommandLine, source: &Input) -> Command {
    let mut cmd = Command::new(&tc.clang);
    cmd.args(["-fsycl", "-fsycl-host-only"]);
    for (name, value) in HOST_MACROS {
        // The integration header defines each only when the user did not.
        if !cl.flags.sets_macro(name) {
            cmd.arg(format!("-D{name}={value}"));
        }
    }
    // As the analysis gives SYCL_EXTERNAL its meaning only when the user does not
    // (`plugin::host_parse_args`).
    if !cl.flags.sets_macro("SYCL_EXTERNAL") {
        cmd.arg("-include").arg(tc.host_view_header());
    }
    cmd.args(&cl.flags.all)
        .arg("-isystem")
        .arg(&tc.sycl_include)
        .arg("-E")
        .args(language_flags(cl, source))
        .arg(&source.path)
        .args(["-o", "-"]);
    cmd
}

/// Runs a preprocessor job and returns its standard output; its diagnostics are shown when
/// `show_diagnostics` or when it fails.
fn preprocessed(echo: Echo, cmd: &mut Command, show_diagnostics: bool) -> Result<Vec<u8>> {
    let out = echo.output(cmd).map_err(|e| cannot_run(cmd, &e))?;
    if show_diagnostics || !out.status.success() {
        std::io::stderr().write_all(&out.stderr).ok();
    }
    if !out.status.success() {
        return Err(Failure::Reported(out.status.code().unwrap_or(1)));
    }
    Ok(out.stdout)
}

/// The preprocessor jobs of `-E` of one C++ source: the host view's, then the device view's.
pub(crate) fn view_commands(ex: &Context<'_>, source: &Input) -> [Command; 2] {
    let host = host_command(ex.tc, ex.cl, source);
    let device = device_command(
        ex.tc,
        ex.cl,
        source,
        DeviceTarget::Spir64,
        "-E",
        Some(Path::new("-")),
    );
    [host, device]
}

/// `-E` of one C++ source by its [`view_commands`], to `output` (standard output without one,
/// or with `-`).
pub(crate) fn preprocess_source(
    ex: &Context<'_>,
    [mut host, mut device]: [Command; 2],
    output: Option<&Path>,
) -> Result<()> {
    let host_view = preprocessed(ex.echo, &mut host, true)?;
    // Diagnostics both views share are shown once, from the host view.
    let device_view = preprocessed(ex.echo, &mut device, false)?;
    let mut text = Vec::with_capacity(host_view.len() + device_view.len() + 64);
    text.extend_from_slice(FIRST_LINE);
    text.extend_from_slice(b"#ifndef __SYCL_DEVICE_ONLY__\n");
    push_line(&mut text, &host_view);
    text.extend_from_slice(b"#else\n");
    push_line(&mut text, &device_view);
    text.extend_from_slice(b"#endif\n");
    match output {
        Some(path) if path.as_os_str() != "-" => write_file(path, &text),
        _ => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&text)
                .and_then(|()| stdout.flush())
                .map_err(|e| Failure::Message(format!("cannot write to standard output: {e}")))
        }
    }
}

/// Appends `view`, ending it with a newline so the next directive starts a line.
fn push_line(text: &mut Vec<u8>, view: &[u8]) {
    text.extend_from_slice(view);
    if !view.is_empty() && !view.ends_with(b"\n") {
        text.push(b'\n');
    }
}
