//! `--help`, written from the option table's help entries (`clang_args::help`): the options
//! this driver acts on, the host-only family (the table's `HostCompile` role), DPC++'s options
//! accepted without effect and those refused. Only the prose around them is here.

use clang_args::Role;
use clang_args::help::{HELP, Treatment};

const INTRODUCTION: &str = "\
sycl-clang++: clang++-22 with SYCL 2020 for Intel's SYCL runtime

USAGE: sycl-clang++ [clang options] -fsycl <inputs>

Without -fsycl every argument goes to clang++-22 unchanged. With -fsycl, C++ sources are
compiled for host and device (SPIR-V), device code is carried in the objects, and linking
registers it with Intel's libsycl.so.9.
";

const SEARCH_LIST_QUERY: &str = "\
`-E -v` on standard input (clangd's --query-driver, sycl-footer -p) lists Intel's headers,
and a directory whose sycl/sycl.hpp gives device-side parses the device prelude, first in
the search list.
";

const LEAK_SUPPRESSIONS: &str = "With -fsanitize=address or leak the link adds LeakSanitizer \
suppressions for the OpenCL loader's and Intel's CPU runtime's own lifetime allocations.";

const CLOSING: &str = "\
Without -fsycl, DPC++'s accepted options are dropped with a warning and clang++-22 gets the
rest; refused options and values DPC++ would refuse are errors either way.

Environment: SYCL_SPECCONST_CLANG (the clang++ to run), SYCL_SPECCONST_SYCL_INCLUDE (Intel's
headers), SYCL_SPECCONST_RUNTIME_LIB (libsycl.so.9 and the OpenCL CPU runtime),
SYCL_SPECCONST_CACHE_DIR, SYCL_SPECCONST_PCH, SYCL_SPECCONST_TIMING: docs/environment.md.
Every other option is clang's: clang++-22 --help.
";

/// Lines end before this column.
const WIDTH: usize = 92;
/// Where an option's description starts.
const TEXT_COLUMN: usize = 34;

/// The whole `--help` text.
pub(crate) fn text() -> String {
    let mut out = String::from(INTRODUCTION);
    out.push_str("\nOptions of sycl-clang++:\n");
    options(&mut out, Treatment::Acted);
    out.push('\n');
    out.push_str(SEARCH_LIST_QUERY);
    out.push('\n');
    let host_only = clang_args::help::spellings_with_role(Role::HostCompile).join(", ");
    let paragraph = format!(
        "Host-only options ({host_only}) reach the host compile and the link, never the device \
         compile. {LEAK_SUPPRESSIONS}"
    );
    wrap_into(&mut out, &paragraph, 0, 0);
    out.push_str("\nAccepted, no effect here (DPC++ options whose meaning does not apply):\n");
    options(&mut out, Treatment::NoEffect);
    out.push_str("\nRefused:\n");
    options(&mut out, Treatment::Refused);
    out.push('\n');
    out.push_str(CLOSING);
    out
}

/// The entries treated as `treatment`: the synopsis in the first column (on a line of its own
/// when it is too wide), the text wrapped beside it.
fn options(out: &mut String, treatment: Treatment) {
    for entry in HELP.iter().filter(|h| h.treatment == treatment) {
        let lead = format!("  {}", entry.synopsis);
        if lead.len() + 2 <= TEXT_COLUMN {
            out.push_str(&format!("{lead:<TEXT_COLUMN$}"));
            wrap_into(out, entry.text, 0, TEXT_COLUMN);
        } else {
            out.push_str(&lead);
            out.push('\n');
            wrap_into(out, entry.text, TEXT_COLUMN, TEXT_COLUMN);
        }
    }
}

/// `text` in lines shorter than [`WIDTH`], the first indented by `first` spaces (0 when the
/// line is already started), the others by `rest`.
fn wrap_into(out: &mut String, text: &str, first: usize, rest: usize) {
    let mut column = if first == 0 && rest > 0 { rest } else { first };
    out.push_str(&" ".repeat(first));
    let mut line_empty = true;
    for word in text.split_whitespace() {
        let width = word.chars().count();
        if !line_empty && column + 1 + width >= WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(rest));
            column = rest;
            line_empty = true;
        }
        if !line_empty {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += width;
        line_empty = false;
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_every_documented_option_and_the_host_only_family() {
        let text = text();
        for entry in HELP {
            assert!(text.contains(entry.synopsis), "{}", entry.synopsis);
        }
        for spelling in [
            "-fsanitize=…",
            "--coverage",
            "-fxray-…",
            "-fstack-protector…",
        ] {
            assert!(text.contains(spelling), "{spelling}");
        }
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
    }

    #[test]
    fn long_synopses_get_a_line_of_their_own() {
        let text = text();
        let line = text
            .lines()
            .find(|l| l.contains("-fsycl-spec-constants="))
            .expect("listed");
        assert_eq!(line.trim(), "-fsycl-spec-constants=native|emulation");
        assert!(text.contains("  -fsycl                          build SYCL code\n"));
    }
}
