//! The user's compile and link options, split once, as the command line is read, into the
//! argument list of each job (analysis, device compile, host compile, `-M`, link) and the few
//! facts jobs ask of them (depfile, `-O`, `-g`, LeakSanitizer, `-x`, macros, libraries). Which
//! job an option belongs to is its role in `clang_args`' table; nothing here reads the words
//! again.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use clang_args::{Arg, Id, Role};

use depfile::DepOptions;

/// The compile options (every option the driver does not act on itself), per job.
#[derive(Clone, Debug, Default)]
pub(crate) struct JobFlags {
    /// All of them, in order: what clang gets for a source it compiles on its own, and the
    /// host view of `-E`.
    pub(crate) all: Vec<OsString>,
    /// The analysis (libclang): no dependency output (libclang would write depfiles) and no
    /// driver-only flags (`-v` would make libclang print its own banner and search list, with
    /// an empty InstalledDir, for each of its parses).
    pub(crate) analysis: Vec<OsString>,
    /// The device compile: no dependency output (the host compile's depfile is the build's)
    /// and no host-only instrumentation (sanitizers, profiling, coverage, stack protectors:
    /// clang-22 refuses most for spir64, and a device has no runtime for them).
    pub(crate) device: Vec<OsString>,
    /// The host compile: no dependency output (the driver asks for its own depfile), host-only
    /// options behind `-Xarch_host` (see [`JobFlags::add`]).
    pub(crate) host: Vec<OsString>,
    /// `-M`/`-MM`: the host compile's options with the dependency options kept.
    pub(crate) dependencies: Vec<OsString>,
    /// Compile options that also shape a link (host instrumentation, whose runtimes the link
    /// adds: sanitizers, profiling, coverage; target, machine options, standard library
    /// choice, `-v`). `-mllvm X` is code generation's, not the link's.
    pub(crate) link: Vec<OsString>,
    /// `-MD`/`-MMD`, `-MF`, `-MT`, `-MQ`, `-MP`.
    pub(crate) depfile: DepOptions,
    /// The last `-O` level (clang takes the last).
    pub(crate) optimization: Option<OsString>,
    /// The last `-g…` level flag is not `-g0`: the device code keeps its debug information.
    pub(crate) debug_info: bool,
    /// The link brings LeakSanitizer in (`-fsanitize=` naming `address`, `leak` or `all`, a
    /// later `-fno-sanitize=` not taking it away).
    pub(crate) leak_sanitizer: bool,
    /// A `-x` language was given.
    pub(crate) language_given: bool,
    /// Macros the user defines or undefines (`-DNAME`, `-DNAME=V`, `-D NAME`, `-U`), by name.
    pub(crate) user_macros: Vec<OsString>,
}

/// Link options (`-l`, `-L`, `-Wl,…`): the words for the link, and how `-lNAME` resolves.
#[derive(Clone, Debug, Default)]
pub(crate) struct LinkFlags {
    pub(crate) words: Vec<OsString>,
    pub(crate) libraries: LibrarySearch,
}

/// What the linker needs to find `-lNAME`: the `-L` directories in order, each library with
/// whether static linking was in force for it (the linker's `-Bstatic` until `-Bdynamic`,
/// given as `-Wl,`/`-Xlinker`; clang itself reads a bare `-Bstatic` as `-B static`), and
/// `-static`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LibrarySearch {
    pub(crate) dirs: Vec<PathBuf>,
    pub(crate) libraries: Vec<(Vec<u8>, bool)>,
    pub(crate) all_static: bool,
    static_now: bool,
}

impl LinkFlags {
    pub(crate) fn add(&mut self, arg: &Arg<'_>) {
        self.words.extend(arg.words.iter().cloned());
        let search = &mut self.libraries;
        let value = arg.value.map(OsStr::as_bytes);
        match (arg.id, value) {
            (Some(Id::LibraryDir), Some(dir)) => {
                search.dirs.push(PathBuf::from(OsStr::from_bytes(dir)));
            }
            (Some(Id::Library), Some(name)) => {
                search.libraries.push((name.to_vec(), search.static_now));
            }
            (Some(Id::Static), _) => search.all_static = true,
            (Some(Id::LinkerOptions | Id::XLinker), Some(options)) => {
                for option in options.split(|&b| b == b',') {
                    match option {
                        b"-Bstatic" | b"-static" | b"-dn" | b"-non_shared" => {
                            search.static_now = true;
                        }
                        b"-Bdynamic" | b"-dy" | b"-call_shared" => search.static_now = false,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

/// Leading spellings of the compile options a link also needs (besides host-only ones and
/// `-v`). (`-static-lib…` and `-fuse-ld=` are link options already.)
const LINK_RELEVANT_STEMS: &[&[u8]] = &[b"--target", b"-m", b"-stdlib", b"--sysroot"];

/// The flag lists children get on their command lines, as one response file each where they
/// are too long for one (`process::too_long_for_exec`): a 140 KB `-D` value, megabytes of
/// flags given in a response file. The analysis reads its list in process and keeps it.
pub(crate) fn through_response_files(
    flags: &mut JobFlags,
    link: &mut LinkFlags,
    dir: &std::path::Path,
) -> std::io::Result<()> {
    let lists: [(&str, &mut Vec<OsString>); 6] = [
        ("all", &mut flags.all),
        ("device", &mut flags.device),
        ("host", &mut flags.host),
        ("dependencies", &mut flags.dependencies),
        ("link", &mut flags.link),
        ("link-words", &mut link.words),
    ];
    for (name, list) in lists {
        if list.is_empty() {
            continue;
        }
        let path = dir.join(format!("{name}.rsp"));
        std::fs::write(&path, process::response_file_text(list))?;
        let mut word = OsString::from("@");
        word.push(&path);
        *list = vec![word];
    }
    Ok(())
}

impl JobFlags {
    /// Whether a child's command line would be too long with these lists on it.
    pub(crate) fn too_long_for_exec(&self, link: &LinkFlags) -> bool {
        [&self.all, &self.device, &self.host, &self.dependencies]
            .into_iter()
            .any(|list| process::too_long_for_exec(list))
            || process::too_long_for_exec(&[self.link.clone(), link.words.clone()].concat())
    }

    /// Adds one compile option to every job's list that takes it.
    pub(crate) fn add(&mut self, arg: &Arg<'_>) {
        let words = arg.words;
        self.all.extend(words.iter().cloned());
        if !matches!(arg.role, Role::DependencyOutput | Role::DriverOnly) {
            self.analysis.extend(words.iter().cloned());
        }
        if !matches!(arg.role, Role::DependencyOutput | Role::HostCompile) {
            self.device.extend(words.iter().cloned());
        }
        // clang-22 in SYCL mode also weighs every option for the SPIR-V device tool chain and
        // warns that it ignores host-only ones there (an error under `-Werror`).
        let host_words: Vec<OsString> = if arg.role == Role::HostCompile {
            words
                .iter()
                .flat_map(|w| ["-Xarch_host".into(), w.clone()])
                .collect()
        } else {
            words.to_vec()
        };
        // `-Wp,-MT,X` reaches the host compile and still adds a target.
        self.depfile.note(arg);
        if arg.role != Role::DependencyOutput {
            self.host.extend(host_words.iter().cloned());
        }
        self.dependencies.extend(host_words);
        if is_link_relevant(arg) {
            self.link.extend(words.iter().cloned());
        }
        self.note_facts(arg);
    }

    /// The facts later jobs ask of the options, in order (the last one wins).
    fn note_facts(&mut self, arg: &Arg<'_>) {
        match arg.id {
            Some(Id::Optimize) => self.optimization = arg.value.map(OsStr::to_os_string),
            Some(Id::Language) => self.language_given = true,
            Some(Id::Define | Id::Undefine) => {
                if let Some(value) = arg.value {
                    let name = value.as_bytes().split(|&b| b == b'=').next().unwrap_or(b"");
                    self.user_macros
                        .push(OsStr::from_bytes(name).to_os_string());
                }
            }
            Some(Id::Sanitize) if names_leak_sanitizer(arg.value.unwrap_or_default()) => {
                self.leak_sanitizer = true;
            }
            Some(Id::NoSanitize) => {
                let word = arg.words[0].as_bytes();
                if let Some(names) = word.strip_prefix(b"-fno-sanitize=") {
                    self.leak_sanitizer &= !names_leak_sanitizer(OsStr::from_bytes(names));
                }
            }
            None => self.note_debug_level(arg),
            _ => {}
        }
    }

    /// `-g…` levels are options the table leaves to clang (role compile, no id).
    fn note_debug_level(&mut self, arg: &Arg<'_>) {
        let [word] = arg.words else { return };
        let Some(flag) = word.to_str() else { return };
        match flag {
            "-g0" => self.debug_info = false,
            "-g" | "-g1" | "-g2" | "-g3" | "-gline-tables-only" | "-gline-directives-only" => {
                self.debug_info = true;
            }
            _ if flag.starts_with("-ggdb") || flag.starts_with("-gdwarf") => {
                self.debug_info = true;
            }
            _ => {}
        }
    }

    /// Whether the user defines or undefines macro `name`.
    pub(crate) fn sets_macro(&self, name: &str) -> bool {
        self.user_macros.iter().any(|m| m == name)
    }
}

fn names_leak_sanitizer(names: &OsStr) -> bool {
    names
        .to_string_lossy()
        .split(',')
        .any(|n| matches!(n, "address" | "leak" | "all"))
}

/// Whether a compile option also goes to the link, read through the option table so values
/// stay with their options (`-mllvm -x`, `-I -m`).
fn is_link_relevant(arg: &Arg<'_>) -> bool {
    if arg.role == Role::HostCompile {
        return true;
    }
    match arg.id {
        Some(Id::Verbose) => true,
        Some(Id::Mllvm) => false,
        _ => {
            let first = arg.words[0].as_bytes();
            LINK_RELEVANT_STEMS.iter().any(|s| first.starts_with(s))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job_flags(list: &[&str]) -> JobFlags {
        let words: Vec<OsString> = list.iter().map(OsString::from).collect();
        let mut flags = JobFlags::default();
        for arg in clang_args::parse(&words) {
            flags.add(&arg);
        }
        flags
    }

    #[test]
    fn each_job_gets_its_options() {
        let f = job_flags(&[
            "-O1",
            "-MD",
            "-MF",
            "a.d",
            "-v",
            "-fsanitize=address",
            "-I",
            "inc",
            "-O3",
        ]);
        assert_eq!(
            f.analysis,
            ["-O1", "-fsanitize=address", "-I", "inc", "-O3"]
        );
        assert_eq!(f.device, ["-O1", "-v", "-I", "inc", "-O3"]);
        assert_eq!(
            f.host,
            [
                "-O1",
                "-v",
                "-Xarch_host",
                "-fsanitize=address",
                "-I",
                "inc",
                "-O3"
            ]
        );
        assert_eq!(f.dependencies[1..4], ["-MD", "-MF", "a.d"]);
        assert!(f.depfile.wanted && f.leak_sanitizer);
        assert_eq!(f.optimization.as_deref(), Some(OsStr::new("3")));
    }

    #[test]
    fn link_relevant_compile_flags_keep_their_values() {
        // `-mllvm -x` is one option, for code generation only; `-I -m` is an include
        // directory named `-m`, not a machine option.
        let f = job_flags(&[
            "-O2",
            "-mllvm",
            "-x",
            "-march=native",
            "-v",
            "-I",
            "-m",
            "-fsanitize=address",
            "-fprofile-instr-generate",
        ]);
        assert_eq!(
            f.link,
            [
                "-march=native",
                "-v",
                "-fsanitize=address",
                "-fprofile-instr-generate"
            ]
        );
        assert!(!f.language_given, "-mllvm's value is not -x");
    }

    #[test]
    fn facts_follow_the_last_option() {
        let f = job_flags(&[
            "-g",
            "-g0",
            "-fsanitize=leak",
            "-fno-sanitize=leak",
            "-DX=1",
        ]);
        assert!(!f.debug_info && !f.leak_sanitizer);
        assert!(f.sets_macro("X") && !f.sets_macro("Y"));
        let f = job_flags(&["-g0", "-gdwarf-5", "-U", "Y", "-xc++"]);
        assert!(f.debug_info && f.sets_macro("Y") && f.language_given);
    }
}
