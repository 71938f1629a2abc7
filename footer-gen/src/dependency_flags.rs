//! Dependency-output flags (`-MD`, `-MMD`, `-MF`, `-MT`, `-MQ`, `-MP`, `-M`, `-MM`) among a
//! compile's flags: what they ask for, and the flags without them. Shared by `sycl-footer`
//! (flags after `--`) and `sycl-clang++` (its device compile and analysis must not write
//! depfiles; the host compile's is rewritten).

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The dependency options of a compile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DepOptions {
    /// `-MD` or `-MMD` was given.
    pub wanted: bool,
    /// `-MMD`: system headers left out.
    pub user_headers_only: bool,
    pub file: Option<PathBuf>,
    pub targets: Vec<String>,
    /// `-MP`: a phony target per dependency.
    pub phony: bool,
}

impl DepOptions {
    pub fn from_flags(flags: &[OsString]) -> DepOptions {
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
    pub fn path_for(&self, output: &Path) -> PathBuf {
        self.file
            .clone()
            .unwrap_or_else(|| output.with_extension("d"))
    }

    /// The rule's target: `-MT`/`-MQ` values, else the output as given.
    pub fn target_for(&self, output: &Path) -> String {
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
pub fn without_dependency_flags(flags: &[OsString]) -> Vec<OsString> {
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
}
