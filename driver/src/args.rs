//! The command line as the clang driver reads it: options with separate values, inputs by
//! extension or `-x`, phases, outputs. One table decides which options take a value and
//! whether an option belongs to compiling or only to linking.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Options whose value is the next argument (when not joined).
const SEPARATE_VALUE: &[&str] = &[
    "-o",
    "-I",
    "-D",
    "-U",
    "-include",
    "-imacros",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-iprefix",
    "-iwithprefix",
    "-iwithprefixbefore",
    "-isysroot",
    "-x",
    "-MF",
    "-MT",
    "-MQ",
    "-Xclang",
    "-Xlinker",
    "-Xpreprocessor",
    "-Xassembler",
    "-mllvm",
    "-L",
    "-l",
    "-target",
    "-arch",
    "-z",
    "-T",
    "-u",
    "-e",
    "-include-pch",
    "-ivfsoverlay",
    "--param",
    "-Xarch_host",
    "-Xarch_device",
    "-Xoffload-linker",
    "-dependency-file",
    "-main-file-name",
];

/// Options that take no part in compiling (given at compile time clang only warns).
fn is_link_only(arg: &str) -> bool {
    arg.starts_with("-l")
        || arg.starts_with("-L")
        || arg.starts_with("-Wl,")
        || arg.starts_with("-fuse-ld=")
        || arg.starts_with("-nostdlib")
        || matches!(
            arg,
            "-shared" | "-static" | "-rdynamic" | "-pie" | "-no-pie" | "-pthread"
        )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Compile and link (no phase option).
    Link,
    /// `-c`
    Compile,
    /// `-S`
    Assemble,
    /// `-E`
    Preprocess,
    /// `-fsyntax-only`
    SyntaxOnly,
    /// `-M`/`-MM`: dependencies only (they imply `-E`).
    Dependencies,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InputKind {
    /// A C++ source the driver compiles for host and device.
    CxxSource,
    /// Anything clang compiles on its own (C, assembly, preprocessed C++): passed through.
    OtherSource,
    /// Objects, archives, shared libraries: link inputs.
    LinkInput,
}

#[derive(Clone, Debug)]
pub(crate) struct Input {
    pub(crate) path: PathBuf,
    pub(crate) kind: InputKind,
    /// The `-x` language in force for this input, if any.
    pub(crate) language: Option<OsString>,
}

pub(crate) use post_link::images::Split;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpecConstMode {
    Native,
    Emulation,
}

impl SpecConstMode {
    /// As `-fsycl-spec-constants=` spells it.
    pub(crate) fn spelling(self) -> &'static str {
        match self {
            SpecConstMode::Native => "native",
            SpecConstMode::Emulation => "emulation",
        }
    }
}

/// The command line, classified.
#[derive(Clone, Debug)]
pub(crate) struct CommandLine {
    /// `-fsycl` was given: the driver's own pipeline runs.
    pub(crate) sycl: bool,
    pub(crate) phase: Phase,
    pub(crate) output: Option<PathBuf>,
    pub(crate) inputs: Vec<Input>,
    /// Options for compiling (host, device and analysis), in order.
    pub(crate) compile_flags: Vec<OsString>,
    /// Options for linking only (`-l`, `-L`, `-Wl,…`), in order.
    pub(crate) link_flags: Vec<OsString>,
    /// `-###`
    pub(crate) dry_run: bool,
    /// `-v`
    pub(crate) verbose: bool,
    pub(crate) save_temps: bool,
    pub(crate) spec_constants: SpecConstMode,
    /// `-fsycl-device-code-split=`: how the link splits device code into images.
    pub(crate) device_code_split: Split,
    /// `-fsycl-footer-path=DIR`: where generated files go (default: next to the output).
    pub(crate) generated_dir: Option<PathBuf>,
    /// Something `-fsycl` cannot build (precompiled headers, C++20 modules), named.
    pub(crate) unsupported: Option<&'static str>,
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum ArgError {
    #[error("argument to '{0}' is missing (expected 1 value)")]
    MissingValue(String),
    #[error("invalid value '{value}' in '{option}' (expected native or emulation)")]
    BadSpecConstMode { option: String, value: String },
    #[error("invalid value '{value}' in '{option}' (expected per_kernel, per_source, auto or off)")]
    BadSplitMode { option: String, value: String },
    #[error("cannot read response file '{path}': {error}")]
    ResponseFile { path: String, error: std::io::Error },
}

fn kind_of(path: &Path, language: Option<&OsStr>) -> InputKind {
    if let Some(lang) = language {
        return match lang.as_bytes() {
            b"c++" => InputKind::CxxSource,
            b"none" => kind_of(path, None),
            _ => InputKind::OtherSource,
        };
    }
    let ext = path.extension().map(|e| e.as_bytes()).unwrap_or(b"");
    match ext {
        b"cpp" | b"cc" | b"cxx" | b"c++" | b"C" | b"cp" | b"CPP" => InputKind::CxxSource,
        b"c" | b"i" | b"ii" | b"s" | b"S" | b"m" | b"mm" => InputKind::OtherSource,
        _ => InputKind::LinkInput,
    }
}

/// Expands `@file` arguments in place (POSIX quoting, as clang does on Unix).
pub(crate) fn expand_response_files(args: Vec<OsString>) -> Result<Vec<OsString>, ArgError> {
    let mut out = Vec::with_capacity(args.len());
    for arg in args {
        let bytes = arg.as_bytes();
        if bytes.len() > 1 && bytes[0] == b'@' {
            let path = OsStr::from_bytes(&bytes[1..]);
            let text = std::fs::read(path).map_err(|error| ArgError::ResponseFile {
                path: path.to_string_lossy().into_owned(),
                error,
            })?;
            let text = String::from_utf8_lossy(&text);
            let words = shlex::split(&text).unwrap_or_default();
            out.extend(expand_response_files(
                words.into_iter().map(OsString::from).collect(),
            )?);
        } else {
            out.push(arg);
        }
    }
    Ok(out)
}

pub(crate) fn parse(args: &[OsString]) -> Result<CommandLine, ArgError> {
    let mut cl = CommandLine {
        sycl: false,
        phase: Phase::Link,
        output: None,
        inputs: Vec::new(),
        compile_flags: Vec::new(),
        link_flags: Vec::new(),
        dry_run: false,
        verbose: false,
        save_temps: false,
        spec_constants: SpecConstMode::Native,
        device_code_split: Split::None,
        generated_dir: None,
        unsupported: None,
    };
    let mut language: Option<OsString> = None;
    let mut only_inputs = false;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let text = arg.to_string_lossy();
        let is_input = only_inputs || !text.starts_with('-') || text == "-";
        if is_input {
            let path = PathBuf::from(arg);
            let header = language
                .as_deref()
                .is_some_and(|l| l.as_bytes().ends_with(b"-header"));
            if header {
                cl.unsupported = Some("a precompiled header (-x c++-header)");
            }
            if path.extension().is_some_and(|e| e == "cppm" || e == "ixx") {
                cl.unsupported = Some("a C++20 module interface");
            }
            cl.inputs.push(Input {
                kind: kind_of(&path, language.as_deref()),
                path,
                language: language.clone(),
            });
            continue;
        }
        let mut take_value = |name: &str| -> Result<OsString, ArgError> {
            let v = args
                .get(i)
                .cloned()
                .ok_or_else(|| ArgError::MissingValue(name.to_string()))?;
            i += 1;
            Ok(v)
        };
        match text.as_ref() {
            "--" => only_inputs = true,
            "-fsycl" => cl.sycl = true,
            "-fno-sycl" => cl.sycl = false,
            "-c" => cl.phase = Phase::Compile,
            "-S" => cl.phase = Phase::Assemble,
            "-E" => cl.phase = Phase::Preprocess,
            "-fsyntax-only" => cl.phase = Phase::SyntaxOnly,
            "-M" | "-MM" => {
                cl.phase = Phase::Dependencies;
                cl.compile_flags.push(arg.clone());
            }
            "--precompile" => {
                cl.unsupported = Some("C++20 modules (--precompile)");
                cl.compile_flags.push(arg.clone());
            }
            "-###" => cl.dry_run = true,
            "-v" => {
                cl.verbose = true;
                cl.compile_flags.push(arg.clone());
            }
            "-save-temps" | "--save-temps" => cl.save_temps = true,
            "-o" => cl.output = Some(PathBuf::from(take_value("-o")?)),
            "-x" => {
                let v = take_value("-x")?;
                language = (v.as_bytes() != b"none").then(|| v.clone());
                cl.compile_flags.push(arg.clone());
                cl.compile_flags.push(v);
            }
            _ if text.starts_with("-fsycl-spec-constants=") => {
                let value = &text["-fsycl-spec-constants=".len()..];
                cl.spec_constants = match value {
                    "native" => SpecConstMode::Native,
                    "emulation" => SpecConstMode::Emulation,
                    _ => {
                        return Err(ArgError::BadSpecConstMode {
                            option: text.to_string(),
                            value: value.to_string(),
                        });
                    }
                };
            }
            // DPC++'s spelling; a bare -fsycl-device-code-split means auto.
            "-fsycl-device-code-split" => cl.device_code_split = Split::Auto,
            _ if text.starts_with("-fsycl-device-code-split=") => {
                let value = &text["-fsycl-device-code-split=".len()..];
                cl.device_code_split = match value {
                    "per_kernel" => Split::PerKernel,
                    "per_source" => Split::PerSource,
                    "auto" => Split::Auto,
                    "off" => Split::None,
                    _ => {
                        return Err(ArgError::BadSplitMode {
                            option: text.to_string(),
                            value: value.to_string(),
                        });
                    }
                };
            }
            _ if text.starts_with("-fmodule-file=") => {
                cl.unsupported = Some("C++20 modules (-fmodule-file=)");
                cl.compile_flags.push(arg.clone());
            }
            _ if text.starts_with("-fsycl-footer-path=") => {
                cl.generated_dir = Some(PathBuf::from(&text["-fsycl-footer-path=".len()..]));
            }
            _ if text.starts_with("-save-temps=") => cl.save_temps = true,
            _ if text.starts_with("-o") => cl.output = Some(PathBuf::from(&text[2..])),
            _ if text == "-Xlinker" => {
                let v = take_value("-Xlinker")?;
                cl.link_flags.push(arg.clone());
                cl.link_flags.push(v);
            }
            _ if matches!(text.as_ref(), "-l" | "-L") => {
                let v = take_value(&text)?;
                cl.link_flags.push(arg.clone());
                cl.link_flags.push(v);
            }
            _ if is_link_only(&text) => cl.link_flags.push(arg.clone()),
            _ if SEPARATE_VALUE.contains(&text.as_ref()) => {
                let v = take_value(&text)?;
                cl.compile_flags.push(arg.clone());
                cl.compile_flags.push(v);
            }
            _ => cl.compile_flags.push(arg.clone()),
        }
    }
    Ok(cl)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(args: &[&str]) -> CommandLine {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        parse(&args).expect("parse")
    }

    #[test]
    fn separate_values_are_not_inputs() {
        let cl = parse_str(&[
            "-fsycl", "-I", "inc", "-c", "a.cpp", "-o", "a.o", "-include", "pre.h",
        ]);
        assert!(cl.sycl);
        assert_eq!(cl.phase, Phase::Compile);
        assert_eq!(cl.output.as_deref(), Some(Path::new("a.o")));
        assert_eq!(cl.inputs.len(), 1);
        assert_eq!(cl.inputs[0].kind, InputKind::CxxSource);
        assert_eq!(cl.compile_flags, ["-I", "inc", "-include", "pre.h"]);
    }

    #[test]
    fn link_inputs_and_flags() {
        let cl = parse_str(&[
            "-fsycl",
            "a.o",
            "libx.a",
            "b.c",
            "-lm",
            "-L",
            "dir",
            "-Wl,--as-needed",
        ]);
        let kinds: Vec<_> = cl.inputs.iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            [
                InputKind::LinkInput,
                InputKind::LinkInput,
                InputKind::OtherSource
            ]
        );
        assert_eq!(cl.link_flags, ["-lm", "-L", "dir", "-Wl,--as-needed"]);
        assert!(cl.compile_flags.is_empty());
    }

    #[test]
    fn language_option_applies_to_later_inputs() {
        let cl = parse_str(&["x.txt", "-x", "c++", "y.txt", "-x", "none", "z.cpp"]);
        let kinds: Vec<_> = cl.inputs.iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            [
                InputKind::LinkInput,
                InputKind::CxxSource,
                InputKind::CxxSource
            ]
        );
    }

    #[test]
    fn missing_value_and_bad_mode_are_errors() {
        let args: Vec<OsString> = ["-o"].iter().map(OsString::from).collect();
        assert!(matches!(parse(&args), Err(ArgError::MissingValue(_))));
        let args: Vec<OsString> = ["-fsycl-spec-constants=fast"]
            .iter()
            .map(OsString::from)
            .collect();
        assert!(matches!(
            parse(&args),
            Err(ArgError::BadSpecConstMode { .. })
        ));
    }

    #[test]
    fn headers_and_modules_are_named_unsupported() {
        assert!(
            parse_str(&["-x", "c++-header", "p.hpp"])
                .unsupported
                .is_some()
        );
        assert!(parse_str(&["m.cppm"]).unsupported.is_some());
        assert!(
            parse_str(&["-fmodule-file=m.pcm", "a.cpp"])
                .unsupported
                .is_some()
        );
        assert!(parse_str(&["a.cpp"]).unsupported.is_none());
        assert_eq!(parse_str(&["-MM", "a.cpp"]).phase, Phase::Dependencies);
    }

    #[test]
    fn double_dash_makes_everything_an_input() {
        let cl = parse_str(&["--", "-weird.cpp"]);
        assert_eq!(cl.inputs.len(), 1);
        assert_eq!(cl.inputs[0].kind, InputKind::CxxSource);
    }
}
