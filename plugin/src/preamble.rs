//! A source's preamble: the leading run of `#include`, `#define`, `#undef` and `#pragma`
//! lines (with comments and blank lines among them) that a precompiled preamble can stand for.
//!
//! clang's own preamble (`Lexer::ComputePreamble`, what clangd precompiles) is every leading
//! directive, conditionals included; a precompiled header built from a copy of that text
//! (not clang's in-memory preamble) must be a whole translation-unit prefix on its own, so
//! this one is narrower: it stops before anything whose meaning could depend on where it is
//! compiled or on what follows it: a conditional (`#if` …, which may close after the
//! preamble), `#pragma once`, `#line`, `#include_next`, a directive naming `__FILE__`,
//! `__LINE__`, `__COUNTER__` or another location or time macro, and anything the token
//! boundaries do not show plainly (a line continuation or a block comment between the
//! directives). A source starting with a byte-order mark has none.
//!
//! It also ends after the first quoted include, the project's own header: the system headers a
//! source includes after it differ from source to source, the project header does not, and
//! one precompiled preamble then serves every source of a project that starts with it. For the
//! same reason the precompiled text is the directives alone, without the comments around them
//! (a licence header naming the file): nothing of a preamble depends on its line numbers.
//!
//! The tokens come from libclang (a parse of the file alone, includes not entered); only the
//! bytes between tokens (whitespace and comments) are looked at here.

use std::ffi::OsString;
use std::ops::Range;
use std::path::Path;

use crate::libclang;

/// A source's preamble.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preamble {
    /// How many bytes of the source it covers (ending with a line break): what a compile that
    /// loads it skips.
    pub length: usize,
    /// What it stands for: its directives, one per line, without comments.
    pub directives: Vec<u8>,
    /// The source's line (from 1) of each directive, in order: where a diagnostic's include
    /// stack names the source.
    pub lines: Vec<usize>,
}

/// Macros whose expansion depends on where or when they are expanded.
const PLACE_AND_TIME_MACROS: [&str; 9] = [
    "__FILE__",
    "__FILE_NAME__",
    "__BASE_FILE__",
    "__LINE__",
    "__COUNTER__",
    "__INCLUDE_LEVEL__",
    "__DATE__",
    "__TIME__",
    "__TIMESTAMP__",
];

/// `source`'s preamble, if it has one that includes something; `None` when it has none or the
/// source cannot be read or tokenized.
pub fn source_preamble(source: &Path, args: &[OsString]) -> Option<Preamble> {
    let contents = std::fs::read(source).ok()?;
    if contents.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return None;
    }
    // Only the leading lines matter; a bounded prefix keeps tokenizing cheap.
    let window = leading_window(&contents);
    libclang::load().ok()?;
    let index = libclang::Index::new().ok()?;
    let tokens = index
        .file_tokens(source.as_os_str(), window, &crate::host_parse_args(args))
        .ok()?;
    preamble_of(window, &tokens)
}

/// The first 256 KiB of `contents`, cut at a line break (a token cut in two could read as
/// a directive's end).
fn leading_window(contents: &[u8]) -> &[u8] {
    const WINDOW: usize = 256 << 10;
    if contents.len() <= WINDOW {
        return contents;
    }
    let cut = contents[..WINDOW]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    &contents[..cut]
}

type Tok = (String, Range<usize>);

/// The preamble of `text`, given its tokens (comments are not tokens).
fn preamble_of(text: &[u8], tokens: &[Tok]) -> Option<Preamble> {
    let mut end = 0usize;
    let mut directives: Vec<u8> = Vec::new();
    let mut lines = Vec::new();
    let mut includes = false;
    let mut i = 0usize;
    while i < tokens.len() {
        let (spelling, range) = &tokens[i];
        // What lies before the directive: comments and blank lines only (anything before the
        // first token is that, as clang lexed it).
        if i > 0 && !plain_gap(&text[end..range.start], true) {
            break;
        }
        if spelling != "#" {
            break;
        }
        // The directive's tokens: those on the same line.
        let mut j = i + 1;
        let mut plain = true;
        while j < tokens.len() && !text[tokens[j - 1].1.end..tokens[j].1.start].contains(&b'\n') {
            plain &= plain_gap(&text[tokens[j - 1].1.end..tokens[j].1.start], false);
            j += 1;
        }
        let directive = &tokens[i..j];
        let name = directive.get(1).map(|t| t.0.as_str());
        let second = directive.get(2).map(|t| t.0.as_str());
        let kept = match name {
            Some("include") => true,
            Some("define" | "undef") => true,
            Some("pragma") => second != Some("once"),
            _ => false,
        };
        if !plain
            || !kept
            || directive
                .iter()
                .any(|t| PLACE_AND_TIME_MACROS.contains(&t.0.as_str()))
        {
            break;
        }
        // The rest of the line: whitespace or a line comment, then the line break.
        let last = directive[directive.len() - 1].1.end;
        let Some(newline) = text[last..].iter().position(|&b| b == b'\n') else {
            break;
        };
        let line_end = last + newline;
        if !plain_gap(&text[last..line_end], false) {
            break;
        }
        end = line_end + 1;
        directives.extend_from_slice(&text[range.start..last]);
        directives.push(b'\n');
        lines.push(1 + text[..range.start].iter().filter(|&&b| b == b'\n').count());
        i = j;
        if name == Some("include") {
            includes = true;
            if second.is_some_and(|header| header.starts_with('"')) {
                break;
            }
        }
    }
    (includes && end > 0).then_some(Preamble {
        length: end,
        directives,
        lines,
    })
}

/// Whether `gap` (bytes between tokens) is whitespace and line comments only, with no line
/// continuation and no block comment; `lines` allows line breaks.
fn plain_gap(gap: &[u8], lines: bool) -> bool {
    if gap.contains(&b'\\') || gap.windows(2).any(|w| w == b"/*") {
        return false;
    }
    let mut rest = gap;
    while let Some(&b) = rest.first() {
        if rest.starts_with(b"//") {
            // A line comment runs to the line break (kept, it is checked next round).
            let len = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            rest = &rest[len..];
            continue;
        }
        match b {
            b'\n' if lines => {}
            b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b' => {}
            _ => return false,
        }
        rest = &rest[1..];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small tokenizer for the tests' inputs (identifiers, punctuation, header names in
    /// quotes, comments skipped), standing in for libclang's.
    fn tokens(text: &str) -> Vec<Tok> {
        let b = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i..].starts_with(b"//") {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            } else if b[i..].starts_with(b"/*") {
                let close = text[i + 2..].find("*/").expect("closed comment");
                i += close + 4;
            } else if b[i].is_ascii_whitespace() || b[i] == b'\\' {
                i += 1;
            } else if b[i] == b'"' {
                let close = text[i + 1..].find('"').expect("closed string");
                out.push((text[i..i + close + 2].to_string(), i..i + close + 2));
                i += close + 2;
            } else if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push((text[start..i].to_string(), start..i));
            } else {
                out.push((text[i..i + 1].to_string(), i..i + 1));
                i += 1;
            }
        }
        out
    }

    /// The bytes a compile skips.
    fn preamble(text: &str) -> Option<&str> {
        preamble_of(text.as_bytes(), &tokens(text)).map(|p| &text[..p.length])
    }

    fn directives(text: &str) -> Option<String> {
        preamble_of(text.as_bytes(), &tokens(text))
            .map(|p| String::from_utf8(p.directives).expect("UTF-8"))
    }

    #[test]
    fn each_directive_keeps_its_source_line() {
        let text =
            "// licence\n\n#include <vector>\n#define N 4 // why\n\n#include \"p.h\"\nint x;\n";
        let found = preamble_of(text.as_bytes(), &tokens(text)).expect("a preamble");
        assert_eq!(found.lines, [3, 4, 6]);
    }

    #[test]
    fn includes_defines_and_comments_make_the_preamble() {
        let text =
            "/* licence\n * text */\n#include <vector> // why\n\n#define N 4\nint main() {}\n";
        assert_eq!(
            preamble(text),
            Some("/* licence\n * text */\n#include <vector> // why\n\n#define N 4\n")
        );
        assert_eq!(
            directives(text).as_deref(),
            Some("#include <vector>\n#define N 4\n")
        );
    }

    #[test]
    fn it_ends_after_the_first_quoted_include_whatever_the_comments() {
        let one =
            "// one.cpp: licence\n#define X 1\n#include \"common.h\"\n#include <vector>\nint a;\n";
        let two = "/* two.cpp */\n#define X 1\n#include   \"common.h\" // project\n#include <map>\nint b;\n";
        assert_eq!(
            preamble(one),
            Some("// one.cpp: licence\n#define X 1\n#include \"common.h\"\n")
        );
        assert_eq!(
            preamble(two),
            Some("/* two.cpp */\n#define X 1\n#include   \"common.h\" // project\n")
        );
        assert_eq!(
            directives(one).as_deref(),
            Some("#define X 1\n#include \"common.h\"\n")
        );
        // The spacing inside a directive is its own (the two do not share).
        assert_eq!(
            directives(two).as_deref(),
            Some("#define X 1\n#include   \"common.h\"\n")
        );
    }

    #[test]
    fn it_stops_before_code_and_conditionals() {
        assert_eq!(
            preamble("#include <a.h>\nusing namespace std;\n#include <b.h>\n"),
            Some("#include <a.h>\n")
        );
        assert_eq!(
            preamble("#include <a.h>\n#ifdef X\n#include <b.h>\n#endif\n"),
            Some("#include <a.h>\n")
        );
        assert_eq!(
            preamble("#include <a.h>\n#include_next <b.h>\n"),
            Some("#include <a.h>\n")
        );
    }

    #[test]
    fn place_and_time_macros_pragma_once_and_line_end_it() {
        assert_eq!(
            preamble("#include <a.h>\n#define WHERE __FILE__\n"),
            Some("#include <a.h>\n")
        );
        assert_eq!(preamble("#pragma once\n#include <a.h>\n"), None);
        assert_eq!(
            preamble("#include <a.h>\n#line 10\n#include <b.h>\n"),
            Some("#include <a.h>\n")
        );
    }

    #[test]
    fn continuations_and_block_comments_between_directives_end_it() {
        assert_eq!(
            preamble("#include <a.h>\n#define F(x) \\\n  (x)\n#include <b.h>\n"),
            Some("#include <a.h>\n")
        );
        assert_eq!(
            preamble("#include <a.h> /* spans\n lines */\n#include <b.h>\n"),
            None
        );
        assert_eq!(
            preamble("#include <a.h>\n/* c */\n#include <b.h>\n"),
            Some("#include <a.h>\n")
        );
    }

    #[test]
    fn without_an_include_or_a_final_line_break_there_is_none() {
        assert_eq!(preamble("#define A 1\nint x;\n"), None);
        assert_eq!(preamble("int x;\n"), None);
        assert_eq!(preamble("#include <a.h>"), None);
        assert_eq!(preamble(""), None);
    }
}
