//! `-MD`/`-MMD` dependency files that name only real inputs (`docs/reference/driver.md` R10).
//! The host compile writes its depfile into the generated directory; it names the generated copy of the source
//! and the generated headers, so it is rewritten: the copy becomes the original source, the
//! generated files go, and the file lands where `-MF` (or the output name) says, with the
//! targets of `-MT`/`-MQ` (or the output as given).

use std::path::{Path, PathBuf};

/// The prerequisites of the first make rule as written by clang (escaped spaces, `$$`,
/// continuations); the phony rules `-MP` adds after it are not read.
pub fn parse_prerequisites(text: &str) -> Vec<String> {
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
            '\n' if after_colon => break,
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
pub fn rewrite(
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
    let mut out = crate::make_rule(target, &deps);
    if phony {
        for dep in deps.iter().skip(1) {
            out.push('\n');
            out.push_str(&crate::make_rule(
                &crate::escape_make(&dep.to_string_lossy()),
                &[],
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prerequisites_with_escapes_and_continuations() {
        let text = "gen/host.out: gen/a.cpp \\\n  /inc/my\\ header.h /x/$$y.h \\\n  gen/footer.h\n";
        assert_eq!(
            parse_prerequisites(text),
            ["gen/a.cpp", "/inc/my header.h", "/x/$y.h", "gen/footer.h"]
        );
    }

    #[test]
    fn phony_rules_after_the_first_are_not_prerequisites() {
        let text = "a.o t: a.cpp \\\n  h.h\nh.h:\n\nfooter.h:\n";
        assert_eq!(parse_prerequisites(text), ["a.cpp", "h.h"]);
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
