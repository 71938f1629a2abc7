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
//! footer of such a source does not include it again ([`is_preprocessed`]).

use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Stdio};

use offload::integration_header::HOST_MACROS;

use crate::args::{CommandLine, Input, InputKind, kind_of};
use crate::compile::device_command;
use crate::pipeline::{Echo, Failure, Result, write_file};
use crate::toolchain::Toolchain;

/// The first line of the output, by which [`is_preprocessed`] knows it.
const FIRST_LINE: &[u8] =
    b"// Preprocessed by sycl-clang++ -fsycl -E: the host view, then the device view.\n";

/// Whether the file at `source` is this driver's `-E` output (unreadable: no).
pub(crate) fn is_preprocessed(source: &Path) -> bool {
    use std::io::Read as _;
    let mut first = vec![0; FIRST_LINE.len()];
    std::fs::File::open(source)
        .and_then(|mut f| f.read_exact(&mut first))
        .is_ok_and(|()| first == FIRST_LINE)
}

/// This driver's `-E` outputs among the inputs are SYCL sources whatever their name or `-x`
/// (`.ii`, `-x c++-cpp-output`: what a compiler cache compiles when it does not run the
/// preprocessor twice); the compiles read them as C++ ([`language_flags`]).
pub(crate) fn adopt_preprocessed_inputs(inputs: &mut [Input]) {
    for input in inputs
        .iter_mut()
        .filter(|i| i.kind == InputKind::OtherSource && is_preprocessed(&i.path))
    {
        input.kind = InputKind::CxxSource;
        input.language = None;
    }
}

/// `-x c++` for a compile of `source` when it is this driver's `-E` output that clang would
/// not read as C++ source: a `.ii` name, or the user's `-x` (`c++-cpp-output`) is text it must
/// not preprocess, without the predefined macros that select the file's host or device view.
/// Not otherwise: the analysis' flags are part of the unique prefix, and a compiled-back file
/// under its source's name is the same TU as the source.
pub(crate) fn language_flags(cl: &CommandLine, source: &Path) -> &'static [&'static str] {
    let user_language = clang_args::parse(&cl.compile_flags)
        .iter()
        .any(|a| a.id == Some(clang_args::Id::Language));
    let read_as_cxx = kind_of(source, None) == InputKind::CxxSource && !user_language;
    if !read_as_cxx && is_preprocessed(source) {
        &["-x", "c++"]
    } else {
        &[]
    }
}

/// The host view: the host compile's predefined macros (those of the integration header the
/// host compile force-includes, as `-D`s so no generated file is named), the user's flags and
/// Intel's headers, on the original source.
fn host_command(tc: &Toolchain, cl: &CommandLine, source: &Path) -> Command {
    let mut cmd = Command::new(&tc.clang);
    cmd.args(["-fsycl", "-fsycl-host-only"]);
    for (name, value) in HOST_MACROS {
        // The integration header defines each only when the user did not.
        if !user_sets_macro(&cl.compile_flags, name) {
            cmd.arg(format!("-D{name}={value}"));
        }
    }
    cmd.args(&cl.compile_flags)
        .arg("-isystem")
        .arg(&tc.sycl_include)
        .arg("-E")
        .args(language_flags(cl, source))
        .arg(source)
        .args(["-o", "-"]);
    cmd
}

/// Whether the user's flags define or undefine `name` (`-DNAME`, `-DNAME=V`, `-D NAME`, `-U`).
fn user_sets_macro(flags: &[OsString], name: &str) -> bool {
    let names_it = |text: &[u8]| {
        text.strip_prefix(name.as_bytes())
            .is_some_and(|rest| rest.is_empty() || rest[0] == b'=')
    };
    let mut previous: Option<&OsStr> = None;
    for flag in flags {
        let bytes = flag.as_bytes();
        let joined =
            (bytes.starts_with(b"-D") || bytes.starts_with(b"-U")) && names_it(&bytes[2..]);
        let separate = previous.is_some_and(|p| p == "-D" || p == "-U") && names_it(bytes);
        if joined || separate {
            return true;
        }
        previous = Some(flag);
    }
    false
}

/// Runs a preprocessor job and returns its standard output; its diagnostics are shown when
/// `show_diagnostics` or when it fails.
fn preprocessed(cmd: &mut Command, show_diagnostics: bool) -> Result<Vec<u8>> {
    let out = process::output(cmd.stdin(Stdio::null()))
        .map_err(|e| format!("cannot run '{}': {e}", cmd.get_program().to_string_lossy()))?;
    if show_diagnostics || !out.status.success() {
        std::io::stderr().write_all(&out.stderr).ok();
    }
    if !out.status.success() {
        return Err(Failure::Reported(out.status.code().unwrap_or(1)));
    }
    Ok(out.stdout)
}

/// `-E` of one C++ source, to `output` (standard output without one, or with `-`).
pub(crate) fn preprocess_source(
    tc: &Toolchain,
    cl: &CommandLine,
    source: &Input,
    output: Option<&Path>,
    echo: Echo,
) -> Result<()> {
    let mut host = host_command(tc, cl, &source.path);
    let mut device = device_command(tc, cl, &source.path, "-E", Some(Path::new("-")));
    echo.command(&host);
    echo.command(&device);
    if echo.dry_run {
        return Ok(());
    }
    let host_view = preprocessed(&mut host, true)?;
    // Diagnostics both views share are shown once, from the host view.
    let device_view = preprocessed(&mut device, false)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_macros_are_recognised_in_every_spelling() {
        let flags = |words: &[&str]| words.iter().map(OsString::from).collect::<Vec<_>>();
        let name = "__SYCL_UNNAMED_LAMBDA__";
        assert!(user_sets_macro(
            &flags(&["-D__SYCL_UNNAMED_LAMBDA__=0"]),
            name
        ));
        assert!(user_sets_macro(
            &flags(&["-U__SYCL_UNNAMED_LAMBDA__"]),
            name
        ));
        assert!(user_sets_macro(
            &flags(&["-D", "__SYCL_UNNAMED_LAMBDA__"]),
            name
        ));
        assert!(!user_sets_macro(
            &flags(&["-D__SYCL_UNNAMED_LAMBDA__X"]),
            name
        ));
        assert!(!user_sets_macro(
            &flags(&["-I", "__SYCL_UNNAMED_LAMBDA__"]),
            name
        ));
    }
}
