//! `-MD`/`-MMD` dependency files that name only real inputs (driver.md R10). The host compile
//! writes its depfile into the generated directory; it names the generated copy of the source
//! and the generated headers, so it is rewritten: the copy becomes the original source, the
//! generated files go, and the file lands where `-MF` (or the output name) says, with the
//! targets of `-MT`/`-MQ` (or the output as given).

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The dependency options of a compile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DepOptions {
    /// `-MD` or `-MMD` was given.
    pub(crate) wanted: bool,
    /// `-MMD`: system headers left out.
    pub(crate) user_headers_only: bool,
    pub(crate) file: Option<PathBuf>,
    pub(crate) targets: Vec<String>,
    /// `-MP`: a phony target per dependency.
    pub(crate) phony: bool,
}

impl DepOptions {
    pub(crate) fn from_flags(flags: &[OsString]) -> DepOptions {
        let mut d = DepOptions::default();
        let mut it = flags.iter();
        while let Some(f) = it.next() {
            let b = f.as_bytes();
            let mut value = |joined: &[u8]| -> Option<String> {
                if joined.is_empty() {
                    it.next().map(|v| v.to_string_lossy().into_owned())
                } else {
                    Some(String::from_utf8_lossy(joined).into_owned())
                }
            };
            match b {
                b"-MD" => d.wanted = true,
                b"-MMD" => {
                    d.wanted = true;
                    d.user_headers_only = true;
                }
                b"-MP" => d.phony = true,
                _ if b.starts_with(b"-MF") => d.file = value(&b[3..]).map(PathBuf::from),
                _ if b.starts_with(b"-MT") => d.targets.extend(value(&b[3..])),
                _ if b.starts_with(b"-MQ") => d.targets.extend(value(&b[3..]).map(|t| quote(&t))),
                _ => {}
            }
        }
        d
    }

    /// Where the depfile goes for `output`: `-MF`, else the output with `.d`.
    pub(crate) fn path_for(&self, output: &Path) -> PathBuf {
        self.file
            .clone()
            .unwrap_or_else(|| output.with_extension("d"))
    }

    /// The rule's target: `-MT`/`-MQ` values, else the output as given.
    pub(crate) fn target_for(&self, output: &Path) -> String {
        if self.targets.is_empty() {
            output.to_string_lossy().into_owned()
        } else {
            self.targets.join(" ")
        }
    }
}

/// Dependency-output options belong to the host compile only (it reads every real input).
fn is_dependency_flag(flag: &[u8]) -> bool {
    matches!(
        flag,
        b"-MD" | b"-MMD" | b"-MP" | b"-M" | b"-MM" | b"-MF" | b"-MT" | b"-MQ"
    ) || flag.starts_with(b"-MF")
        || flag.starts_with(b"-MT")
        || flag.starts_with(b"-MQ")
}

/// Compile flags without dependency output (for the device compile and the analysis).
pub(crate) fn without_dependency_flags(flags: &[OsString]) -> Vec<OsString> {
    let mut out = Vec::with_capacity(flags.len());
    let mut skip_value = false;
    for f in flags {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        let b = f.as_bytes();
        if is_dependency_flag(b) {
            skip_value = matches!(b, b"-MF" | b"-MT" | b"-MQ");
            continue;
        }
        out.push(f.clone());
    }
    out
}

/// `-MQ`: make-quotes `$` (the depfile writer escapes spaces and `#` itself).
fn quote(target: &str) -> String {
    target.replace('$', "$$")
}

/// The prerequisites of a make rule as written by clang (escaped spaces, `$$`, continuations).
pub(crate) fn parse_prerequisites(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    let mut after_colon = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                Some('\n') => {
                    chars.next();
                    push_word(&mut words, &mut word, after_colon);
                }
                Some(' ') | Some('#') | Some('\\') => word.push(chars.next().unwrap_or(' ')),
                _ => word.push('\\'),
            },
            '$' if chars.peek() == Some(&'$') => {
                chars.next();
                word.push('$');
            }
            ':' if !after_colon && matches!(chars.peek(), Some(' ' | '\n' | '\t') | None) => {
                word.clear();
                after_colon = true;
            }
            ' ' | '\t' | '\n' | '\r' => push_word(&mut words, &mut word, after_colon),
            _ => word.push(c),
        }
    }
    push_word(&mut words, &mut word, after_colon);
    words
}

fn push_word(words: &mut Vec<String>, word: &mut String, after_colon: bool) {
    if after_colon && !word.is_empty() {
        words.push(std::mem::take(word));
    }
    word.clear();
}

/// The rewritten depfile: `copy` becomes `source`, every path in `generated` goes.
pub(crate) fn rewrite(
    host_depfile: &str,
    copy: &Path,
    source: &Path,
    generated: &[PathBuf],
    target: &str,
    phony: bool,
) -> String {
    let deps: Vec<PathBuf> = parse_prerequisites(host_depfile)
        .into_iter()
        .map(PathBuf::from)
        .filter(|p| !generated.iter().any(|g| g == p))
        .map(|p| if p == copy { source.to_path_buf() } else { p })
        .collect();
    let mut out = footer_gen::output::depfile(target, &deps);
    if phony {
        for dep in deps.iter().skip(1) {
            out.push('\n');
            out.push_str(&footer_gen::output::depfile(&dep.to_string_lossy(), &[]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_in_both_spellings() {
        let flags: Vec<OsString> = ["-MMD", "-MF", "a.d", "-MTfirst", "-MQ", "$x", "-MP"]
            .iter()
            .map(OsString::from)
            .collect();
        let d = DepOptions::from_flags(&flags);
        assert!(d.wanted && d.user_headers_only && d.phony);
        assert_eq!(d.file.as_deref(), Some(Path::new("a.d")));
        assert_eq!(d.target_for(Path::new("x.o")), "first $$x");
    }

    #[test]
    fn default_path_and_target_follow_the_output() {
        let d = DepOptions::default();
        assert_eq!(d.path_for(Path::new("obj/a.o")), Path::new("obj/a.d"));
        assert_eq!(d.target_for(Path::new("obj/a.o")), "obj/a.o");
    }

    #[test]
    fn prerequisites_with_escapes_and_continuations() {
        let text = "gen/host.out: gen/a.cpp \\\n  /inc/my\\ header.h /x/$$y.h \\\n  gen/footer.h\n";
        assert_eq!(
            parse_prerequisites(text),
            ["gen/a.cpp", "/inc/my header.h", "/x/$y.h", "gen/footer.h"]
        );
    }

    #[test]
    fn rewrite_maps_the_copy_and_drops_generated_files() {
        let text = "host.out: /g/a.cpp /g/integration-header.h /inc/s.h /g/footer.h\n";
        let out = rewrite(
            text,
            Path::new("/g/a.cpp"),
            Path::new("src/a.cpp"),
            &[
                PathBuf::from("/g/integration-header.h"),
                PathBuf::from("/g/footer.h"),
            ],
            "a.o",
            true,
        );
        assert_eq!(out, "a.o: \\\n  src/a.cpp \\\n  /inc/s.h\n\n/inc/s.h:\n");
    }
}
