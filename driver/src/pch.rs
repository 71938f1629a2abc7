//! Precompiled `<sycl/sycl.hpp>` for the device and host compiles.
//!
//! Almost all of a SYCL compile is Intel's headers, parsed twice (device and host). A source
//! whose first tokens are `#include <sycl/sycl.hpp>` (the analysis's header cache asks the
//! same: `plugin::starts_with_sycl_include`) gets, once per set of flags, a precompiled
//! header for each side, and the compile loads it with `-include-pch` instead of parsing:
//! * device: `#include <sycl/sycl.hpp>` with the device prelude force-included, as the
//!   device compile force-includes it (the `-include <prelude>` the PCH replaces);
//! * host: the integration header's fixed text (the host compile's `-include`), then
//!   `#include <sycl/sycl.hpp>`.
//!
//! The source's own `#include <sycl/sycl.hpp>` then finds its guard set and adds nothing, so
//! the TU is the same sequence of tokens as without the PCH.
//!
//! The key is what clang's driver would run to build the PCH, as `-###` prints it: the
//! compiler's version and every flag after clang has applied what the command line does not
//! show (config files, `--config` and its default lookup; `CCC_OVERRIDE_OPTIONS`; `CPATH`,
//! `C_INCLUDE_PATH`, `CPLUS_INCLUDE_PATH`), so a compile that clang would run differently never
//! gets another's PCH. The PCHs live in the analysis's cache directory
//! (`toolchain::header_cache_dir`) beside a manifest: the PCH's size and CRC-32, the clang
//! executable and its file identity (a compiler replaced at the same path is another
//! compiler), and every input file (the PCH build's own depfile) with its size and
//! modification time. A PCH is used only if all of it
//! still holds, so a damaged, truncated, stale or half-evicted PCH is rebuilt, never handed to
//! clang; whatever fails (read-only or missing directory, full disk, a failed build), the
//! compile runs as without PCH. Builders stage under their process id and rename, so
//! concurrent builds of one key are safe. `SYCL_SPECCONST_PCH=0` turns it off.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::io::Read as _;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Instant, SystemTime};

use sha2::{Digest, Sha256};

/// The PCH's checksum: CRC-32 catches accidental damage (a torn write, a flipped byte) and
/// runs at memory speed; SHA-256 of two 35 MB PCHs cost ~5 % of a warm compile's CPU.
fn checksum(file: &Path) -> Option<(u64, u32)> {
    let mut file = open_regular_file(file)?;
    let mut crc = crc32fast::Hasher::new();
    let mut buffer = vec![0u8; 1 << 20];
    let mut size = 0u64;
    loop {
        match file.read(&mut buffer) {
            Ok(0) => return Some((size, crc.finalize())),
            Ok(n) => {
                crc.update(&buffer[..n]);
                size += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
}

use crate::run::{Echo, Shown, timing};

const PCH_PREFIX: &str = "sycl-pch-";
/// A preamble's header: `sycl-preamble-<side>.hpp` (the stand-in the key is asked for with),
/// `<pch stem>.preamble/sycl-preamble-<key>.hpp` (the one built).
const PREAMBLE_PREFIX: &str = "sycl-preamble-";
const PREAMBLE_DIR_SUFFIX: &str = ".preamble";
/// Part of every key: v5 uses the preambles of sources named relatively, which v4 recorded as
/// unusable.
const MANIFEST_MAGIC: &str = "sycl-specconst pch manifest v5";
/// How many PCHs (flag sets and sides) the cache keeps: each is ~35 MB.
const KEPT_PCHS: usize = 8;
/// How long a build waits for another process building the same PCH.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);
/// A PCH used this recently is never evicted (a compile may be about to open it).
const EVICTION_GRACE: std::time::Duration = std::time::Duration::from_secs(120);
/// Free space needed before a build: a PCH with a wide margin (a full disk must not be met
/// half-way through writing one).
const NEEDED_BYTES: u64 = 256 << 20;

/// Which compile a PCH is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Side {
    Device,
    Host,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Device => "device",
            Side::Host => "host",
        }
    }

    /// How many lines of the PCH's header come before the source's directives: the forced
    /// include's (the host's integration header prelude).
    fn forced_lines(self) -> usize {
        self.forced_text().iter().filter(|&&b| b == b'\n').count()
    }

    /// What the PCH's header holds of the include the PCH replaces.
    fn forced_text(self) -> Vec<u8> {
        match self {
            Side::Device => Vec::new(),
            Side::Host => offload::integration_header::integration_header_prelude()
                .as_bytes()
                .to_vec(),
        }
    }

    /// The header the PCH is built from: what it stands for in the source, after (host)
    /// the integration header. The device prelude comes through the kept `-include`; the
    /// host's force-included integration header is fixed text, so it is part of the header
    /// itself.
    fn header_text(self, stands_for: &StandsFor) -> Vec<u8> {
        let mut text = self.forced_text();
        match stands_for {
            StandsFor::SyclInclude => text.extend_from_slice(b"#include <sycl/sycl.hpp>\n"),
            StandsFor::Preamble(preamble) => text.extend_from_slice(&preamble.directives),
        }
        text
    }
}

/// What of the source a PCH stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StandsFor {
    /// Its first line, `#include <sycl/sycl.hpp>`: the source's own include then adds
    /// nothing (the header's guard is set), so one PCH serves every such source.
    SyclInclude,
    /// Its preamble (`plugin::source_preamble`), which the compile skips
    /// (`-preamble-bytes`): one PCH serves every source of a directory whose preamble has the
    /// same directives.
    Preamble(plugin::Preamble),
}

/// The hook's view of one compile command.
pub(crate) struct Compile<'a> {
    pub(crate) side: Side,
    /// The user's source (its first tokens decide).
    pub(crate) source: &'a Path,
    /// The command's input (the source, or the host's copy of it).
    pub(crate) input: &'a Path,
    /// The `-include` the PCH replaces (device prelude, integration header).
    pub(crate) force_include: &'a Path,
    /// The user's compile flags as the analysis gets them (no dependency output, no
    /// driver-only flags: libclang would write the one and print its banner for `-v`).
    pub(crate) user_flags: &'a [OsString],
    /// How many bytes of the input come before the source's own text (the host copy's
    /// `#line`).
    pub(crate) source_offset: usize,
    /// The directory clang looks in first for the source's quoted includes, as spelt in the
    /// compile (a preamble's PCH is built elsewhere and is told to look there).
    pub(crate) source_dir: &'a Path,
    pub(crate) echo: Echo,
    /// `-###`: where the build of a missing PCH is shown (before the compile that loads it).
    pub(crate) builds_shown: &'a Mutex<Vec<Shown>>,
}

impl Compile<'_> {
    /// `-###`: the build of a missing PCH, shown before the compile that loads it.
    fn show_build(&self, build: &Command) {
        if let Ok(mut shown) = self.builds_shown.lock() {
            shown.push(Shown::command(build));
        }
    }
}

/// The hook: `cmd` loading the PCH for its flags (built now if missing) instead of parsing
/// Intel's headers, or `cmd` unchanged when no PCH applies or can be had.
pub(crate) fn attach(cmd: Command, compile: &Compile<'_>) -> Command {
    let Some(dir) = cache_dir() else {
        return cmd;
    };
    let args: Vec<OsString> = cmd.get_args().map(OsStr::to_owned).collect();
    let Some(split) = Split::of(&args, compile) else {
        return cmd;
    };
    let Some(stands_for) = eligible(compile, &split) else {
        return cmd;
    };
    let clang = cmd.get_program().to_owned();
    let Some(clang_path) = executable_path(&clang) else {
        return cmd;
    };
    let skipped = match &stands_for {
        StandsFor::SyclInclude => None,
        StandsFor::Preamble(preamble) => Some(compile.source_offset + preamble.length),
    };
    let directive_lines = match &stands_for {
        StandsFor::Preamble(preamble) => IncludeLines::Known(preamble.lines.clone()),
        StandsFor::SyclInclude => IncludeLines::FirstDirective(compile.user_flags.to_vec()),
    };
    let Some(job) = Job::new(&dir, compile, &cmd, &split.relevant, stands_for) else {
        return cmd;
    };
    let usable = match job.validated(&clang_path) {
        Validated::Usable(loaded) => Some(loaded),
        Validated::Unusable => return cmd,
        Validated::Missing if compile.echo.dry_run => {
            compile.show_build(&job.build_command(&job.pch));
            None
        }
        Validated::Missing => job.build(&clang_path, compile.echo),
    };
    if usable.is_none() && !compile.echo.dry_run {
        return cmd;
    }
    // Under `-###` a missing PCH's inputs are not known yet: the compile is shown without
    // the names it would be told back.
    let renamed = match &usable {
        Some(loaded) => match std::env::current_dir()
            .ok()
            .and_then(|cwd| renamed_inputs(&loaded.told, &cwd))
        {
            Some(renamed) => renamed,
            None => return cmd,
        },
        None => Vec::new(),
    };
    remember_how_to_tell(&job, compile, &split, usable, directive_lines, &renamed);
    let mut with_pch = split.with_pch(&clang, &job.pch, skipped, &renamed, cmd.get_current_dir());
    for (name, value) in cmd.get_envs() {
        match value {
            Some(value) => with_pch.env(name, value),
            None => with_pch.env_remove(name),
        };
    }
    with_pch
}

/// What the compile's depfile and diagnostics need to be told as without the PCH.
fn remember_how_to_tell(
    job: &Job,
    compile: &Compile<'_>,
    split: &Split,
    usable: Option<Loaded>,
    lines: IncludeLines,
    renamed: &[Renamed],
) {
    if let (Some(loaded), Some(depfile)) = (usable, &split.depfile) {
        let restore = DepfileRestore {
            header: job.header.clone(),
            inputs: loaded.inputs,
            user_headers_only: split.args.iter().any(|a| a == "-MMD"),
        };
        remember_depfile(depfile.clone(), restore);
    }
    remember_include_stack(IncludedThrough {
        header: job.header.display().to_string(),
        first_directive_line: 1 + compile.side.forced_lines(),
        source: compile.source.to_path_buf(),
        lines,
        renamed: renamed.to_vec(),
    });
}

/// `SYCL_SPECCONST_PCH=0` (or `off`) turns PCHs off; they use the analysis's cache directory.
fn cache_dir() -> Option<PathBuf> {
    if std::env::var_os("SYCL_SPECCONST_PCH").is_some_and(|v| v == "0" || v == "off") {
        return None;
    }
    crate::toolchain::header_cache_dir()
}

/// The command's arguments, sorted: what the PCH depends on, and where the forced include is.
struct Split {
    args: Vec<OsString>,
    /// Index of the `-include` the PCH replaces.
    include_at: usize,
    /// The arguments a PCH build shares with the compile (no input, output, phase, depfile,
    /// embedded image or main-file name; the host's forced include neither).
    relevant: Vec<OsString>,
    depfile: Option<PathBuf>,
}

impl Split {
    fn of(args: &[OsString], compile: &Compile<'_>) -> Option<Split> {
        let include_at = args
            .windows(2)
            .position(|w| w[0] == "-include" && Path::new(&w[1]) == compile.force_include)?;
        let input_at = args.iter().rposition(|a| Path::new(a) == compile.input)?;
        let mut relevant = Vec::with_capacity(args.len());
        let mut depfile = None;
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_bytes();
            let skip = match a {
                _ if i == input_at => 1,
                _ if i == include_at => 2 * usize::from(compile.side == Side::Host),
                b"-o" => 2,
                b"-MF" => {
                    depfile = args.get(i + 1).map(PathBuf::from);
                    2
                }
                b"-c" | b"-S" | b"-fsyntax-only" | b"-MD" | b"-MMD" => 1,
                b"-Xclang" => match args.get(i + 1).map(|v| v.as_bytes()) {
                    Some(v) if v.starts_with(b"-fembed-offload-object=") => 2,
                    Some(b"-main-file-name") => 4,
                    _ => 0,
                },
                _ => 0,
            };
            if skip == 0 {
                relevant.push(args[i].clone());
                i += 1;
            } else {
                i += skip;
            }
        }
        Some(Split {
            args: args.to_vec(),
            include_at,
            relevant: without_driver_behaviour(&relevant),
            depfile,
        })
    }

    /// The compile with `-include-pch <pch>` where the forced include was, skipping the
    /// input's first `skipped` bytes (the preamble the PCH stands for; they end a line).
    fn with_pch(
        &self,
        clang: &OsStr,
        pch: &Path,
        skipped: Option<usize>,
        renamed: &[Renamed],
        cwd: Option<&Path>,
    ) -> Command {
        let mut cmd = Command::new(clang);
        if let Some(cwd) = cwd {
            cmd.current_dir(cwd);
        }
        cmd.args(&self.args[..self.include_at])
            .args(["-Xclang", "-include-pch", "-Xclang"])
            .arg(pch);
        if let Some(bytes) = skipped {
            cmd.arg("-Xclang").arg(format!("-preamble-bytes={bytes},1"));
        }
        if !renamed.is_empty() {
            cmd.args(renamed.iter().map(Renamed::macro_prefix_map));
            // A prefix map otherwise turns on `-ffile-reproducible`, which drops `.`
            // components (`./x.h`) from the names it gives.
            cmd.arg("-fno-file-reproducible");
        }
        cmd.args(&self.args[self.include_at + 2..]);
        cmd
    }
}

/// `flags` without those that change what clang's driver shows or keeps, not what it
/// compiles (`-v`, `-###`, `-save-temps`): a PCH serves builds with and without them, and its
/// build leaves no temporary files behind.
fn without_driver_behaviour(flags: &[OsString]) -> Vec<OsString> {
    use clang_args::Id;
    clang_args::words(clang_args::parse(flags).into_iter().filter(|a| {
        !matches!(
            a.id,
            Some(Id::Verbose | Id::DryRun | Id::SaveTemps | Id::SaveTempsMode)
        )
    }))
}

/// What a PCH can stand for exactly in a C++ source that nothing is included ahead of: its
/// first line if that is `#include <sycl/sycl.hpp>`, else its preamble if it has one.
fn eligible(compile: &Compile<'_>, split: &Split) -> Option<StandsFor> {
    let language_is_cpp = split
        .relevant
        .windows(2)
        .filter(|w| w[0] == "-x")
        .all(|w| w[1] == "c++");
    if !language_is_cpp {
        return None;
    }
    stands_for(compile.source, compile.user_flags)
}

/// What a PCH stands for in `source` with the analysis's `flags`, asked once per source and
/// process (both sides and the host copy ask).
pub(crate) fn stands_for(source: &Path, flags: &[OsString]) -> Option<StandsFor> {
    static ANSWERS: Mutex<Vec<(PathBuf, Option<StandsFor>)>> = Mutex::new(Vec::new());
    let Ok(mut answers) = ANSWERS.lock() else {
        return None;
    };
    if let Some((_, answer)) = answers.iter().find(|(s, _)| s == source) {
        return answer.clone();
    }
    let answer = if plugin::starts_with_sycl_include(source, flags) {
        Some(StandsFor::SyclInclude)
    } else if clang_args::reads_ahead_of_source(flags) {
        None
    } else {
        // A quoted include beside a source named relatively is found by a relative path,
        // which a PCH names absolutely; where that cannot be named back
        // (`relative_names_restorable`), the PCH would not be used: not worth a build.
        plugin::source_preamble(source, flags)
            .filter(|p| {
                source.is_absolute()
                    || !p.directives.contains(&b'"')
                    || relative_names_restorable(flags)
            })
            .map(StandsFor::Preamble)
    };
    answers.push((source.to_path_buf(), answer.clone()));
    answer
}

/// The length of `source`'s preamble when its compiles will use a precompiled preamble (PCHs
/// on, the source does not start with `#include <sycl/sycl.hpp>`).
pub(crate) fn preamble_length(source: &Path, flags: &[OsString]) -> Option<usize> {
    cache_dir()?;
    match stands_for(source, flags)? {
        StandsFor::Preamble(preamble) => Some(preamble.length),
        StandsFor::SyclInclude => None,
    }
}

/// The executable `program` runs (searched on `PATH` when it is a bare name), resolved: its
/// identity is part of every PCH's manifest (a new clang cannot read an old PCH).
fn executable_path(program: &OsStr) -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = if program.as_bytes().contains(&b'/') {
        vec![PathBuf::from(program)]
    } else {
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|d| d.join(program))
            .collect()
    };
    candidates
        .into_iter()
        .find(|p| p.is_file())
        .and_then(|p| std::fs::canonicalize(p).ok())
}

/// One PCH of the cache: its files and how to build it.
struct Job {
    side: Side,
    clang: OsString,
    /// The compile's environment changes, which the PCH build gets too.
    envs: Vec<(OsString, Option<OsString>)>,
    relevant: Vec<OsString>,
    /// Where a preamble's quoted includes are looked for first (the source's directory);
    /// `None` for `<sycl/sycl.hpp>`.
    quoted_from: Option<PathBuf>,
    header: PathBuf,
    pch: PathBuf,
    manifest: PathBuf,
    /// What clang would run has nothing that names files otherwise or meets our prefix maps
    /// ([`plan_allows_renaming`]): flags from a config file or `CCC_OVERRIDE_OPTIONS`.
    plan_allows_renaming: bool,
}

impl Job {
    /// The PCH for `compile`'s `relevant` flags; `None` if clang cannot say what it would run.
    ///
    /// The header of `<sycl/sycl.hpp>` has one fixed path per side. A preamble's header
    /// lives alone in a directory of its own (clang looks beside it first for a quoted
    /// include, before the source's directory it is given with `-iquote`), named after the
    /// key; the key is asked for with a fixed, empty stand-in.
    fn new(
        dir: &Path,
        compile: &Compile<'_>,
        command: &Command,
        relevant: &[OsString],
        stands_for: StandsFor,
    ) -> Option<Job> {
        let side = compile.side;
        let preamble = matches!(stands_for, StandsFor::Preamble(_));
        let header_name = if preamble {
            format!("{PREAMBLE_PREFIX}{}.hpp", side.name())
        } else {
            format!("{PCH_PREFIX}{}.hpp", side.name())
        };
        let mut job = Job {
            side,
            clang: command.get_program().to_owned(),
            envs: command
                .get_envs()
                .map(|(name, value)| (name.to_owned(), value.map(OsStr::to_owned)))
                .collect(),
            relevant: relevant.to_vec(),
            quoted_from: preamble.then(|| compile.source_dir.to_path_buf()),
            header: dir.join(header_name),
            pch: dir.join(format!("{PCH_PREFIX}{}.pch", side.name())),
            manifest: PathBuf::new(),
            plan_allows_renaming: false,
        };
        let text = side.header_text(&stands_for);
        // clang plans only for a header that is there.
        std::fs::create_dir_all(dir).ok()?;
        if !header_in_place(&job.header, if preamble { b"" } else { &text }) {
            return None;
        }
        // The plan names the PCH's path, so it is asked for with a fixed one.
        let plan = job.driver_plan()?;
        job.plan_allows_renaming = plan_allows_renaming(&plan);
        let key = cache_key(&text, &plan);
        let stem = format!("{PCH_PREFIX}{}-{key}", side.name());
        job.pch = dir.join(format!("{stem}.pch"));
        job.manifest = dir.join(format!("{stem}.manifest"));
        if preamble {
            let own_dir = dir.join(format!("{stem}{PREAMBLE_DIR_SUFFIX}"));
            std::fs::create_dir_all(&own_dir).ok()?;
            job.header = own_dir.join(format!("{PREAMBLE_PREFIX}{key}.hpp"));
            if !header_in_place(&job.header, &text) {
                return None;
            }
        }
        Some(job)
    }

    /// What clang's driver would run to build the PCH, as `-###` prints it (the version,
    /// the config files read, each job's whole command line).
    fn driver_plan(&self) -> Option<Vec<u8>> {
        let mut cmd = self.build_command(&self.pch);
        cmd.arg("-###");
        let out = crate::run::output(&mut cmd).ok()?;
        out.status.success().then_some(out.stderr)
    }

    /// The PCH build: the compile's own flags on the header, `-emit-pch` replacing the
    /// compile's output kind (through the driver, so the device side stays a device compile;
    /// clang's driver would make a `c++-header` input a host job).
    fn build_command(&self, out: &Path) -> Command {
        let mut cmd = Command::new(&self.clang);
        for (name, value) in &self.envs {
            match value {
                Some(value) => cmd.env(name, value),
                None => cmd.env_remove(name),
            };
        }
        if let Some(dir) = &self.quoted_from {
            // Ahead of the user's own `-iquote`s, as the source's directory is.
            cmd.arg("-iquote").arg(dir);
            // Every header the build enters, named as clang names it (`told_names`).
            cmd.env("CC_PRINT_HEADERS", "1")
                .env("CC_PRINT_HEADERS_FILE", headers_of(out));
        }
        cmd.args(&self.relevant);
        if self.side == Side::Device {
            // Pending instantiations done once in the PCH, not in every compile (device
            // compile 0.73 -> 0.54 s CPU on matmul, same bitcode). Not for the host: clang-22
            // then mangles some dependent names in Intel's headers differently.
            cmd.arg("-fpch-instantiate-templates");
        }
        cmd.args(["-c", "-x", "c++"])
            .arg(&self.header)
            .args(["-Xclang", "-emit-pch", "-o"])
            .arg(out)
            .args(["-MD", "-MF"])
            .arg(depfile_of(out));
        cmd
    }

    /// Whether the PCH's manifest still holds (the PCH then marked recently used).
    fn validated(&self, clang_path: &Path) -> Validated {
        let Some(manifest) = read_regular_file(&self.manifest, 1 << 20)
            .and_then(|text| Manifest::parse(std::str::from_utf8(&text).ok()?))
        else {
            return Validated::Missing;
        };
        if manifest.clang != clang_path
            || Some(manifest.clang_identity) != FileIdentity::of(clang_path)
            || !manifest.inputs.iter().all(Input::unchanged)
            || checksum(&self.pch) != Some((manifest.pch_size, manifest.pch_crc32))
        {
            return Validated::Missing;
        }
        if let Ok(file) = std::fs::File::options().append(true).open(&self.pch) {
            let _ = file.set_modified(SystemTime::now());
        }
        if manifest.unusable {
            return Validated::Unusable;
        }
        Validated::Usable(manifest.loaded())
    }

    /// Builds the PCH and its manifest; `None` (and nothing left behind) if anything fails.
    fn build(&self, clang_path: &Path, echo: Echo) -> Option<Loaded> {
        let dir = self.pch.parent()?;
        // A cache this process cannot write (another user's, read-only) would cost a full
        // parse of the headers for a PCH that cannot be kept.
        let writable = nix::unistd::access(dir, nix::unistd::AccessFlags::W_OK).is_ok();
        if !writable || !output::has_room(dir, NEEDED_BYTES) {
            return None;
        }
        // Concurrent compiles that need this PCH (a project's sources under `make -j`) wait
        // for the first builder instead of building it again.
        let _lock = output::build_lock(&self.pch.with_extension("lock"), LOCK_PATIENCE);
        match self.validated(clang_path) {
            Validated::Usable(loaded) => return Some(loaded),
            Validated::Unusable => return None,
            Validated::Missing => {}
        }
        let staged = output::staged_name(&self.pch);
        let staged_deps = depfile_of(&staged);
        let staged_headers = headers_of(&staged);
        // clang appends to the header list.
        let _ = std::fs::remove_file(&staged_headers);
        let built = self.build_staged(&staged, clang_path, echo);
        let _ = std::fs::remove_file(&staged_deps);
        let _ = std::fs::remove_file(&staged_headers);
        match built {
            Some(loaded) => Some(loaded),
            None => {
                let _ = std::fs::remove_file(&staged);
                None
            }
        }
    }

    fn build_staged(&self, staged: &Path, clang_path: &Path, echo: Echo) -> Option<Loaded> {
        let mut cmd = self.build_command(staged);
        let started = Instant::now();
        let out = echo.output(&mut cmd).ok()?;
        timing(
            &format!("{} PCH build", self.side.name()),
            started.elapsed(),
        );
        if !out.status.success() {
            if echo.verbose {
                eprintln!(
                    "sycl-clang++: note: the {} precompiled header could not be built; compiling without it",
                    self.side.name()
                );
            }
            return None;
        }
        let deps = std::fs::read_to_string(depfile_of(staged)).ok()?;
        let inputs: Vec<Input> = depfile::parse_prerequisites(&deps)
            .into_iter()
            .map(|p| Input::now(PathBuf::from(p)))
            .collect::<Option<_>>()?;
        // A preamble's own headers may warn; a compile that loads the PCH would not repeat
        // it. And a PCH names its files by absolute path, which `__builtin_FILE()` in them
        // then expands to (`sycl::malloc_shared`'s code location) and diagnostics print,
        // where a compile without names them as found: relative to a source named relatively,
        // or to a relative `-I`. A compile that loads the PCH is told those names back
        // (`renamed_inputs`), as clang's header list names them (the depfile drops a leading
        // `./`); where it cannot be, the PCH is recorded (its inputs, so an edit brings a new
        // try) but emptied and not used: the compiles run without it.
        let mut told = Vec::new();
        let unusable = self.quoted_from.is_some()
            && match told_names(&headers_of(staged)) {
                None => true,
                Some(names) => {
                    told = names;
                    let restorable = told.is_empty()
                        || (relative_names_restorable(&self.relevant)
                            && self.plan_allows_renaming
                            && std::env::current_dir()
                                .ok()
                                .and_then(|cwd| renamed_inputs(&told, &cwd))
                                .is_some());
                    !out.stderr.is_empty() || !restorable
                }
            };
        if unusable {
            told.clear();
        }
        if unusable {
            std::fs::File::create(staged).ok()?;
        }
        let (pch_size, pch_crc32) = checksum(staged)?;
        let manifest = Manifest {
            clang: clang_path.to_path_buf(),
            clang_identity: FileIdentity::of(clang_path)?,
            pch_size,
            pch_crc32,
            unusable,
            inputs,
            told,
        };
        let text = manifest.render()?;
        std::fs::rename(staged, &self.pch).ok()?;
        output::write(&self.manifest, text.as_bytes()).ok()?;
        evict_least_recently_used(self.pch.parent()?, KEPT_PCHS);
        (!unusable).then(|| manifest.loaded())
    }
}

/// Whether clang names `path` in a PCH as a compile without it does: absolute, without `.`
/// or empty components (which the PCH leaves out).
fn plainly_absolute(path: &Path) -> bool {
    let bytes = path.as_os_str().as_bytes();
    path.is_absolute()
        && !bytes.windows(3).any(|w| w == b"/./")
        && !bytes.ends_with(b"/.")
        && !bytes.windows(2).any(|w| w == b"//")
}

/// One of a PCH's files that a compile without the PCH names by another path: clang names it
/// `in_pch` in a compile that loads the PCH (absolute), `found` where it is found without
/// (relative to a source or `-I` named relatively: `src/common.h`, `../include/x.h`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Renamed {
    in_pch: PathBuf,
    found: PathBuf,
}

impl Renamed {
    /// What makes `__FILE__` and `__builtin_FILE()` (so `std::source_location` and SYCL's
    /// code locations) name the file in a compile that loads the PCH as without it.
    fn macro_prefix_map(&self) -> OsString {
        let mut flag = OsString::from("-fmacro-prefix-map=");
        flag.push(&self.in_pch);
        flag.push("=");
        flag.push(&self.found);
        flag
    }
}

/// The PCH's files in `told` (as a compile without it names them: clang's header list) that a
/// compile loading it names otherwise, each with its name there: the working directory
/// joined, `.` and empty components dropped (`..` kept), as clang's PCH writer makes it.
/// `None` when one cannot be named back: `-fmacro-prefix-map` splits at the first `=`.
fn renamed_inputs(told: &[PathBuf], cwd: &Path) -> Option<Vec<Renamed>> {
    let mut renamed = Vec::new();
    for found in told.iter().filter(|p| !plainly_absolute(p)) {
        let in_pch: PathBuf = cwd.join(found).components().collect();
        if !in_pch.is_absolute() || in_pch.as_os_str().as_bytes().contains(&b'=') {
            return None;
        }
        renamed.push(Renamed {
            in_pch,
            found: found.clone(),
        });
    }
    Some(renamed)
}

/// Flags under which a compile that loads a PCH cannot be told back the names its files
/// have without it ([`renamed_inputs`]): something else names files by the name the PCH
/// changes (sanitizers' and OpenMP's source locations, absolute diagnostic paths), or the
/// user's own prefix maps or `-f[no-]file-reproducible` (which decides whether `.` components
/// are dropped) would meet ours.
const RENAMING_REFUSED: [&[u8]; 7] = [
    b"-fsanitize=",
    b"-fopenmp",
    b"-fmacro-prefix-map",
    b"-ffile-prefix-map",
    b"-ffile-reproducible",
    b"-fno-file-reproducible",
    b"-fdiagnostics-absolute-paths",
];

/// Whether `word` is one of [`RENAMING_REFUSED`], or a diagnostics format other than clang's.
fn refuses_renaming(word: &[u8]) -> bool {
    RENAMING_REFUSED.iter().any(|p| word.starts_with(p))
        || (word.starts_with(b"-fdiagnostics-format=") && word != b"-fdiagnostics-format=clang")
}

/// Whether a compile with `flags` can load a PCH whose files it names otherwise.
fn relative_names_restorable(flags: &[OsString]) -> bool {
    !flags.iter().any(|w| refuses_renaming(w.as_bytes()))
}

/// Whether clang's plan (`-###`: every job's command line, each word quoted) has none of the
/// flags [`relative_names_restorable`] refuses, wherever they came from (a config file,
/// `CCC_OVERRIDE_OPTIONS`).
fn plan_allows_renaming(plan: &[u8]) -> bool {
    // Between quotes are the words.
    !plan
        .split(|&b| b == b'"')
        .skip(1)
        .step_by(2)
        .any(refuses_renaming)
}

/// What a PCH's manifest says of it.
enum Validated {
    /// It holds.
    Usable(Loaded),
    /// It holds, but the PCH cannot stand for its preamble (`Job::build_staged`): compile
    /// without.
    Unusable,
    /// Missing, damaged or stale: build it.
    Missing,
}

fn cache_key(header_text: &[u8], driver_plan: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(MANIFEST_MAGIC.as_bytes());
    h.update(header_text);
    // Relative paths among the flags mean something else elsewhere.
    if let Ok(cwd) = std::env::current_dir() {
        h.update(b"\0cwd\0");
        h.update(cwd.as_os_str().as_bytes());
    }
    h.update(b"\0plan\0");
    h.update(driver_plan);
    hex(&h.finalize()[..8])
}

/// Which file a path is, and which version of it: a file replaced in place (copied over,
/// reinstalled, rebuilt) has a new inode or change time even where its size and modification
/// time were kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileIdentity {
    device: u64,
    inode: u64,
    size: u64,
    modified_ns: i128,
    changed_ns: i128,
}

impl FileIdentity {
    fn of(path: &Path) -> Option<FileIdentity> {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(path).ok()?;
        let ns = |s: i64, ns: i64| i128::from(s) * 1_000_000_000 + i128::from(ns);
        Some(FileIdentity {
            device: m.dev(),
            inode: m.ino(),
            size: m.size(),
            modified_ns: ns(m.mtime(), m.mtime_nsec()),
            changed_ns: ns(m.ctime(), m.ctime_nsec()),
        })
    }

    fn render(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.device, self.inode, self.size, self.modified_ns, self.changed_ns
        )
    }

    fn parse(text: &str) -> Option<FileIdentity> {
        let mut fields = text.split(' ');
        let identity = FileIdentity {
            device: fields.next()?.parse().ok()?,
            inode: fields.next()?.parse().ok()?,
            size: fields.next()?.parse().ok()?,
            modified_ns: fields.next()?.parse().ok()?,
            changed_ns: fields.next()?.parse().ok()?,
        };
        fields.next().is_none().then_some(identity)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn depfile_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".d");
    PathBuf::from(name)
}

/// Where a preamble's PCH build lists the headers it enters (`CC_PRINT_HEADERS_FILE`).
fn headers_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".headers");
    PathBuf::from(name)
}

/// The headers in clang's header list at `list` (one per line, as clang names each in
/// `__FILE__`, `__builtin_FILE()` and diagnostics) that a PCH names otherwise: relative, or
/// with `.` components. `None` if the list cannot be read.
fn told_names(list: &Path) -> Option<Vec<PathBuf>> {
    let text = read_regular_file(list, 64 << 20)?;
    let mut told: Vec<PathBuf> = Vec::new();
    for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let path = PathBuf::from(OsStr::from_bytes(line));
        if !plainly_absolute(&path) && !told.contains(&path) {
            told.push(path);
        }
    }
    Some(told)
}

/// The process id in a staged file's name (`sycl-pch-….pch.<pid>.tmp`, its `.d`, and the
/// temporary clang writes before renaming it to the staged name).
fn staged_pid(name: &str) -> Option<i32> {
    output::staged_pid(name, PCH_PREFIX, ".pch")
}

/// The header file with exactly `text`, written only when it differs (its modification time
/// is one of every PCH's inputs). Anything but a regular file there: no PCH.
fn header_in_place(path: &Path, text: &[u8]) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => {
            read_regular_file(path, 1 << 20).as_deref() == Some(text)
                || output::write(path, text).is_ok()
        }
        Ok(_) => false,
        Err(_) => output::write(path, text).is_ok(),
    }
}

/// A regular file's contents (up to `limit` bytes), opened as [`open_regular_file`] opens it.
fn read_regular_file(path: &Path, limit: u64) -> Option<Vec<u8>> {
    let file = open_regular_file(path)?;
    let meta = file.metadata().ok()?;
    if meta.len() > limit {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// A regular file, opened without following links or blocking (a FIFO in the cache must not
/// hang the build); `None` for anything else.
fn open_regular_file(path: &Path) -> Option<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::File::options()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .ok()?;
    file.metadata().ok()?.is_file().then_some(file)
}

/// Keeps the `keep` most recently used PCHs (with their manifests), never one used within
/// [`EVICTION_GRACE`]; staged files of builders that died go too.
fn evict_least_recently_used(dir: &Path, keep: usize) {
    output::remove_files_of_dead_processes(dir, staged_pid);
    for path in output::least_recently_used(dir, PCH_PREFIX, ".pch", keep, EVICTION_GRACE) {
        let _ = std::fs::remove_file(path.with_extension("manifest"));
        let _ = std::fs::remove_file(path.with_extension("lock"));
        let _ = std::fs::remove_dir_all(path.with_extension(&PREAMBLE_DIR_SUFFIX[1..]));
        let _ = std::fs::remove_file(path);
    }
}

/// One input file of a PCH as it was when the PCH was built.
#[derive(Debug, PartialEq)]
struct Input {
    size: u64,
    /// Modification time in nanoseconds since the epoch.
    mtime: u128,
    path: PathBuf,
}

impl Input {
    fn now(path: PathBuf) -> Option<Input> {
        let meta = std::fs::metadata(&path).ok()?;
        let mtime = meta
            .modified()
            .ok()?
            .duration_since(SystemTime::UNIX_EPOCH)
            .ok()?
            .as_nanos();
        Some(Input {
            size: meta.len(),
            mtime,
            path,
        })
    }

    fn unchanged(&self) -> bool {
        Input::now(self.path.clone()).is_some_and(|now| now == *self)
    }
}

/// What a PCH was built from and what it is.
#[derive(Debug, PartialEq)]
struct Manifest {
    clang: PathBuf,
    clang_identity: FileIdentity,
    pch_size: u64,
    pch_crc32: u32,
    /// The PCH cannot stand for its preamble (it is then empty and not used).
    unusable: bool,
    inputs: Vec<Input>,
    /// Its files that a compile without it names otherwise, as that compile names them.
    told: Vec<PathBuf>,
}

/// What a compile that loads a PCH needs to know of it.
#[derive(Debug, PartialEq)]
struct Loaded {
    /// Its input files, as its build's depfile names them.
    inputs: Vec<PathBuf>,
    /// [`Manifest::told`].
    told: Vec<PathBuf>,
}

impl Manifest {
    fn loaded(self) -> Loaded {
        Loaded {
            inputs: self.inputs.into_iter().map(|i| i.path).collect(),
            told: self.told,
        }
    }

    /// One field per line; paths last on their line. `None` if a path has a line break.
    fn render(&self) -> Option<String> {
        let mut out = format!(
            "{MANIFEST_MAGIC}\nclang {}\nidentity {}\npch {} {:08x}\nunusable {}\n",
            self.clang.to_str()?,
            self.clang_identity.render(),
            self.pch_size,
            self.pch_crc32,
            u8::from(self.unusable)
        );
        for i in &self.inputs {
            let path = i.path.to_str()?;
            if path.contains('\n') || self.clang.to_str()?.contains('\n') {
                return None;
            }
            out.push_str(&format!("input {} {} {path}\n", i.size, i.mtime));
        }
        for told in &self.told {
            let path = told.to_str()?;
            if path.contains('\n') {
                return None;
            }
            out.push_str(&format!("told {path}\n"));
        }
        Some(out)
    }

    fn parse(text: &str) -> Option<Manifest> {
        let mut lines = text.lines();
        if lines.next()? != MANIFEST_MAGIC {
            return None;
        }
        let clang = PathBuf::from(lines.next()?.strip_prefix("clang ")?);
        let clang_identity = FileIdentity::parse(lines.next()?.strip_prefix("identity ")?)?;
        let (size, crc) = lines.next()?.strip_prefix("pch ")?.split_once(' ')?;
        let unusable = match lines.next()?.strip_prefix("unusable ")? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        let mut inputs = Vec::new();
        let mut told = Vec::new();
        for line in lines {
            if let Some(path) = line.strip_prefix("told ") {
                told.push(PathBuf::from(path));
                continue;
            }
            let mut fields = line.strip_prefix("input ")?.splitn(3, ' ');
            inputs.push(Input {
                size: fields.next()?.parse().ok()?,
                mtime: fields.next()?.parse().ok()?,
                path: PathBuf::from(fields.next()?),
            });
        }
        Some(Manifest {
            clang,
            clang_identity,
            pch_size: size.parse().ok()?,
            pch_crc32: u32::from_str_radix(crc, 16).ok()?,
            unusable,
            inputs,
            told,
        })
    }
}

/// What a compile that used a PCH needs to write the depfile it would have written without.
struct DepfileRestore {
    header: PathBuf,
    inputs: Vec<PathBuf>,
    /// `-MMD`: system headers are left out.
    user_headers_only: bool,
}

/// A PCH a compile includes, as its diagnostics name it. clang tells a header of the PCH as
/// included from the PCH's own header ("In file included from <header>:<n>:"), itself
/// included from the compile's input; the plain compile tells it as included from the
/// source, at the directive's line. Remembered for every PCH this process attached, so the
/// compiles' diagnostics can be told as the plain compile tells them ([`plain_diagnostics`]).
struct IncludedThrough {
    /// The PCH's header, as its build named it (so as clang prints it).
    header: String,
    /// The header's line of the source's first directive (the forced include's come first).
    first_directive_line: usize,
    /// The user's source, as its compiles name it.
    source: PathBuf,
    lines: IncludeLines,
    /// The PCH's files the source's compiles name otherwise without it.
    renamed: Vec<Renamed>,
}

/// The source's line of each directive the PCH's header repeats.
enum IncludeLines {
    /// A preamble's (`plugin::Preamble::lines`).
    Known(Vec<usize>),
    /// The first directive's, `#include <sycl/sycl.hpp>`: looked up (with the analysis's
    /// flags) only when a diagnostic needs it.
    FirstDirective(Vec<OsString>),
}

impl IncludedThrough {
    /// The source's line of the directive on the header's line `header_line`.
    fn source_line(&self, header_line: usize) -> Option<usize> {
        let index = header_line.checked_sub(self.first_directive_line)?;
        match &self.lines {
            IncludeLines::Known(lines) => lines.get(index).copied(),
            IncludeLines::FirstDirective(flags) => plugin::source_preamble(&self.source, flags)
                .and_then(|p| p.lines.first().copied())
                .filter(|_| index == 0),
        }
    }
}

static INCLUDED_THROUGH: Mutex<Vec<IncludedThrough>> = Mutex::new(Vec::new());

fn remember_include_stack(through: IncludedThrough) {
    if let Ok(mut known) = INCLUDED_THROUGH.lock() {
        if !known.iter().any(|k| k.header == through.header) {
            known.push(through);
        }
    }
}

/// A compile's diagnostics `text` as the compile without PCH prints them: each "In file
/// included from <PCH header>:<n>:" line removed, and the line before it (the compile's
/// input) replaced by the source at the directive's line; the files of `source`'s PCHs that
/// the compile without names otherwise named so. Unchanged without a PCH.
pub(crate) fn plain_diagnostics(text: &[u8], source: &Path) -> Vec<u8> {
    const INCLUDED_FROM: &[u8] = b"In file included from ";
    let Ok(known) = INCLUDED_THROUGH.lock() else {
        return text.to_vec();
    };
    let renamed: Vec<&Renamed> = known
        .iter()
        .filter(|k| k.source == source)
        .flat_map(|k| &k.renamed)
        .collect();
    let with_names_found;
    let text = if renamed.is_empty() {
        text
    } else {
        with_names_found = names_found(text, &renamed);
        &with_names_found
    };
    if known.is_empty()
        || !text
            .windows(INCLUDED_FROM.len())
            .any(|w| w == INCLUDED_FROM)
    {
        return text.to_vec();
    }
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for line in text.split_inclusive(|&b| b == b'\n') {
        let through = line.strip_prefix(INCLUDED_FROM).and_then(|rest| {
            let place = rest.strip_suffix(b":\n")?;
            let colon = place.iter().rposition(|&b| b == b':')?;
            let header_line: usize = std::str::from_utf8(&place[colon + 1..])
                .ok()?
                .parse()
                .ok()?;
            let entry = known
                .iter()
                .find(|k| k.header.as_bytes() == &place[..colon])?;
            Some((entry, header_line))
        });
        let Some((entry, header_line)) = through else {
            lines.push(line.to_vec());
            continue;
        };
        if let (Some(source_line), Some(previous)) =
            (entry.source_line(header_line), lines.last_mut())
        {
            if previous.starts_with(INCLUDED_FROM) {
                let mut told = INCLUDED_FROM.to_vec();
                told.extend_from_slice(entry.source.as_os_str().as_bytes());
                told.extend_from_slice(format!(":{source_line}:\n").as_bytes());
                *previous = told;
            }
        }
    }
    lines.concat()
}

/// `text` with each of the `renamed` files' PCH names, where clang prints a file (followed by
/// `:` as in `file:line:col:`, or by `"` as in a fix-it or a structured format), replaced by
/// its name found without the PCH. A name counts only where a path can start: at a line's
/// start, after a space, a quote or a parenthesis, or after a colour escape.
fn names_found(text: &[u8], renamed: &[&Renamed]) -> Vec<u8> {
    let starts_path = |at: usize| {
        at == 0
            || matches!(text[at - 1], b'\n' | b' ' | b'\t' | b'"' | b'\'' | b'(')
            || (text[at - 1] == b'm' && {
                // ESC [ digits and semicolons m
                let before = &text[..at - 1];
                let params = before
                    .iter()
                    .rev()
                    .take_while(|b| b.is_ascii_digit() || **b == b';')
                    .count();
                before[..before.len() - params].ends_with(b"\x1b[")
            })
    };
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    while at < text.len() {
        // Every PCH name is absolute: only a `/` can start one.
        let matched = if text[at] == b'/' {
            renamed
                .iter()
                .filter(|r| {
                    let name = r.in_pch.as_os_str().as_bytes();
                    text[at..].starts_with(name)
                        && matches!(text.get(at + name.len()), Some(b':' | b'"'))
                })
                .max_by_key(|r| r.in_pch.as_os_str().len())
        } else {
            None
        };
        match matched {
            Some(r) if starts_path(at) => {
                out.extend_from_slice(r.found.as_os_str().as_bytes());
                at += r.in_pch.as_os_str().len();
            }
            _ => {
                out.push(text[at]);
                at += 1;
            }
        }
    }
    out
}

static DEPFILES: Mutex<Option<HashMap<PathBuf, DepfileRestore>>> = Mutex::new(None);

fn remember_depfile(depfile: PathBuf, restore: DepfileRestore) {
    if let Ok(mut map) = DEPFILES.lock() {
        map.get_or_insert_with(HashMap::new)
            .insert(depfile, restore);
    }
}

/// The depfile text clang wrote at `path` as it would have been without the PCH (unchanged
/// if the compile used none). With a PCH, clang names the PCH's header first, then its inputs
/// in its own order (not always all of them), then the compile's input and the headers after
/// the PCH. Restored: the input first, the PCH's inputs in include order (with `-MMD` those
/// clang listed, which leaves out system headers as without PCH), then the rest.
pub(crate) fn restore_depfile(path: &Path, text: String) -> String {
    let Ok(map) = DEPFILES.lock() else {
        return text;
    };
    let Some(restore) = map.as_ref().and_then(|m| m.get(path)) else {
        return text;
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    // clang names the PCH's inputs by absolute path; the PCH build named them as a compile
    // without PCH does (a preamble's quoted includes are relative where the source is).
    let same_file = |p: &Path| -> PathBuf { cwd.join(p).components().collect() };
    let header = same_file(&restore.header);
    let from_pch: Vec<PathBuf> = restore.inputs.iter().map(|i| same_file(i)).collect();
    let listed: Vec<PathBuf> = depfile::parse_prerequisites(&text)
        .into_iter()
        .map(PathBuf::from)
        .filter(|p| same_file(p) != header)
        .collect();
    let listed_files: Vec<PathBuf> = listed.iter().map(|p| same_file(p)).collect();
    let mut deps: Vec<PathBuf> = Vec::with_capacity(listed.len());
    if let Some(input) = listed.iter().find(|p| !from_pch.contains(&same_file(p))) {
        deps.push(input.clone());
    }
    let pch_inputs = restore.inputs.iter().filter(|i| {
        let file = same_file(i);
        file != header && (!restore.user_headers_only || listed_files.contains(&file))
    });
    for p in pch_inputs {
        if !deps.contains(p) {
            deps.push(p.clone());
        }
    }
    for p in &listed {
        if !from_pch.contains(&same_file(p)) && !deps.contains(p) {
            deps.push(p.clone());
        }
    }
    depfile::make_rule("out", &deps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_name_the_source_where_clang_names_the_pch_header() {
        remember_include_stack(IncludedThrough {
            header: "/cache/unit-test/sycl-preamble-k.hpp".into(),
            first_directive_line: 9,
            source: PathBuf::from("/src/main.cpp"),
            lines: IncludeLines::Known(vec![3, 5]),
            renamed: Vec::new(),
        });
        let through_pch = b"In file included from /tmp/w/source/main.cpp:1:\n\
            In file included from /cache/unit-test/sycl-preamble-k.hpp:10:\n\
            /src/b.h:2:1: error: e\n1 error generated.\n";
        assert_eq!(
            String::from_utf8(plain_diagnostics(through_pch, Path::new("/src/main.cpp")))
                .expect("UTF-8"),
            "In file included from /src/main.cpp:5:\n/src/b.h:2:1: error: e\n1 error generated.\n"
        );
        // Another header's include stack, and a line the PCH's header does not repeat, stay.
        let elsewhere = b"In file included from /src/main.cpp:1:\n/src/c.h:1:1: warning: w\n";
        assert_eq!(
            plain_diagnostics(elsewhere, Path::new("/src/main.cpp")),
            elsewhere
        );
        let before = b"In file included from /a.cpp:1:\n\
            In file included from /cache/unit-test/sycl-preamble-k.hpp:2:\n/b.h:1:1: error: e\n";
        assert_eq!(
            plain_diagnostics(before, Path::new("/src/main.cpp")),
            b"In file included from /a.cpp:1:\n/b.h:1:1: error: e\n"
        );
    }

    fn words(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    fn host_compile<'a>(flags: &'a [OsString]) -> Compile<'a> {
        Compile {
            side: Side::Host,
            source: Path::new("/src/a.cpp"),
            input: Path::new("/gen/a.cpp"),
            force_include: Path::new("/gen/integration-header.h"),
            user_flags: flags,
            source_offset: 0,
            source_dir: Path::new("/src"),
            echo: Echo {
                dry_run: false,
                verbose: false,
            },
            builds_shown: &NONE_SHOWN,
        }
    }

    static NONE_SHOWN: Mutex<Vec<Shown>> = Mutex::new(Vec::new());

    #[test]
    fn the_key_leaves_out_input_output_phase_depfile_and_embedding() {
        let args = words(&[
            "-fsycl",
            "-fsycl-host-only",
            "-include",
            "/gen/integration-header.h",
            "-iquote",
            "/src",
            "-DX=1",
            "-v",
            "-Xclang",
            "-fembed-offload-object=/gen/d.offload",
            "-MD",
            "-MF",
            "/gen/host.d",
            "-c",
            "-Xclang",
            "-main-file-name",
            "-Xclang",
            "/src/a.cpp",
            "-x",
            "c++",
            "/gen/a.cpp",
            "-o",
            "/gen/host.out",
        ]);
        let split = Split::of(&args, &host_compile(&[])).expect("the forced include is there");
        assert_eq!(
            split.relevant,
            words(&[
                "-fsycl",
                "-fsycl-host-only",
                "-iquote",
                "/src",
                "-DX=1",
                "-x",
                "c++"
            ])
        );
        assert_eq!(split.depfile.as_deref(), Some(Path::new("/gen/host.d")));
        let with = split.with_pch(OsStr::new("clang"), Path::new("/c/h.pch"), None, &[], None);
        let with: Vec<&OsStr> = with.get_args().collect();
        assert_eq!(
            with[..6],
            [
                "-fsycl",
                "-fsycl-host-only",
                "-Xclang",
                "-include-pch",
                "-Xclang",
                "/c/h.pch"
            ]
        );
        assert!(!with.contains(&OsStr::new("/gen/integration-header.h")));
    }

    #[test]
    fn without_the_forced_include_there_is_nothing_to_replace() {
        let args = words(&["-fsycl", "-c", "/gen/a.cpp"]);
        assert!(Split::of(&args, &host_compile(&[])).is_none());
    }

    #[test]
    fn manifests_read_back_and_refuse_other_text() {
        let manifest = Manifest {
            clang: PathBuf::from("/usr/bin/clang"),
            clang_identity: FileIdentity {
                device: 2049,
                inode: 77,
                size: 134_024,
                modified_ns: 1_700_000_000_000_000_001,
                changed_ns: -5,
            },
            pch_size: 42,
            pch_crc32: 0xdead_beef,
            unusable: true,
            inputs: vec![Input {
                size: 7,
                mtime: 1_700_000_000_123_456_789,
                path: PathBuf::from("/inc/with space.hpp"),
            }],
            told: vec![PathBuf::from("./src/with space.h")],
        };
        let text = manifest.render().expect("renderable");
        assert_eq!(Manifest::parse(&text), Some(manifest));
        assert_eq!(Manifest::parse("something else\n"), None);
        assert_eq!(Manifest::parse(&text.replace("pch 42", "pch x")), None);
        assert_eq!(Manifest::parse(&text.replace(" -5\n", " -5 6\n")), None);
    }

    #[test]
    fn a_file_replaced_in_place_is_another_file() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let clang = dir.path().join("clang");
        std::fs::write(&clang, "one").expect("write");
        let before = FileIdentity::of(&clang).expect("stat");
        let modified = std::fs::metadata(&clang)
            .and_then(|m| m.modified())
            .expect("stat");
        std::thread::sleep(std::time::Duration::from_millis(20));
        // Same size, same modification time: only the change time tells.
        std::fs::write(&clang, "two").expect("write");
        std::fs::File::options()
            .append(true)
            .open(&clang)
            .and_then(|f| f.set_modified(modified))
            .expect("touch");
        let after = FileIdentity::of(&clang).expect("stat");
        assert_eq!(
            (before.size, before.modified_ns),
            (after.size, after.modified_ns)
        );
        assert_ne!(before, after);
        assert_eq!(FileIdentity::of(&clang), Some(after));
    }

    /// The key follows what clang would run, not the command line: an environment that
    /// changes the flags (here `CCC_OVERRIDE_OPTIONS`, `CPATH`) or a config file is another
    /// PCH. Runs `clang++-22 -###` (nothing is built).
    #[test]
    fn the_key_sees_what_the_command_line_does_not_show() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let config = dir.path().join("extra.cfg");
        std::fs::write(&config, "-DFROM_CONFIG\n").expect("write");
        let key = |envs: &[(&str, &str)], flags: &[&str]| {
            let mut compile = Command::new("clang++-22");
            for (name, value) in envs {
                compile.env(name, value);
            }
            let user_flags = Vec::new();
            let mut view = host_compile(&user_flags);
            view.side = Side::Device;
            Job::new(
                dir.path(),
                &view,
                &compile,
                &words(flags),
                StandsFor::SyclInclude,
            )
            .map(|job| job.pch)
        };
        let plain = key(&[], &["-std=c++17"]);
        if plain.is_none() {
            eprintln!("clang++-22 not found: skipped");
            return;
        }
        assert_eq!(plain, key(&[], &["-std=c++17"]));
        let config_flag = format!("--config={}", config.display());
        let others = [
            key(&[("CCC_OVERRIDE_OPTIONS", "+-DNDEBUG")], &["-std=c++17"]),
            key(&[("CPATH", "/nonexistent/include")], &["-std=c++17"]),
            key(
                &[("CPLUS_INCLUDE_PATH", "/nonexistent/include")],
                &["-std=c++17"],
            ),
            key(&[], &["-std=c++17", &config_flag]),
        ];
        for other in &others {
            assert_ne!(other, &plain);
        }
        std::fs::write(&config, "-DFROM_CONFIG=2\n").expect("write");
        assert_ne!(key(&[], &["-std=c++17", &config_flag]), others[3]);
    }

    #[test]
    fn a_changed_input_is_seen() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let file = dir.path().join("h.hpp");
        std::fs::write(&file, "int a;\n").expect("write");
        let input = Input::now(file.clone()).expect("stat");
        assert!(input.unchanged());
        std::fs::write(&file, "int b;\n").expect("write");
        let later = SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::File::options()
            .append(true)
            .open(&file)
            .and_then(|f| f.set_modified(later))
            .expect("touch");
        assert!(!input.unchanged());
        std::fs::remove_file(&file).expect("remove");
        assert!(!input.unchanged());
    }

    #[test]
    fn checksums_see_one_changed_byte() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let file = dir.path().join("x.pch");
        let mut bytes = vec![7u8; 3 << 20];
        std::fs::write(&file, &bytes).expect("write");
        let before = checksum(&file).expect("checksum");
        bytes[2_000_000] ^= 1;
        std::fs::write(&file, &bytes).expect("write");
        let after = checksum(&file).expect("checksum");
        assert_eq!(before.0, after.0);
        assert_ne!(before.1, after.1);
    }

    #[test]
    fn depfiles_get_the_order_of_a_compile_without_pch() {
        let restore = DepfileRestore {
            header: PathBuf::from("/c/sycl-pch-host.hpp"),
            inputs: [
                "/c/sycl-pch-host.hpp",
                "/inc/sycl.hpp",
                "/inc/a.hpp",
                "/sys/version",
            ]
            .map(PathBuf::from)
            .to_vec(),
            user_headers_only: false,
        };
        // As clang writes it with the PCH: its header first, its inputs in its own order
        // (one missing), then the input and what came after the PCH.
        let clang = "out: /c/sycl-pch-host.hpp /inc/a.hpp /inc/sycl.hpp /gen/a.cpp /usr/cmath\n";
        remember_depfile(PathBuf::from("/gen/test-host.d"), restore);
        let restored = restore_depfile(Path::new("/gen/test-host.d"), clang.to_string());
        assert_eq!(
            depfile::parse_prerequisites(&restored),
            [
                "/gen/a.cpp",
                "/inc/sycl.hpp",
                "/inc/a.hpp",
                "/sys/version",
                "/usr/cmath"
            ]
        );
        // A depfile of a compile without PCH is left as it is.
        let plain = "out: /gen/b.cpp /inc/sycl.hpp\n".to_string();
        assert_eq!(
            restore_depfile(Path::new("/gen/other.d"), plain.clone()),
            plain
        );
    }

    #[test]
    fn a_preambles_inputs_keep_the_names_the_compile_without_gives_them() {
        let cwd = std::env::current_dir().expect("working directory");
        let restore = DepfileRestore {
            header: PathBuf::from("/c/sycl-pch-device-1.preamble/sycl-preamble-1.hpp"),
            inputs: [
                "/c/sycl-pch-device-1.preamble/sycl-preamble-1.hpp",
                "src/common.h",
                "/inc/sycl.hpp",
            ]
            .map(PathBuf::from)
            .to_vec(),
            user_headers_only: false,
        };
        // clang names the PCH's inputs absolutely, the source as given, last.
        let clang = format!(
            "out: /c/sycl-pch-device-1.preamble/sycl-preamble-1.hpp {} /inc/sycl.hpp src/a.cpp /usr/map\n",
            cwd.join("src/common.h").display()
        );
        remember_depfile(PathBuf::from("/gen/test-preamble.d"), restore);
        let restored = restore_depfile(Path::new("/gen/test-preamble.d"), clang);
        assert_eq!(
            depfile::parse_prerequisites(&restored),
            ["src/a.cpp", "src/common.h", "/inc/sycl.hpp", "/usr/map"]
        );
    }

    #[test]
    fn only_plainly_absolute_names_survive_a_pch() {
        assert!(plainly_absolute(Path::new("/usr/include/c++/12/../../x.h")));
        assert!(!plainly_absolute(Path::new("src/common.h")));
        assert!(!plainly_absolute(Path::new("/src/./common.h")));
        assert!(!plainly_absolute(Path::new("/src//common.h")));
    }

    #[test]
    fn relative_names_are_told_back_as_clang_names_them_in_a_pch() {
        let told: Vec<PathBuf> = [
            "/usr/include/x.h",
            "src/common.h",
            "./common.h",
            "../inc/a.h",
            "/p/./b.h",
            "src//c.h",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        let renamed = renamed_inputs(&told, Path::new("/work")).expect("renamable");
        let flags: Vec<OsString> = renamed.iter().map(Renamed::macro_prefix_map).collect();
        assert_eq!(
            flags,
            [
                "-fmacro-prefix-map=/work/src/common.h=src/common.h",
                "-fmacro-prefix-map=/work/common.h=./common.h",
                "-fmacro-prefix-map=/work/../inc/a.h=../inc/a.h",
                "-fmacro-prefix-map=/p/b.h=/p/./b.h",
                "-fmacro-prefix-map=/work/src/c.h=src//c.h",
            ]
        );
        // clang's driver splits the map at the first `=`.
        assert_eq!(
            renamed_inputs(&[PathBuf::from("x.h")], Path::new("/a=b")),
            None
        );
    }

    #[test]
    fn relative_names_are_not_told_back_where_other_namers_would_meet_them() {
        assert!(relative_names_restorable(&words(&["-O2", "-I."])));
        assert!(relative_names_restorable(&words(&[
            "-fdiagnostics-format=clang",
            "-fdiagnostics-color"
        ])));
        for refused in [
            &["-fsanitize=address"][..],
            &["-fopenmp"],
            &["-fmacro-prefix-map=/a=b"],
            &["-ffile-prefix-map=/a=b"],
            &["-ffile-reproducible"],
            &["-fno-file-reproducible"],
            &["-fdiagnostics-absolute-paths"],
            &["-fdiagnostics-format=sarif"],
        ] {
            assert!(!relative_names_restorable(&words(refused)), "{refused:?}");
        }
    }

    #[test]
    fn a_plan_with_flags_from_elsewhere_refuses_renaming() {
        let plan = b"clang version 22\n \"/usr/bin/clang\" \"-cc1\" \"-O2\" \"x.hpp\"\n";
        assert!(plan_allows_renaming(plan));
        let from_config = b" \"/usr/bin/clang\" \"-cc1\" \"-ffile-reproducible\" \"x.hpp\"\n";
        assert!(!plan_allows_renaming(from_config));
        let sanitized = b" \"/usr/bin/clang\" \"-cc1\" \"-fsanitize=address\"\n";
        assert!(!plan_allows_renaming(sanitized));
    }

    #[test]
    fn the_header_list_tells_the_names_a_pch_changes() {
        let dir = std::env::temp_dir().join(format!("pch-told-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        let list = dir.join("list.headers");
        std::fs::write(
            &list,
            "./common.h\n/usr/include/stdio.h\nsrc/x.h\n./common.h\n/a/./b.h\n",
        )
        .expect("written");
        assert_eq!(
            told_names(&list),
            Some(vec![
                PathBuf::from("./common.h"),
                PathBuf::from("src/x.h"),
                PathBuf::from("/a/./b.h")
            ])
        );
        assert_eq!(told_names(&dir.join("missing")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn diagnostics_name_a_renamed_file_as_found() {
        let common = Renamed {
            in_pch: PathBuf::from("/w/src/common.h"),
            found: PathBuf::from("src/common.h"),
        };
        let text = b"/w/src/common.h:3:5: note: declared here\n\
            In file included from /w/src/common.h:2:\n\
            \x1b[1m/w/src/common.h:7:1: \x1b[0m\n\
            fix-it:\"/w/src/common.h\":{1:1-1:2}:\"x\"\n\
            /x/w/src/common.h:1:1: other\n\
            /w/src/common.hpp:1:1: other\n\
            see /w/src/common.h here\n";
        assert_eq!(
            String::from_utf8(names_found(text, &[&common])).expect("UTF-8"),
            "src/common.h:3:5: note: declared here\n\
            In file included from src/common.h:2:\n\
            \x1b[1msrc/common.h:7:1: \x1b[0m\n\
            fix-it:\"src/common.h\":{1:1-1:2}:\"x\"\n\
            /x/w/src/common.h:1:1: other\n\
            /w/src/common.hpp:1:1: other\n\
            see /w/src/common.h here\n"
        );
    }

    #[test]
    fn user_headers_only_keeps_what_clang_listed() {
        let restore = DepfileRestore {
            header: PathBuf::from("/c/h.hpp"),
            inputs: ["/c/h.hpp", "/inc/sycl.hpp", "/user/prelude.hpp"]
                .map(PathBuf::from)
                .to_vec(),
            user_headers_only: true,
        };
        remember_depfile(PathBuf::from("/gen/test-mmd.d"), restore);
        let clang = "out: /c/h.hpp /user/prelude.hpp /src/a.cpp /src/local.h\n".to_string();
        let restored = restore_depfile(Path::new("/gen/test-mmd.d"), clang);
        assert_eq!(
            depfile::parse_prerequisites(&restored),
            ["/src/a.cpp", "/user/prelude.hpp", "/src/local.h"]
        );
    }

    #[test]
    fn staged_files_name_their_process() {
        assert_eq!(staged_pid("sycl-pch-host-00ff.pch.1234.tmp"), Some(1234));
        assert_eq!(staged_pid("sycl-pch-host-00ff.pch.1234.tmp.d"), Some(1234));
        // clang's own temporary, left when the build is killed (29 MB at most).
        assert_eq!(
            staged_pid("sycl-pch-host-00ff.pch.24484-925b6653.tmp.tmp"),
            Some(24484)
        );
        assert_eq!(staged_pid("sycl-pch-host-00ff.pch.12x.tmp"), None);
        assert_eq!(staged_pid("sycl-pch-host-00ff.manifest"), None);
        assert_eq!(staged_pid("sycl-pch-host-00ff.pch"), None);
        assert_eq!(staged_pid("sycl-headers-00ff.ast.12.tmp"), None);
    }

    #[test]
    fn eviction_spares_recently_used_pchs() {
        let dir = tempfile::tempdir().expect("temporary test files");
        let old = SystemTime::now() - std::time::Duration::from_secs(3600);
        for (name, used) in [("a", old), ("b", old), ("c", SystemTime::now())] {
            let pch = dir.path().join(format!("{PCH_PREFIX}{name}.pch"));
            std::fs::write(pch.with_extension("manifest"), "m").expect("write");
            std::fs::File::create(&pch)
                .and_then(|f| f.set_modified(used))
                .expect("write");
        }
        evict_least_recently_used(dir.path(), 0);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                format!("{PCH_PREFIX}c.manifest"),
                format!("{PCH_PREFIX}c.pch")
            ]
        );
    }
}
