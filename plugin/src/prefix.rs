//! The TU's unique prefix (DPC++ `-fsycl-unique-prefix=`).
//!
//! DPC++ draws 16 random hex digits per driver run; that breaks ccache and reproducible builds.
//! The default here is deterministic, modelled on clang's `-fuse-cuid=hash`: a hash of the source
//! path *as given* plus the flags that can change the TU. Flags that only name outputs or tune
//! diagnostics are left out so that `-o`/`-MF` changes keep the prefix.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;

use sha2::{Digest, Sha256};

/// `uid` + 16 lowercase hex digits from a hash of `source` (as given) and the TU-relevant flags.
pub(crate) fn deterministic(source: &OsStr, args: &[OsString]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"sycl-specconst-prefix-v1\0");
    hasher.update(source.as_bytes());
    hasher.update(b"\0");
    for arg in clang_args::parse(args) {
        if !changes_the_tu(&arg) {
            continue;
        }
        for word in arg.words {
            hasher.update(word.as_bytes());
            hasher.update(b"\0");
        }
    }
    let digest = hasher.finalize();
    let mut out = String::with_capacity(19);
    out.push_str("uid");
    for byte in &digest[..8] {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// Outputs, phases, depfiles, diagnostics' looks, driver behaviour and linking leave the TU as
/// it is, and so does the prefix option itself.
fn changes_the_tu(arg: &clang_args::Arg<'_>) -> bool {
    use clang_args::Role;
    let role_keeps_the_tu = matches!(
        arg.role,
        Role::Output
            | Role::Phase
            | Role::DependencyOutput
            | Role::Presentation
            | Role::DriverOnly
            | Role::Link
    );
    !role_keeps_the_tu && arg.id != Some(clang_args::Id::SyclUniquePrefix)
}

/// Checks an explicit prefix: it is embedded in C string literals and IR names, so only
/// `[A-Za-z0-9_]` is allowed, and (intel/llvm#9898) it must not start with a digit.
/// The empty prefix is allowed: old DPC++ tests use it (IDs then start with `____Z`).
pub(crate) fn validate(prefix: &str) -> Result<(), String> {
    if let Some(bad) = prefix
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_'))
    {
        return Err(format!(
            "invalid character '{bad}' in unique prefix '{prefix}' (allowed: A-Z a-z 0-9 _)"
        ));
    }
    if prefix.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(format!(
            "unique prefix '{prefix}' must not start with a digit"
        ));
    }
    Ok(())
}

/// The prefix given in the compile flags as `-fsycl-unique-prefix=…` (last one wins, as in clang).
/// Bytes that are not UTF-8 come back replaced, so that `validate` refuses them.
pub(crate) fn from_flags(args: &[OsString]) -> Option<std::borrow::Cow<'_, str>> {
    clang_args::last_value(args, clang_args::Id::SyclUniquePrefix)
        .map(|value| String::from_utf8_lossy(value.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn hash_of_the_bytes_as_given() {
        // Expected values computed independently (Python hashlib) from the documented input:
        // "sycl-specconst-prefix-v1\0", the source, "\0", each TU flag and "\0".
        assert_eq!(
            deterministic(OsStr::new("a.cpp"), &args(&["-DX=1"])),
            "uidf8e54879fc8c4d6a"
        );
        let non_utf8 = vec![
            OsString::from("-DX=1"),
            OsString::from("-I"),
            OsString::from(OsStr::from_bytes(b"in\xffc")),
        ];
        assert_eq!(
            deterministic(OsStr::new("a.cpp"), &non_utf8),
            "uid82730d17b25eff78"
        );
    }

    #[test]
    fn shape_is_uid_and_16_hex_digits() {
        let p = deterministic(OsStr::new("a.cpp"), &[]);
        assert_eq!(p.len(), 19);
        assert!(p.starts_with("uid"));
        assert!(
            p[3..]
                .chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        );
    }

    #[test]
    fn same_input_same_prefix_different_tu_different_prefix() {
        let a = deterministic(OsStr::new("a.cpp"), &args(&["-DX=1"]));
        assert_eq!(a, deterministic(OsStr::new("a.cpp"), &args(&["-DX=1"])));
        assert_ne!(a, deterministic(OsStr::new("b.cpp"), &args(&["-DX=1"])));
        assert_ne!(a, deterministic(OsStr::new("a.cpp"), &args(&["-DX=2"])));
    }

    #[test]
    fn output_flags_do_not_change_the_prefix() {
        let base = deterministic(OsStr::new("a.cpp"), &args(&["-O2"]));
        let with_outputs = deterministic(
            OsStr::new("a.cpp"),
            &args(&[
                "-c",
                "-o",
                "x.o",
                "-O2",
                "-MD",
                "-MF",
                "x.d",
                "-fcolor-diagnostics",
            ]),
        );
        assert_eq!(base, with_outputs);
    }

    #[test]
    fn phases_and_link_flags_do_not_change_the_prefix() {
        let base = deterministic(OsStr::new("a.cpp"), &args(&["-DX"]));
        let variants = [
            &["-fsyntax-only", "-DX"][..],
            &["-DX", "-E", "-MMD", "-MFa.d"],
            &["-DX", "-lm", "-Wl,--as-needed", "-###"],
            &["-fsycl-unique-prefix=p", "-DX"],
        ];
        for flags in variants {
            assert_eq!(
                deterministic(OsStr::new("a.cpp"), &args(flags)),
                base,
                "{flags:?}"
            );
        }
        // A value that looks like an output flag is still a value: `-D -c` defines `-c`.
        assert_ne!(
            deterministic(OsStr::new("a.cpp"), &args(&["-DX", "-D", "-c"])),
            base
        );
    }

    #[test]
    fn validation() {
        assert!(validate("uid0123456789abcdef").is_ok());
        assert!(validate("THE_PREFIX").is_ok());
        assert!(validate("").is_ok());
        assert!(validate("0abc").is_err());
        assert!(validate("a-b").is_err());
        assert!(validate("a\"b").is_err());
    }

    #[test]
    fn last_flag_wins() {
        let a = args(&[
            "-fsycl-unique-prefix=one",
            "-O2",
            "-fsycl-unique-prefix=two",
        ]);
        assert_eq!(from_flags(&a).as_deref(), Some("two"));
        assert_eq!(from_flags(&args(&["-O2"])), None);
        let bad = vec![OsString::from(OsStr::from_bytes(
            b"-fsycl-unique-prefix=a\xff",
        ))];
        assert!(validate(&from_flags(&bad).unwrap_or_default()).is_err());
    }
}
