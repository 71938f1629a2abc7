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
    /// Targets given to clang's front end itself (`-Wp,-MT,X`, `-Xpreprocessor -MT …`), as
    /// written: they follow the rule's other targets, the output's name included.
    pub front_end_targets: Vec<String>,
    /// An `-Xpreprocessor -MT` whose value comes in the next `-Xpreprocessor`.
    front_end_target_follows: bool,
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
                self.targets.extend(value().map(|t| quote_target(&t)));
            }
            Some(Id::PreprocessorOptions | Id::XPreprocessor) => self.note_front_end(arg),
            _ => {}
        }
    }

    /// `-Wp,…` and `-Xpreprocessor …` as clang-22 reads them: its driver turns
    /// `-Wp,-MD[,FILE]` (`-MMD`) into `-MD [-MF FILE]` (the file only when it is the one
    /// other word; further words are dropped), and passes every other word to the front end,
    /// where `-MT` adds a target after the driver's and `-MP` asks for phony targets (the
    /// front end takes `-MQ` and ignores it).
    fn note_front_end(&mut self, arg: &clang_args::Arg<'_>) {
        let words = arg.preprocessor_words();
        if let [first, rest @ ..] = words.as_slice()
            && arg.id == Some(clang_args::Id::PreprocessorOptions)
            && (*first == "-MD" || *first == "-MMD")
        {
            self.wanted = true;
            self.user_headers_only |= *first == "-MMD";
            if let [file] = rest {
                self.file = Some(PathBuf::from(file));
            }
            return;
        }
        for word in words {
            let word = word.to_string_lossy();
            if self.front_end_target_follows {
                self.front_end_target_follows = false;
                self.front_end_targets.push(word.into_owned());
            } else if let Some(target) = word.strip_prefix("-MT") {
                if target.is_empty() {
                    self.front_end_target_follows = true;
                } else {
                    self.front_end_targets.push(target.to_string());
                }
            } else {
                self.phony |= word == "-MP";
            }
        }
    }

    /// Where the depfile goes for `output`: `-MF`, else the output with `.d`.
    pub fn path_for(&self, output: &Path) -> PathBuf {
        self.file
            .clone()
            .unwrap_or_else(|| output.with_extension("d"))
    }

    /// The rule's targets as written: `-MT`/`-MQ` values, else the output as given (quoted);
    /// then the front end's own targets.
    pub fn target_for(&self, output: &Path) -> String {
        let mut targets = if self.targets.is_empty() {
            vec![quote_target(&output.to_string_lossy())]
        } else {
            self.targets.clone()
        };
        targets.extend(self.front_end_targets.iter().cloned());
        targets.join(" ")
    }
}

/// A target as `-MQ` writes it, and as clang writes the output's name when no target is
/// given: spaces and tabs escaped with a backslash (and the backslashes before them
/// doubled), `$` as `$$`, `#` as `\#`.
pub fn quote_target(target: &str) -> String {
    let mut out = String::with_capacity(target.len());
    let mut backslashes = 0;
    for c in target.chars() {
        match c {
            ' ' | '\t' => {
                out.extend(std::iter::repeat_n('\\', backslashes + 1));
            }
            '$' => out.push('$'),
            '#' => out.push('\\'),
            _ => {}
        }
        backslashes = if c == '\\' { backslashes + 1 } else { 0 };
        out.push(c);
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
    fn preprocessor_spellings_as_clang_reads_them() {
        let flags = |list: &[&str]| -> DepOptions {
            DepOptions::from_flags(&list.iter().map(OsString::from).collect::<Vec<_>>())
        };
        let kbuild = flags(&["-Wp,-MD,prog.d"]);
        assert!(kbuild.wanted && !kbuild.user_headers_only);
        assert_eq!(kbuild.file.as_deref(), Some(Path::new("prog.d")));
        assert_eq!(kbuild.target_for(Path::new("prog.o")), "prog.o");
        let user = flags(&["-Wp,-MMD,u.d"]);
        assert!(user.wanted && user.user_headers_only);
        // clang names the file only when it is the one word after -MD; the rest is dropped.
        let long = flags(&["-Wp,-MD,x.d,-MT,t"]);
        assert!(long.wanted && long.file.is_none());
        assert_eq!(long.target_for(Path::new("p.o")), "p.o");
        // Front-end targets follow the driver's (the output's name when none was given); the
        // front end ignores -MQ.
        let extra = flags(&[
            "-MD",
            "-Wp,-MT,t1",
            "-Xpreprocessor",
            "-MT",
            "-Xpreprocessor",
            "$q",
            "-Wp,-MQ,ignored",
        ]);
        assert_eq!(extra.target_for(Path::new("p.o")), "p.o t1 $q");
        let both = flags(&["-MD", "-MT", "a", "-Wp,-MTb,-MP"]);
        assert_eq!(both.target_for(Path::new("p.o")), "a b");
        assert!(both.phony);
        // Other preprocessor words are not dependency options.
        assert_eq!(flags(&["-Wp,-DX,-MD"]), DepOptions::default());
    }

    #[test]
    fn targets_are_written_as_clang_writes_them() {
        let flags: Vec<OsString> = ["-MT", "a b", "-MQ", "c d", "-MQ", "e\\ f#$"]
            .iter()
            .map(OsString::from)
            .collect();
        let d = DepOptions::from_flags(&flags);
        assert_eq!(d.target_for(Path::new("x.o")), "a b c\\ d e\\\\\\ f\\#$$");
        let none = DepOptions::default();
        assert_eq!(none.target_for(Path::new("my dir/x.o")), "my\\ dir/x.o");
    }

    #[test]
    fn default_path_and_target_follow_the_output() {
        let d = DepOptions::default();
        assert_eq!(d.path_for(Path::new("obj/a.o")), Path::new("obj/a.d"));
        assert_eq!(d.target_for(Path::new("obj/a.o")), "obj/a.o");
    }
}
