//! Where the SYCL 2020 kernel attributes are written in a source, so the host compile can be
//! given a copy without them: stock clang knows none of them and warns about each one
//! ("unknown attribute 'sycl::device_has' ignored"), thousands of times in a large build, and
//! has no flag that silences some unknown attributes but not others. The host needs nothing
//! from them; the device side reads them from the front end (`analysis::kernel_attributes`).

use std::ffi::OsString;
use std::ops::Range;
use std::path::Path;

use crate::{Error, libclang, parse_error};

/// The SYCL 2020 attributes the tool chain implements.
const KERNEL_ATTRIBUTES: &[&str] = &[
    "reqd_work_group_size",
    "work_group_size_hint",
    "reqd_sub_group_size",
    "device_has",
];

/// Byte ranges of `contents` (the source at `source`) holding `sycl::` kernel attributes,
/// each with a comma that separated it from a neighbour in its `[[…]]`, so that blanking them
/// leaves valid C++ (`[[]]` is). Found from the file's tokens alone (its includes are not
/// entered), so it costs next to nothing.
pub fn sycl_attribute_spans(
    source: &Path,
    contents: &[u8],
    args: &[OsString],
) -> Result<Vec<Range<usize>>, Error> {
    // Most sources have none: no tokenizing then.
    let mentions = |name: &str| contents.windows(name.len()).any(|w| w == name.as_bytes());
    if !KERNEL_ATTRIBUTES.iter().any(|n| mentions(n)) {
        return Ok(Vec::new());
    }
    libclang::load().map_err(Error::LibclangNotFound)?;
    let index = libclang::Index::new().map_err(Error::LibclangNotFound)?;
    let tokens = index
        .file_tokens(source.as_os_str(), contents, &crate::host_parse_args(args))
        .map_err(|f| parse_error(f, source))?;
    Ok(spans(&tokens))
}

type Tok = (String, Range<usize>);

fn spans(tokens: &[Tok]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < tokens.len() {
        if tokens[i].0 != "[" || tokens[i + 1].0 != "[" {
            i += 1;
            continue;
        }
        let Some(end) = closing(tokens, i) else {
            break;
        };
        specifier_spans(&tokens[i + 2..end - 1], &mut out);
        i = end + 1;
    }
    out
}

/// The index of the second `]` closing the `[[` at `open`.
fn closing(tokens: &[Tok], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, (t, _)) in tokens.iter().enumerate().skip(open) {
        match t.as_str() {
            "[" | "(" | "{" => depth += 1,
            "]" | ")" | "}" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The SYCL kernel attributes' spans within one specifier's contents (between `[[` and `]]`).
fn specifier_spans(tokens: &[Tok], out: &mut Vec<Range<usize>>) {
    let (using_sycl, body) = match tokens {
        [using, ns, colon, rest @ ..] if using.0 == "using" && colon.0 == ":" => {
            (Some(ns.0 == "sycl"), rest)
        }
        _ => (None, tokens),
    };
    let mut parts: Vec<Range<usize>> = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, (t, _)) in body.iter().enumerate() {
        match t.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                parts.push(start..i);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(start..body.len());
    for (n, part) in parts.iter().enumerate() {
        let attribute = &body[part.clone()];
        let name = match (using_sycl, attribute) {
            (None, [ns, colons, name, ..]) if ns.0 == "sycl" && colons.0 == "::" => name,
            (Some(true), [name, ..]) => name,
            _ => continue,
        };
        if !KERNEL_ATTRIBUTES.contains(&name.0.as_str()) {
            continue;
        }
        let (Some(first), Some(last)) = (attribute.first(), attribute.last()) else {
            continue;
        };
        // With the comma after it, or (the last one) the comma before it.
        let (from, to) = if let Some(comma) = body.get(part.end) {
            (first.1.start, comma.1.end)
        } else if n > 0 {
            (body[part.start - 1].1.start, last.1.end)
        } else {
            (first.1.start, last.1.end)
        };
        out.push(from..to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tokens of `text` split at spaces, with their byte ranges.
    fn toks(text: &str) -> Vec<Tok> {
        let mut out = Vec::new();
        let mut at = 0;
        for word in text.split(' ') {
            if !word.is_empty() {
                out.push((word.to_string(), at..at + word.len()));
            }
            at += word.len() + 1;
        }
        out
    }

    fn blanked(text: &str) -> String {
        let mut bytes = text.as_bytes().to_vec();
        for r in spans(&toks(text)) {
            bytes[r].fill(b' ');
        }
        String::from_utf8(bytes).unwrap_or_default()
    }

    /// `text` with `part` (which it contains) replaced by as many spaces.
    fn without(text: &str, part: &str) -> String {
        text.replacen(part, &" ".repeat(part.len()), 1)
    }

    #[test]
    fn blanks_sycl_kernel_attributes_only() {
        let cases = [
            (
                "[ [ sycl :: reqd_work_group_size ( 8 ) ] ] void f",
                "sycl :: reqd_work_group_size ( 8 )",
            ),
            (
                "[ [ nodiscard , sycl :: device_has ( ) ] ]",
                ", sycl :: device_has ( )",
            ),
            (
                "[ [ sycl :: device_has ( ) , foo :: bar ] ]",
                "sycl :: device_has ( ) ,",
            ),
            (
                "[ [ using sycl : reqd_sub_group_size ( 8 ) ] ]",
                "reqd_sub_group_size ( 8 )",
            ),
        ];
        for (text, part) in cases {
            assert_eq!(blanked(text), without(text, part), "{text}");
        }
        assert_eq!(blanked("[ [ sycl :: other ] ]"), "[ [ sycl :: other ] ]");
        assert_eq!(blanked("a [ b [ 1 ] ]"), "a [ b [ 1 ] ]");
    }
}
