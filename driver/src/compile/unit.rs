//! One source's compile as commands and generated files (`Unit`): the host compile of the
//! source's copy, the device compiles, the analysis's options, and where each generated file
//! goes.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::args::{CommandLine, DeviceTarget, Input, Phase};
use crate::commands::device_command;
use crate::pch;
use crate::run::{Context, Failure, Result, Scratch, Shown, absolute, cannot_run};
use crate::toolchain::Toolchain;

/// How LLVM's printer starts the lines of the constructor and destructor lists.
const CONSTRUCTOR_LISTS: [&[u8]; 2] = [b"@llvm.global_ctors = ", b"@llvm.global_dtors = "];

/// The directory of the generated directory that holds the host compile's copy of the source.
const COPY_DIR: &str = "source";

/// The generated files of one TU, in its generated directory.
pub(super) struct Generated {
    /// The directory.
    pub(super) dir: PathBuf,
    /// The footer: a FIFO while the host compile runs (a regular file with `-save-temps`).
    pub(super) footer: PathBuf,
    pub(super) header: PathBuf,
    pub(super) host_tu: PathBuf,
    pub(super) host_depfile: PathBuf,
    /// The host compile's standard error, while it runs (shown as the compile without PCH
    /// shows it: `pch::plain_diagnostics`).
    pub(super) host_diagnostics: PathBuf,
    pub(super) staged_output: PathBuf,
}

impl Generated {
    pub(super) fn in_dir(scratch: &Scratch, source: &Path) -> Generated {
        Generated {
            dir: scratch.path(""),
            footer: scratch.path("footer.h"),
            header: scratch.path("integration-header.h"),
            // The copy keeps the source's file name (debug info and `__FILE__` of the
            // basename stay the user's), alone in its directory: clang looks for a quoted
            // include beside the including file first, where a user's "footer.h" would
            // otherwise find the generated one.
            host_tu: scratch
                .path(COPY_DIR)
                .join(source.file_name().unwrap_or(OsStr::new("source.cpp"))),
            host_depfile: scratch.path("host.d"),
            host_diagnostics: scratch.path("host.stderr"),
            staged_output: scratch.path("host.out"),
        }
    }

    /// The files of the device compile for `target`.
    pub(super) fn device(&self, target: DeviceTarget) -> DeviceFiles {
        let stem = target.file_stem();
        DeviceFiles {
            raw: self.dir.join(format!("{stem}.clang.bc")),
            diagnostics: self.dir.join(format!("{stem}.stderr")),
            embed: self.dir.join(format!("{stem}.offload")),
            finished: self.dir.join(format!("{stem}.bc")),
        }
    }
}

/// One device compile's files.
pub(super) struct DeviceFiles {
    /// What clang wrote.
    pub(super) raw: PathBuf,
    /// Its standard error, while it runs.
    pub(super) diagnostics: PathBuf,
    /// The offload container the host compile embeds.
    pub(super) embed: PathBuf,
    /// The finished bitcode (`-save-temps`).
    pub(super) finished: PathBuf,
}

/// The per-source commands.
pub(super) struct Unit<'a> {
    pub(super) ex: &'a Context<'a>,
    /// The run's tool chain and command line, at hand.
    pub(super) tc: &'a Toolchain,
    pub(super) cl: &'a CommandLine,
    pub(super) source: &'a Input,
    pub(super) files: Generated,
    pub(super) wants_device: bool,
    pub(super) phase: Phase,
    /// `-fsycl-device-only` with `-MD`/`-MMD`: the device compile writes the depfile (into the
    /// generated directory, rewritten afterwards).
    pub(super) device_depfile: bool,
    /// `-###`: the builds of missing PCHs that making a compile's command found, shown
    /// before it (`pch::attach`).
    pub(super) pch_builds_shown: Mutex<Vec<Shown>>,
}

impl<'a> Unit<'a> {
    /// A unit whose generated files live in `scratch`; it wants device code when `phase`
    /// compiles or links, and no device depfile.
    pub(super) fn in_scratch(
        ex: &'a Context<'a>,
        source: &'a Input,
        scratch: &Scratch,
        phase: Phase,
    ) -> Self {
        Unit {
            ex,
            tc: ex.tc,
            cl: ex.cl,
            source,
            files: Generated::in_dir(scratch, &source.path),
            wants_device: matches!(phase, Phase::Compile | Phase::Link),
            phase,
            device_depfile: false,
            pch_builds_shown: Mutex::new(Vec::new()),
        }
    }
}

impl Unit<'_> {
    /// `-###`: the PCH builds the last commands made need, in order, taken.
    pub(super) fn take_pch_builds_shown(&self) -> Vec<Shown> {
        self.pch_builds_shown
            .lock()
            .map(|mut shown| std::mem::take(&mut *shown))
            .unwrap_or_default()
    }

    pub(super) fn device_command(&self, target: DeviceTarget) -> Command {
        let raw = self.files.device(target).raw;
        let mut cmd = self.device_command_writing(target, Some(&raw), "-c");
        if self.device_depfile {
            let deps = &self.cl.flags.depfile;
            cmd.arg(if deps.user_headers_only {
                "-MMD"
            } else {
                "-MD"
            })
            .arg("-MF")
            .arg(&self.files.host_depfile);
        }
        crate::pch::attach(cmd, &self.pch_view(pch::Side::Device))
    }

    /// What the precompiled-header hook needs to know of this unit's `side` compile.
    pub(super) fn pch_view(&self, side: pch::Side) -> pch::Compile<'_> {
        let (input, force_include) = match side {
            pch::Side::Device => (&self.source.path, &self.tc.prelude),
            pch::Side::Host => (&self.files.host_tu, &self.files.header),
        };
        pch::Compile {
            side,
            source: &self.source.path,
            input,
            force_include,
            user_flags: &self.cl.flags.analysis,
            source_offset: match side {
                pch::Side::Device => 0,
                pch::Side::Host => self.host_line_directive().len(),
            },
            source_dir: self.source_dir(),
            echo: self.ex.echo,
            builds_shown: &self.pch_builds_shown,
        }
    }

    /// The source's directory as clang looks in it for the source's quoted includes.
    pub(super) fn source_dir(&self) -> &Path {
        self.source
            .path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
    }

    /// The host copy's first line: the rest is the source's as the user named it.
    pub(super) fn host_line_directive(&self) -> Vec<u8> {
        self.line_directive(1)
    }

    /// `#line <line> "<source>"`: the next line of the host copy is the source's `line`.
    pub(super) fn line_directive(&self, line: usize) -> Vec<u8> {
        let mut directive = format!("#line {line} \"").into_bytes();
        directive.extend_from_slice(&escape_string_literal(self.source.path.as_os_str()));
        directive.extend_from_slice(b"\"\n");
        directive
    }

    /// The device compile for `target` writing bitcode (`-c`) or LLVM text (`-S`) to `out`.
    pub(super) fn device_command_writing(
        &self,
        target: DeviceTarget,
        out: Option<&Path>,
        phase: &str,
    ) -> Command {
        device_command(self.tc, self.cl, self.source, target, phase, out)
    }

    /// The device code again, as LLVM text without the lists of global constructors and
    /// destructors, for when clang-22 wrote bitcode LLVM cannot read back: for a template's
    /// static data member initialised dynamically (its class's key function in the TU emits a
    /// virtual function using it), clang-22 puts the member's `addrspace(1)` address into
    /// `@llvm.global_ctors`' generic `ptr` field ("Incorrect type in struct initializer").
    /// The text parser refuses that line just as well, so it is left out: a device image runs
    /// no constructors (DPC++ never emits them for the device), and the device link removes
    /// the host-only code they referenced. LLVM prints each global on one line of its own,
    /// starting with its name, so the lines are found exactly.
    pub(super) fn device_text_without_constructor_lists(
        &self,
        target: DeviceTarget,
    ) -> Result<Vec<u8>> {
        let out = self.files.device(target).raw.with_extension("ll");
        let mut cmd = self.device_command_writing(target, Some(&out), "-S");
        // Its diagnostics are the first run's, already shown.
        let status = self
            .ex
            .echo
            .output(&mut cmd)
            .map_err(|e| cannot_run(&cmd, &e))?
            .status;
        if !status.success() {
            return Err(Failure::Message(
                "the device compile failed when run again".into(),
            ));
        }
        let text =
            std::fs::read(&out).map_err(|e| format!("cannot read '{}': {e}", out.display()))?;
        let mut kept = Vec::with_capacity(text.len());
        for line in text.split_inclusive(|&b| b == b'\n') {
            if !CONSTRUCTOR_LISTS.iter().any(|list| line.starts_with(list)) {
                kept.extend_from_slice(line);
            }
        }
        Ok(kept)
    }

    /// The host compile; `out` is where clang writes (the staged output, or the final one for
    /// display).
    pub(super) fn host_command(&self, out: Option<&Path>) -> Command {
        let files = &self.files;
        let mut cmd = Command::new(&self.tc.clang);
        cmd.args(["-fsycl", "-fsycl-host-only", "-include"])
            .arg(&files.header)
            .arg("-iquote")
            .arg(self.source_dir())
            .args(self.cl.sycl_predefines())
            .args(&self.cl.flags.host)
            .arg("-isystem")
            .arg(&self.tc.sycl_include);
        let deps = &self.cl.flags.depfile;
        if deps.wanted && out.is_some() {
            cmd.arg(if deps.user_headers_only {
                "-MMD"
            } else {
                "-MD"
            })
            .arg("-MF")
            .arg(&files.host_depfile);
        }
        if self.wants_device {
            for target in self.cl.device_targets() {
                let mut flag = OsString::from("-fembed-offload-object=");
                flag.push(files.device(target).embed);
                cmd.arg("-Xclang").arg(flag);
            }
        }
        match self.phase {
            Phase::Compile | Phase::Link => cmd.arg("-c"),
            Phase::Assemble => cmd.arg("-S"),
            Phase::Preprocess => cmd.arg("-E"),
            Phase::SyntaxOnly => cmd.arg("-fsyntax-only"),
            // Handled before any source is compiled (`compile::dependencies_command`).
            Phase::Dependencies => cmd.arg("-E"),
        };
        // Debug info names the user's source, not the generated copy (a relative name would
        // get the copy's directory).
        cmd.args(["-Xclang", "-main-file-name", "-Xclang"])
            .arg(absolute(&self.source.path));
        if self.source.language.is_none() {
            cmd.args(["-x", "c++"]);
        }
        cmd.arg(&files.host_tu);
        if let Some(out) = out {
            cmd.arg("-o").arg(out);
        }
        if matches!(self.phase, Phase::Preprocess | Phase::Dependencies) {
            return cmd;
        }
        crate::pch::attach(cmd, &self.pch_view(pch::Side::Host))
    }

    /// Method A of `docs/reference/driver.md` §2.1: a copy of the source behind
    /// `#line 1 "<source>"`, the footer included after the last line; a byte-order mark stays
    /// first.
    pub(super) fn host_source(&self) -> Result<Vec<u8>> {
        let original = std::fs::read(&self.source.path).map_err(|e| {
            Failure::Message(format!("cannot read '{}': {e}", self.source.path.display()))
        })?;
        let bom_len = [&[0xEF, 0xBB, 0xBF][..], &[0xFF, 0xFE], &[0xFE, 0xFF]]
            .iter()
            .find(|b| original.starts_with(b))
            .map_or(0, |b| b.len());
        // The preprocessor does not warn about attributes: `-E` output keeps them.
        let original = if matches!(self.phase, Phase::Preprocess | Phase::Dependencies) {
            original
        } else {
            self.without_kernel_attributes(original)
        };
        // A header name is not a string literal: its bytes are the path as they are, and it
        // cannot hold a double quote or a line break.
        let footer = self.files.footer.as_os_str().as_bytes();
        if footer.iter().any(|b| matches!(b, b'"' | b'\n' | b'\r')) {
            return Err(Failure::Message(format!(
                "cannot include the generated footer '{}': its path has a double quote or a line break (set TMPDIR or -fsycl-footer-path to another directory)",
                self.files.footer.display()
            )));
        }
        let mut tu = original[..bom_len].to_vec();
        tu.extend_from_slice(&self.host_line_directive());
        // A precompiled preamble stands for the `#line` and the preamble, which the compile
        // then skips: the rest gets its file name and line again from a second `#line`.
        let preamble = match self.phase {
            Phase::Preprocess | Phase::Dependencies => None,
            _ => pch::preamble_length(&self.source.path, &self.cl.flags.analysis),
        }
        .filter(|&n| bom_len == 0 && original.get(..n).is_some_and(|p| p.ends_with(b"\n")));
        if let Some(n) = preamble {
            let lines = original[..n].iter().filter(|&&b| b == b'\n').count();
            tu.extend_from_slice(&original[..n]);
            tu.extend_from_slice(&self.line_directive(lines + 1));
            tu.extend_from_slice(&original[n..]);
        } else {
            tu.extend_from_slice(&original[bom_len..]);
        }
        tu.extend_from_slice(b"\n#include \"");
        tu.extend_from_slice(footer);
        tu.extend_from_slice(b"\"\n");
        Ok(tu)
    }

    /// The source with its SYCL kernel attributes blanked (newlines kept, so lines and columns
    /// stay): the host needs nothing from them, and clang would warn about each one
    /// (`plugin::sycl_attribute_spans`). If the source cannot be tokenized it stays as it is:
    /// the analysis reports why.
    pub(super) fn without_kernel_attributes(&self, mut source: Vec<u8>) -> Vec<u8> {
        let args = self.analysis_options().args;
        let spans =
            plugin::sycl_attribute_spans(&self.source.path, &source, &args).unwrap_or_default();
        for span in spans {
            if let Some(bytes) = source.get_mut(span) {
                for b in bytes.iter_mut().filter(|b| !matches!(b, b'\n' | b'\r')) {
                    *b = b' ';
                }
            }
        }
        source
    }

    pub(super) fn analysis_options(&self) -> plugin::Options {
        plugin::Options {
            source: self.source.path.clone(),
            args: self
                .cl
                .sycl_predefines()
                .into_iter()
                .chain(self.cl.flags.analysis.iter().cloned())
                .chain(["-isystem".into(), self.tc.sycl_include.clone().into()])
                .chain(
                    crate::commands::language_flags(self.cl, self.source)
                        .iter()
                        .map(OsString::from),
                )
                .collect(),
            unique_prefix: None,
            skip_teardown: false,
            header_cache: crate::toolchain::header_cache_dir(),
            kernel_details: true,
        }
    }
}

fn escape_string_literal(s: &OsStr) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'\\' | b'"' => out.extend_from_slice(&[b'\\', b]),
            // Line breaks and other control bytes (a file name may hold any): three-digit
            // octal, which no following digit can extend.
            _ if b.is_ascii_control() => out.extend_from_slice(format!("\\{b:03o}").as_bytes()),
            _ => out.push(b),
        }
    }
    out
}
