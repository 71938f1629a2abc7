//! What the dependency-output flags (`-MD`, `-MMD`, `-MF`, `-MT`, `-MQ`, `-MP`) among a
//! compile's flags ask for: `sycl-clang++` rewrites the host compile's depfile as they say
//! (`sycl-footer` takes its own `-MD`/`-MF`/`-MT` options instead). Which flags these are is
//! `clang_args`' table.

use std::ffi::OsString;
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
    /// The dependency options among `flags`.
    pub fn from_flags(flags: &[OsString]) -> DepOptions {
        let mut d = DepOptions::default();
        for arg in clang_args::parse(flags) {
            d.note(&arg);
        }
        d
    }

    /// Takes in one parsed option (others are ignored): for callers that read the command
    /// line once for every purpose.
    pub fn note(&mut self, arg: &clang_args::Arg<'_>) {
        use clang_args::Id;
        let value = || arg.value.map(|v| v.to_string_lossy().into_owned());
        match arg.id {
            Some(Id::WriteDependencies) => self.wanted = true,
            Some(Id::WriteUserDependencies) => {
                self.wanted = true;
                self.user_headers_only = true;
            }
            Some(Id::PhonyTargets) => self.phony = true,
            Some(Id::DependencyFile) => self.file = arg.value.map(PathBuf::from),
            Some(Id::DependencyTarget) => self.targets.extend(value()),
            Some(Id::DependencyQuotedTarget) => {
                self.targets.extend(value().map(|t| quote(&t)));
            }
            _ => {}
        }
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
