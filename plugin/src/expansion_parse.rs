//! The expansion parse: SYCL kernel attributes written through macros, read as clang expands
//! them. The analysis reads kernel attributes from the tokens as written (clang drops unknown
//! attributes from the AST); where a macro stands among them (`Unexpanded`), the TU is parsed
//! once more with, at a place that sees the same macros (just inside a lambda's body, before a
//! functor's `operator()`), a `static_assert` whose message stringizes the region after one
//! expansion (`#__VA_ARGS__`), and the attributes are read from the string clang makes of it:
//! what the source's `-fsycl -E` output holds there. Errors the insertions may cause are
//! ignored; a region whose string is not found is refused at its macro.
//!
//! The evaluation parse works the same way: attribute arguments that are expressions
//! (`N * 2`, `sizeof(T)`, a `constexpr` variable) are inserted at the same places as
//! enumerators' initializers, with the kernel's template arguments written in, and clang's
//! value of each is read back.

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
    let insertions: Vec<Insertion<'_>> = regions
        .iter()
        .map(|u| Insertion {
            file: u.file.as_path(),
            at: u.insert_at,
            text: Box::new(move |original: &[u8]| stringizing(original, u)),
        })
        .collect();
    let Some((tu, placed)) = reparse(index, main, args, &insertions) else {
        return vec![None; regions.len()];
    };
    placed
        .into_iter()
        .map(|at| {
            let (file, offsets) = at?;
            let printed = tu.string_literal_at(file.as_os_str(), *offsets.first()?)?;
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

/// Constant expressions to evaluate where a kernel's attributes are written: at byte `at` of
/// `file` (where the attributes' names are in scope), each expression's text.
pub(crate) struct Evaluation<'e> {
    pub(crate) file: &'e Path,
    pub(crate) at: usize,
    pub(crate) expressions: &'e [String],
}

/// What clang computes for each expression of each evaluation, in the order given (`None`:
/// no integer constant). Each is inserted as an enumerator's initializer (valid among
/// statements and among members), which takes a constant expression and no top-level comma:
/// a macro among its tokens expanding to several arguments is an error, never a value.
pub(crate) fn evaluate(
    index: &libclang::Index,
    main: (&Path, Vec<u8>),
    args: &[OsString],
    evaluations: &[Evaluation<'_>],
) -> Vec<Vec<Option<i128>>> {
    let none = || {
        evaluations
            .iter()
            .map(|e| vec![None; e.expressions.len()])
            .collect()
    };
    // Instantiations of one template insert at one place: each enumeration is named apart.
    let insertions: Vec<Insertion<'_>> = evaluations
        .iter()
        .enumerate()
        .map(|(n, e)| Insertion {
            file: e.file,
            at: e.at,
            text: Box::new(move |_: &[u8]| Some(enumerators(n, e.expressions))),
        })
        .collect();
    let Some((tu, placed)) = reparse(index, main, args, &insertions) else {
        return none();
    };
    placed
        .into_iter()
        .zip(evaluations)
        .map(|(at, e)| match at {
            Some((file, offsets)) => offsets
                .iter()
                .map(|&o| tu.enumerator_initializer_at(file.as_os_str(), o))
                .collect(),
            None => vec![None; e.expressions.len()],
        })
        .collect()
}

/// The name every inserted enumerator starts with.
const ENUMERATOR: &str = "__sycl_specconst_attribute_value_";

/// Enumeration number `n`, holding `expressions` as initializers, and where each enumerator's
/// name starts in it.
fn enumerators(n: usize, expressions: &[String]) -> (Vec<u8>, Vec<usize>) {
    let mut text = String::from("\nenum {");
    let mut names = Vec::new();
    for (i, expression) in expressions.iter().enumerate() {
        text.push('\n');
        names.push(text.len());
        let _ = write!(text, "{ENUMERATOR}{n}_{i} = {expression},");
    }
    text.push_str("\n};\n");
    (text.into_bytes(), names)
}

/// The stringizing `static_assert` for `u`'s region (from `original`, the file's text) and
/// where its message literal starts in it; `None` when the region lies outside the text.
fn stringizing(original: &[u8], u: &Unexpanded) -> Option<(Vec<u8>, Vec<usize>)> {
    let region = original.get(u.region.clone())?;
    let mut text = Vec::with_capacity(region.len() + 256);
    text.extend_from_slice(STRINGIZE.as_bytes());
    text.extend_from_slice(b"static_assert(true, ");
    let literal = text.len();
    let mut marker = String::new();
    let _ = write!(marker, "\"{MARKER}\" __sycl_specconst_stringize(");
    text.extend_from_slice(marker.as_bytes());
    text.extend_from_slice(region);
    text.extend_from_slice(b"));\n");
    Some((text, vec![literal]))
}

/// Text to insert into a file for a re-parse: at byte `at` of `file`, what `text` makes of
/// the file's original bytes, with the offsets in it to look at after the parse (`None`: not
/// insertable).
struct Insertion<'r> {
    file: &'r Path,
    at: usize,
    text: InsertionText<'r>,
}

type InsertionText<'r> = Box<dyn Fn(&[u8]) -> Option<(Vec<u8>, Vec<usize>)> + 'r>;

/// Where an insertion's offsets of interest ended up: the file (as the parse names it) and the
/// byte offsets in it.
type Placed = Option<(PathBuf, Vec<usize>)>;

/// The TU parsed again with `insertions` in its files (the source and the headers it names);
/// errors they cause are ignored. With where each insertion's offsets are, in order.
fn reparse<'i>(
    index: &'i libclang::Index,
    main: (&Path, Vec<u8>),
    args: &[OsString],
    insertions: &[Insertion<'_>],
) -> Option<(libclang::TranslationUnit<'i>, Vec<Placed>)> {
    let mut files: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for (i, insertion) in insertions.iter().enumerate() {
        files.entry(insertion.file).or_default().push(i);
    }
    let (main_path, main_bytes) = main;
    // The source first, as the analysis read it (it may have come from a pipe), insertions or
    // not; then each header with insertions.
    let mut texts: Vec<(PathBuf, Vec<u8>)> = vec![(main_path.to_path_buf(), main_bytes)];
    let mut placed: Vec<Option<(usize, Vec<usize>)>> = vec![None; insertions.len()];
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
        members.sort_by_key(|&i| insertions[i].at);
        let Some((text, offsets)) = with_insertions(&original, &members, insertions) else {
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
        for (i, offsets) in offsets {
            placed[i] = Some((slot, offsets));
        }
    }
    if placed.iter().all(Option::is_none) {
        return None;
    }
    let unsaved: Vec<(&OsStr, &[u8])> = texts
        .iter()
        .map(|(name, text)| (name.as_os_str(), text.as_slice()))
        .collect();
    let tu = index
        .parse_keep_going(main_path.as_os_str(), args, &unsaved)
        .ok()?;
    let placed = placed
        .into_iter()
        .map(|p| p.map(|(slot, offsets)| (texts[slot].0.clone(), offsets)))
        .collect();
    Some((tu, placed))
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

/// A file's text with its insertions, and where each insertion's offsets of interest are in
/// it (the insertion's index, the byte offsets).
type Inserted = (Vec<u8>, Vec<(usize, Vec<usize>)>);

/// `original` with the insertions `ordered` (indices into `insertions`, by insertion point);
/// `None` when one lies outside the text or cannot be made.
fn with_insertions(
    original: &[u8],
    ordered: &[usize],
    insertions: &[Insertion<'_>],
) -> Option<Inserted> {
    let mut text = Vec::with_capacity(original.len() + 256 * ordered.len());
    let mut offsets = Vec::new();
    let mut copied = 0;
    for &i in ordered {
        let insertion = &insertions[i];
        if insertion.at < copied || insertion.at > original.len() {
            return None;
        }
        let (inserted, at) = (insertion.text)(original)?;
        text.extend_from_slice(&original[copied..insertion.at]);
        copied = insertion.at;
        let base = text.len();
        text.extend_from_slice(&inserted);
        offsets.push((i, at.iter().map(|o| base + o).collect()));
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
            has_macros: true,
            written: vec!["WGS".into()],
        };
        let insertion = |u: &Unexpanded| Insertion {
            file: Path::new("a.cpp"),
            at: u.insert_at,
            text: Box::new({
                let u = u.clone();
                move |original: &[u8]| stringizing(original, &u)
            }),
        };
        let (text, offsets) = with_insertions(original, &[0], &[insertion(&u)]).expect("inserted");
        let text = String::from_utf8(text).expect("utf-8");
        assert!(text.starts_with("f() WGS {\n#define"), "{text}");
        assert!(
            text.ends_with("__sycl_specconst_stringize(WGS));\nbody}"),
            "{text}"
        );
        let at = offsets[0].1[0];
        assert!(text[at..].starts_with("\"__sycl_specconst_expansion:\""));
        assert_eq!(&original[u.region.clone()], b"WGS");
        let outside = Unexpanded {
            region: 4..70,
            ..u.clone()
        };
        assert!(with_insertions(original, &[0], &[insertion(&outside)]).is_none());
    }
}
