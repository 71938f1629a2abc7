//! The expansion parse: SYCL kernel attributes written through macros, read as clang expands
//! them. The analysis reads kernel attributes from the tokens as written (clang drops unknown
//! attributes from the AST); where a macro stands among them (`Unexpanded`), the TU is parsed
//! once more with, at a place that sees the same macros (just inside a lambda's body, before a
//! functor's `operator()`), a `static_assert` whose message stringizes the region after one
//! expansion (`#__VA_ARGS__`), and the attributes are read from the string clang makes of it:
//! what the source's `-fsycl -E` output holds there. Errors the insertions may cause are
//! ignored; a region whose string is not found is refused at its macro.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::analysis::Unexpanded;
use crate::libclang;

/// What every inserted message starts with, so the literal found is ours.
const MARKER: &str = "__sycl_specconst_expansion:";

/// The stringizing macros, defined (identically, so again without a diagnostic) before each
/// insertion: directives may stand on any line.
const STRINGIZE: &str = "\n#define __sycl_specconst_stringize_(...) #__VA_ARGS__\n\
                         #define __sycl_specconst_stringize(...) \
                         __sycl_specconst_stringize_(__VA_ARGS__)\n";

/// The tokens of each region's expansion, in the order given (`None`: not expanded). `main`
/// is the source as the analysis parsed it, `args` its flags (Intel's headers from the cache
/// as before).
pub(crate) fn expand(
    index: &libclang::Index,
    main: (&Path, Vec<u8>),
    args: &[OsString],
    regions: &[&Unexpanded],
) -> Vec<Option<Vec<String>>> {
    // Each file's text with its insertions, and where each region's literal starts in it.
    let mut files: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for (i, u) in regions.iter().enumerate() {
        files.entry(u.file.as_path()).or_default().push(i);
    }
    let (main_path, main_bytes) = main;
    // The source first, as the analysis read it (it may have come from a pipe), insertions or
    // not; then each header with insertions.
    let mut texts: Vec<(PathBuf, Vec<u8>)> = vec![(main_path.to_path_buf(), main_bytes)];
    let mut literals: Vec<Option<(usize, usize)>> = vec![None; regions.len()];
    for (file, mut members) in files {
        let is_main = same_file(file, main_path);
        let original = if is_main {
            std::mem::take(&mut texts[0].1)
        } else {
            match std::fs::read(file) {
                Ok(bytes) => bytes,
                Err(_) => continue,
            }
        };
        members.sort_by_key(|&i| regions[i].insert_at);
        let Some((text, offsets)) = with_insertions(&original, &members, regions) else {
            if is_main {
                texts[0].1 = original;
            }
            continue;
        };
        let slot = if is_main {
            texts[0].1 = text;
            0
        } else {
            texts.push((file.to_path_buf(), text));
            texts.len() - 1
        };
        for (i, offset) in offsets {
            literals[i] = Some((slot, offset));
        }
    }
    if literals.iter().all(Option::is_none) {
        return vec![None; regions.len()];
    }
    let unsaved: Vec<(&OsStr, &[u8])> = texts
        .iter()
        .map(|(name, text)| (name.as_os_str(), text.as_slice()))
        .collect();
    let Ok(tu) = index.parse_keep_going(main_path.as_os_str(), args, &unsaved) else {
        return vec![None; regions.len()];
    };
    literals
        .into_iter()
        .map(|at| {
            let (file, offset) = at?;
            let printed = tu.string_literal_at(texts[file].0.as_os_str(), offset)?;
            let expansion = unquote(&printed)?;
            let expansion = expansion.strip_prefix(MARKER)?;
            let tokens = index
                .file_tokens(
                    OsStr::new("sycl-specconst-expansion.cpp"),
                    expansion.as_bytes(),
                    &["-x".into(), "c++".into()],
                )
                .ok()?;
            Some(tokens.into_iter().map(|(spelling, _)| spelling).collect())
        })
        .collect()
}

/// Whether `a` and `b` name the same file (the main file may be named relative to the working
/// directory, libclang's name for it absolute).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
}

/// A file's text with its insertions, and where each region's message literal starts in it
/// (the region's index, the byte offset).
type Inserted = (Vec<u8>, Vec<(usize, usize)>);

/// `original` with a stringizing `static_assert` per region of `ordered` (indices into
/// `regions`, by insertion point); `None` when a region lies outside the text.
fn with_insertions(
    original: &[u8],
    ordered: &[usize],
    regions: &[&Unexpanded],
) -> Option<Inserted> {
    let mut text = Vec::with_capacity(original.len() + 256 * ordered.len());
    let mut offsets = Vec::new();
    let mut copied = 0;
    for &i in ordered {
        let u = regions[i];
        let region = original.get(u.region.clone())?;
        if u.insert_at < copied || u.insert_at > original.len() {
            return None;
        }
        text.extend_from_slice(&original[copied..u.insert_at]);
        copied = u.insert_at;
        text.extend_from_slice(STRINGIZE.as_bytes());
        text.extend_from_slice(b"static_assert(true, ");
        offsets.push((i, text.len()));
        let mut marker = String::new();
        let _ = write!(marker, "\"{MARKER}\" __sycl_specconst_stringize(");
        text.extend_from_slice(marker.as_bytes());
        text.extend_from_slice(region);
        text.extend_from_slice(b"));\n");
    }
    text.extend_from_slice(&original[copied..]);
    Some((text, offsets))
}

/// The contents of a string literal as clang prints it (`"…"`, escaped); `None` for anything
/// else.
fn unquote(printed: &str) -> Option<String> {
    let inner = printed.strip_prefix('"')?.strip_suffix('"')?;
    let mut out: Vec<u8> = Vec::with_capacity(inner.len());
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        if b != b'\\' {
            out.push(b);
            continue;
        }
        let escape = *bytes.get(i)?;
        i += 1;
        let byte = match escape {
            b'\\' | b'"' | b'\'' | b'?' => escape,
            b'a' => 0x07,
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'v' => 0x0b,
            b'0'..=b'7' => {
                let digits = octal_digits(&bytes[i - 1..]);
                i += digits.len() - 1;
                u8::from_str_radix(std::str::from_utf8(digits).ok()?, 8).ok()?
            }
            b'x' => {
                let len = bytes[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_hexdigit())
                    .count();
                let digits = std::str::from_utf8(&bytes[i..i + len]).ok()?;
                i += len;
                u8::from_str_radix(digits, 16).ok()?
            }
            _ => return None,
        };
        out.push(byte);
    }
    String::from_utf8(out).ok()
}

/// The octal escape's digits at the start of `bytes` (one to three).
fn octal_digits(bytes: &[u8]) -> &[u8] {
    let len = bytes
        .iter()
        .take(3)
        .take_while(|c| (b'0'..=b'7').contains(c))
        .count();
    &bytes[..len]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_literals_unquote() {
        assert_eq!(unquote(r#""a b""#).as_deref(), Some("a b"));
        assert_eq!(
            unquote(r#""[[x(\"s\\n\")]] \101\x42\t""#).as_deref(),
            Some("[[x(\"s\\n\")]] AB\t")
        );
        assert_eq!(unquote("a"), None);
        assert_eq!(unquote(r#""\q""#), None);
    }

    #[test]
    fn insertions_keep_the_text_around_them() {
        let original = b"f() WGS {body}";
        let u = Unexpanded {
            file: PathBuf::from("a.cpp"),
            region: 4..7,
            insert_at: 9,
            values: Vec::new(),
            at: crate::libclang::Token {
                spelling: "WGS".into(),
                location: crate::libclang::Location {
                    file: None,
                    line: 1,
                    column: 5,
                },
                offset: 4,
                identifier: true,
            },
        };
        let (text, offsets) = with_insertions(original, &[0], &[&u]).expect("inserted");
        let text = String::from_utf8(text).expect("utf-8");
        assert!(text.starts_with("f() WGS {\n#define"), "{text}");
        assert!(
            text.ends_with("__sycl_specconst_stringize(WGS));\nbody}"),
            "{text}"
        );
        let at = offsets[0].1;
        assert!(text[at..].starts_with("\"__sycl_specconst_expansion:\""));
        assert_eq!(&original[u.region.clone()], b"WGS");
        let outside = Unexpanded {
            region: 4..70,
            ..u.clone()
        };
        assert!(with_insertions(original, &[0], &[&outside]).is_none());
    }
}
