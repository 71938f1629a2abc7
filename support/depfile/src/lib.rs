//! Make-style dependency files, shared by `sycl-footer` (its `-MD` output) and `sycl-clang++`
//! (the host compile's depfile, rewritten to name only real inputs): what a compile's
//! dependency flags ask for ([`DepOptions`]), writing a rule ([`make_rule`]), and rewriting
//! the rules clang writes ([`rewrite`]).
//!
//! A crate of its own rather than part of `output` or `process`: it reads the clang option
//! table (`clang-args`), which neither of those needs, and it is a text format, not a way of
//! writing files or running children.

#![forbid(unsafe_code)]

use std::path::PathBuf;

mod flags;
mod rewrite;

pub use flags::{DepOptions, quote_target};
pub use rewrite::{parse_prerequisites, rewrite};

/// A make rule, `targets: dep dep …`: the targets as written (space-separated, already quoted
/// where they need it, as clang writes `-MT` verbatim and quotes `-MQ` and default targets:
/// [`quote_target`]); spaces, `#` and `$` in the dependencies' paths escaped as make expects.
pub fn make_rule(targets: &str, deps: &[PathBuf]) -> String {
    let mut out = String::new();
    out.push_str(targets);
    out.push(':');
    for dep in deps {
        out.push_str(" \\\n  ");
        out.push_str(&escape_make(&dep.to_string_lossy()));
    }
    out.push('\n');
    out
}

pub(crate) fn escape_make(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ' ' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '$' => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::parse_prerequisites;

    #[test]
    fn make_rule_escapes_make_specials() {
        let d = make_rule("out.h", &[PathBuf::from("a b.hpp"), PathBuf::from("c$.h")]);
        assert_eq!(d, "out.h: \\\n  a\\ b.hpp \\\n  c$$.h\n");
    }

    #[test]
    fn make_rule_round_trips_through_the_reader() {
        let deps = [PathBuf::from("/inc/my header.h"), PathBuf::from("x#$y.h")];
        let rule = make_rule("a.o", &deps);
        assert_eq!(parse_prerequisites(&rule), ["/inc/my header.h", "x#$y.h"]);
    }
}
