//! The only module that calls libclang. Every `unsafe` block of the crate lives here, behind
//! small safe handles: [`Index`] owns a `CXIndex`, [`TranslationUnit`] owns a parsed TU, and a
//! [`Cursor`] / [`Type`] borrows the TU it came from so it can never outlive it.

#![allow(non_upper_case_globals)] // libclang's constant names, used in match patterns

use std::ffi::{CStr, CString, OsStr};
use std::marker::PhantomData;
use std::os::raw::{c_char, c_uint, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::{Arc, OnceLock};

use clang_sys::*;

/// The loaded libclang, shared by every thread (batch mode analyses several TUs at once).
static LIBRARY: OnceLock<Result<Arc<clang_sys::SharedLibrary>, String>> = OnceLock::new();

/// Loads libclang once per process.
pub(crate) fn load() -> Result<(), String> {
    LIBRARY
        .get_or_init(|| {
            if std::env::var_os("LIBCLANG_PATH").is_none()
                && let Some(file) = newest_debian_libclang()
            {
                // clang-sys' own search stats ~15,000 paths (55 ms per run); naming the newest
                // Debian libclang file spares it that, and its checks of every candidate.
                // SAFETY: runs once, inside the OnceLock initializer; callers load libclang
                // before they start threads that could read the environment concurrently.
                unsafe { std::env::set_var("LIBCLANG_PATH", &file) };
            }
            if std::env::var_os("LIBCLANG_NOTHREADS").is_none() {
                // libclang parses on a fresh thread of its own unless told not to; the walk
                // that follows then often runs on the other core, its caches cold for the
                // freshly built AST (half the walks took 80-150 ms instead of ~60). The calling
                // thread has the stack for the parse: see `plugin::analyze`.
                // SAFETY: as above.
                unsafe { std::env::set_var("LIBCLANG_NOTHREADS", "1") };
            }
            clang_sys::load()?;
            clang_sys::get_library().ok_or_else(|| "libclang vanished after loading".to_string())
        })
        .as_ref()
        .map(|_| ())
        .map_err(Clone::clone)
}

/// The loaded library's function table. Every handle of this module descends from an
/// [`Index`], whose constructor loaded the library, so it is always there.
fn functions() -> &'static clang_sys::Functions {
    match LIBRARY.get() {
        Some(Ok(library)) => &library.functions,
        _ => unreachable!("libclang is called before `load` succeeded"),
    }
}

#[cold]
fn missing_function(name: &str) -> ! {
    panic!("the loaded libclang has no `{name}`; install libclang 19 or newer")
}

/// A libclang function, called through the shared table. clang-sys' own wrappers look the
/// library up in a thread-local on every call, which costs more than most of the calls
/// themselves (about 50 instructions, over a million calls on a large TU).
macro_rules! call {
    ($name:ident) => {
        match functions().$name {
            Some(f) => f,
            None => missing_function(stringify!($name)),
        }
    };
}

/// `/usr/lib/llvm-<N>/lib/libclang-<N>.so.<N>` (what Debian's libclang1-<N> installs) with
/// the highest N.
fn newest_debian_libclang() -> Option<PathBuf> {
    let mut versions: Vec<u32> = std::fs::read_dir("/usr/lib")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.strip_prefix("llvm-")?.parse().ok())
        .collect();
    versions.sort_unstable_by(|a, b| b.cmp(a));
    versions
        .into_iter()
        .map(|n| PathBuf::from(format!("/usr/lib/llvm-{n}/lib/libclang-{n}.so.{n}")))
        .find(|file| file.exists())
}

/// Disposes a `CXString` and returns its contents (lossy: libclang's strings are UTF-8 except
/// for file names, which go through [`File::path`]).
fn take_string(s: CXString) -> String {
    // SAFETY: `s` came from libclang and is disposed exactly once, here.
    unsafe {
        let p = call!(clang_getCString)(s);
        let out = if p.is_null() {
            String::new()
        } else {
            utf8_or_lossy(CStr::from_ptr(p).to_bytes())
        };
        call!(clang_disposeString)(s);
        out
    }
}

/// `bytes` as a `String`: validated by the standard library's fast path (libclang's strings
/// are UTF-8), replacement characters only when they are not.
fn utf8_or_lossy(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

fn take_bytes(s: CXString) -> Vec<u8> {
    // SAFETY: as in `take_string`.
    unsafe {
        let p = call!(clang_getCString)(s);
        let out = if p.is_null() {
            Vec::new()
        } else {
            CStr::from_ptr(p).to_bytes().to_vec()
        };
        call!(clang_disposeString)(s);
        out
    }
}

/// A source location of one translation unit, compared and hashed by the three fields of
/// `CXSourceLocation`, exactly what `clang_equalLocations` compares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct SourcePosition {
    source_manager: usize,
    language_options: usize,
    encoding: c_uint,
}

/// Owner of a `CXIndex`.
pub(crate) struct Index {
    raw: CXIndex,
}

impl Index {
    pub(crate) fn new() -> Result<Index, String> {
        load()?;
        // Every `clang_createIndex` registers LLVM's targets again, which is harmless once they
        // are registered but not when two threads register them at once: the registry's list
        // can then link a target to itself, and the next lookup (the device link's, in this
        // process) never ends. So indexes are made one at a time.
        static CREATING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _one_at_a_time = CREATING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Declarations from a loaded AST (Intel's headers, `header_cache`) are visited too:
        // excluding them makes libclang visit its list of parsed top-level declarations instead
        // of the translation unit's, which differs (explicit variable-template instantiations).
        // SAFETY: libclang is loaded; arguments are plain flags.
        let raw = unsafe { call!(clang_createIndex)(0, 0) };
        if raw.is_null() {
            return Err("clang_createIndex failed".into());
        }
        Ok(Index { raw })
    }

    /// Parses `file` with `args`. With `contents`, the main file is read from memory instead.
    /// `skip_function_bodies` is for parses that only need declarations: the first parse keeps
    /// bodies, since uses inside them reveal implicit template instantiations.
    pub(crate) fn parse(
        &self,
        file: &OsStr,
        args: &[std::ffi::OsString],
        contents: Option<&[u8]>,
        skip_function_bodies: bool,
    ) -> Result<TranslationUnit<'_>, ParseFailure> {
        // Declaration-only parses (the probe parse) keep going past errors the probes may
        // cause; the main parse stops at fatal errors as clang does (and labels them so).
        let options = if skip_function_bodies {
            CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing
        } else {
            CXTranslationUnit_None
        };
        self.parse_with(file, args, contents, options)
    }

    /// A parse of everything, function bodies included, that keeps going past errors, with
    /// `unsaved` files' contents in place of theirs (the expansion parse: what it looks for
    /// is in function bodies, in the source and the headers it includes).
    pub(crate) fn parse_keep_going(
        &self,
        file: &OsStr,
        args: &[std::ffi::OsString],
        unsaved: &[(&OsStr, &[u8])],
    ) -> Result<TranslationUnit<'_>, ParseFailure> {
        self.parse_unsaved(file, args, unsaved, CXTranslationUnit_KeepGoing)
    }

    fn parse_with(
        &self,
        file: &OsStr,
        args: &[std::ffi::OsString],
        contents: Option<&[u8]>,
        options: CXTranslationUnit_Flags,
    ) -> Result<TranslationUnit<'_>, ParseFailure> {
        let unsaved: Vec<(&OsStr, &[u8])> = contents.map(|c| (file, c)).into_iter().collect();
        self.parse_unsaved(file, args, &unsaved, options)
    }

    fn parse_unsaved(
        &self,
        file: &OsStr,
        args: &[std::ffi::OsString],
        unsaved: &[(&OsStr, &[u8])],
        options: CXTranslationUnit_Flags,
    ) -> Result<TranslationUnit<'_>, ParseFailure> {
        let c_file = CString::new(file.as_bytes()).map_err(|_| ParseFailure::NulInArgument)?;
        let c_args = args
            .iter()
            .map(|a| CString::new(a.as_bytes()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| ParseFailure::NulInArgument)?;
        let arg_ptrs: Vec<*const c_char> = c_args.iter().map(|a| a.as_ptr()).collect();
        let mut tu: CXTranslationUnit = ptr::null_mut();
        let c_names = unsaved
            .iter()
            .map(|(name, _)| CString::new(name.as_bytes()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| ParseFailure::NulInArgument)?;
        let mut unsaved: Vec<CXUnsavedFile> = unsaved
            .iter()
            .zip(&c_names)
            .map(|((_, bytes), name)| CXUnsavedFile {
                Filename: name.as_ptr(),
                Contents: bytes.as_ptr() as *const c_char,
                Length: bytes.len() as _,
            })
            .collect();
        // SAFETY: all pointers (file names, arguments, unsaved contents) stay valid for the
        // duration of the call; `tu` is an out pointer.
        let code = unsafe {
            call!(clang_parseTranslationUnit2)(
                self.raw,
                c_file.as_ptr(),
                arg_ptrs.as_ptr(),
                arg_ptrs.len() as i32,
                unsaved.as_mut_ptr(),
                unsaved.len() as c_uint,
                options,
                &mut tu,
            )
        };
        if code != CXError_Success || tu.is_null() {
            return Err(ParseFailure::Libclang(code));
        }
        Ok(TranslationUnit {
            raw: tu,
            _index: PhantomData,
        })
    }
}

impl Index {
    /// Parses a header, with function bodies skipped if `skip_bodies` (declarations,
    /// constexpr and deduced-return bodies stay: clang never skips those), and saves its AST
    /// to `out`, which later parses load with `-include-pch`. Errors in the header are
    /// reported, not saved.
    pub(crate) fn save_header_ast(
        &self,
        header: &Path,
        args: &[std::ffi::OsString],
        out: &Path,
        skip_bodies: bool,
    ) -> Result<(), String> {
        let skip = if skip_bodies {
            CXTranslationUnit_SkipFunctionBodies
        } else {
            0
        };
        let options = skip | CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization;
        let tu = self
            .parse_with(header.as_os_str(), args, None, options)
            .map_err(|f| format!("{f:?}"))?;
        if let Some(error) = tu
            .diagnostics()
            .into_iter()
            .find(|d| d.severity >= Severity::Error)
        {
            return Err(error.text);
        }
        let c_out =
            CString::new(out.as_os_str().as_bytes()).map_err(|_| "NUL in a path".to_string())?;
        // SAFETY: the TU is alive; the path is a valid C string for the call.
        let code = unsafe {
            call!(clang_saveTranslationUnit)(tu.raw, c_out.as_ptr(), CXSaveTranslationUnit_None)
        };
        if code != CXSaveError_None {
            return Err(format!("libclang could not save the AST (error {code})"));
        }
        Ok(())
    }

    /// The spellings of the first `n` tokens of `file` (comments are not tokens), from a parse
    /// of that file alone (its includes are not entered), so it costs next to nothing.
    pub(crate) fn leading_tokens(
        &self,
        file: &OsStr,
        args: &[std::ffi::OsString],
        n: usize,
    ) -> Vec<String> {
        let options = CXTranslationUnit_SingleFileParse
            | CXTranslationUnit_SkipFunctionBodies
            | CXTranslationUnit_KeepGoing;
        let Ok(tu) = self.parse_with(file, args, None, options) else {
            return Vec::new();
        };
        let Ok(c_file) = CString::new(file.as_bytes()) else {
            return Vec::new();
        };
        // SAFETY: the TU is alive; the range lies within the file's contents.
        unsafe {
            let handle = call!(clang_getFile)(tu.raw, c_file.as_ptr());
            if handle.is_null() {
                return Vec::new();
            }
            let mut size: usize = 0;
            call!(clang_getFileContents)(tu.raw, handle, &mut size);
            // Enough for the tokens asked for, however much comment comes first, is not
            // knowable; a prefix of the file keeps tokenizing cheap for large sources.
            let end = size.min(64 * 1024) as c_uint;
            let range = call!(clang_getRange)(
                call!(clang_getLocationForOffset)(tu.raw, handle, 0),
                call!(clang_getLocationForOffset)(tu.raw, handle, end),
            );
            token_spellings(tu.raw, range, n, false)
        }
    }
}

impl Index {
    /// Every token of `file` (given as `contents`) with its byte range in the file, from a
    /// parse of that file alone (includes are not entered); comments are not tokens.
    pub(crate) fn file_tokens(
        &self,
        file: &OsStr,
        contents: &[u8],
        args: &[std::ffi::OsString],
    ) -> Result<Vec<(String, std::ops::Range<usize>)>, ParseFailure> {
        let options = CXTranslationUnit_SingleFileParse
            | CXTranslationUnit_SkipFunctionBodies
            | CXTranslationUnit_KeepGoing;
        let tu = self.parse_with(file, args, Some(contents), options)?;
        let c_file = CString::new(file.as_bytes()).map_err(|_| ParseFailure::NulInArgument)?;
        // SAFETY: the TU is alive; the range is the file's whole contents; tokens are
        // disposed with the TU they came from and indices stay below `count`.
        unsafe {
            let handle = call!(clang_getFile)(tu.raw, c_file.as_ptr());
            if handle.is_null() {
                return Ok(Vec::new());
            }
            let mut size: usize = 0;
            call!(clang_getFileContents)(tu.raw, handle, &mut size);
            let end = c_uint::try_from(size).unwrap_or(c_uint::MAX);
            let range = call!(clang_getRange)(
                call!(clang_getLocationForOffset)(tu.raw, handle, 0),
                call!(clang_getLocationForOffset)(tu.raw, handle, end),
            );
            let mut tokens: *mut CXToken = ptr::null_mut();
            let mut count: c_uint = 0;
            call!(clang_tokenize)(tu.raw, range, &mut tokens, &mut count);
            if tokens.is_null() {
                return Ok(Vec::new());
            }
            let offset = |loc: CXSourceLocation| {
                let mut offset: c_uint = 0;
                let (mut f, mut line, mut column) = (ptr::null_mut(), 0, 0);
                call!(clang_getSpellingLocation)(loc, &mut f, &mut line, &mut column, &mut offset);
                offset as usize
            };
            let out = (0..count as usize)
                .map(|i| *tokens.add(i))
                .filter(|&t| call!(clang_getTokenKind)(t) != CXToken_Comment)
                .map(|t| {
                    let extent = call!(clang_getTokenExtent)(tu.raw, t);
                    let start = offset(call!(clang_getRangeStart)(extent));
                    let end = offset(call!(clang_getRangeEnd)(extent));
                    (
                        take_string(call!(clang_getTokenSpelling)(tu.raw, t)),
                        start..end,
                    )
                })
                .collect();
            call!(clang_disposeTokens)(tu.raw, tokens, count);
            Ok(out)
        }
    }
}

/// Runs `f` over the tokens in `range` of `tu` (empty when libclang gives none), then disposes
/// of them.
///
/// # Safety
/// `tu` is alive and `range` belongs to it; `f` must not keep the tokens.
unsafe fn with_tokens<R>(
    tu: CXTranslationUnit,
    range: CXSourceRange,
    f: impl FnOnce(&[CXToken]) -> R,
) -> R {
    // SAFETY: per the contract; the slice covers the `count` tokens libclang wrote, and they
    // are disposed with the TU they came from once `f` is done.
    unsafe {
        let mut tokens: *mut CXToken = ptr::null_mut();
        let mut count: c_uint = 0;
        call!(clang_tokenize)(tu, range, &mut tokens, &mut count);
        if tokens.is_null() {
            return f(&[]);
        }
        let out = f(std::slice::from_raw_parts(tokens, count as usize));
        call!(clang_disposeTokens)(tu, tokens, count);
        out
    }
}

/// The spellings of the first `n` tokens in `range` of `tu`; comment tokens count only with
/// `comments`.
///
/// # Safety
/// `tu` is alive and `range` belongs to it.
unsafe fn token_spellings(
    tu: CXTranslationUnit,
    range: CXSourceRange,
    n: usize,
    comments: bool,
) -> Vec<String> {
    // SAFETY: per the contract; each token is one of `tu`'s, read while alive.
    unsafe {
        with_tokens(tu, range, |tokens| {
            tokens
                .iter()
                .copied()
                .filter(|&t| comments || call!(clang_getTokenKind)(t) != CXToken_Comment)
                .take(n)
                .map(|t| take_string(call!(clang_getTokenSpelling)(tu, t)))
                .collect()
        })
    }
}

/// A token's spelling and where it is.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) spelling: String,
    pub(crate) location: Location,
    /// Where it starts in the file read (bytes), whatever line markers say.
    pub(crate) offset: usize,
    /// An identifier (a keyword is not): a name, or a macro the tokens do not expand.
    pub(crate) identifier: bool,
}

/// Where `loc` is after macro expansion (where a macro is used, for a location inside its
/// expansion): the file (null for none) and the byte offset in it.
///
/// # Safety
/// `loc` must be a location of a translation unit that is alive.
unsafe fn expansion_point(loc: CXSourceLocation) -> (CXFile, c_uint) {
    let mut file: CXFile = ptr::null_mut();
    let (mut line, mut column, mut offset) = (0, 0, 0);
    // SAFETY: per the contract; the out pointers are locals.
    unsafe {
        call!(clang_getExpansionLocation)(loc, &mut file, &mut line, &mut column, &mut offset);
    }
    (file, offset)
}

/// The tokens in `range` of `tu`, comments left out, each where it is as line markers present
/// it (tokens are never in macros: this is where they are spelled).
///
/// # Safety
/// `tu` is alive and `range` belongs to it.
unsafe fn located_tokens(tu: CXTranslationUnit, range: CXSourceRange) -> Vec<Token> {
    // SAFETY: per the contract; each token is one of `tu`'s, read while alive, and the out
    // pointers are locals.
    unsafe {
        with_tokens(tu, range, |tokens| {
            tokens
                .iter()
                .copied()
                .filter(|&t| call!(clang_getTokenKind)(t) != CXToken_Comment)
                .map(|t| {
                    let loc = call!(clang_getTokenLocation)(tu, t);
                    let mut file: CXFile = ptr::null_mut();
                    let (mut line, mut column, mut offset) = (0, 0, 0);
                    call!(clang_getSpellingLocation)(
                        loc,
                        &mut file,
                        &mut line,
                        &mut column,
                        &mut offset,
                    );
                    let spelled = Location {
                        file: cached_file_path(file),
                        line,
                        column,
                    };
                    Token {
                        spelling: take_string(call!(clang_getTokenSpelling)(tu, t)),
                        location: presumed(loc, spelled),
                        offset: offset as usize,
                        identifier: call!(clang_getTokenKind)(t) == CXToken_Identifier,
                    }
                })
                .collect()
        })
    }
}

/// libclang's version string (e.g. "Debian clang version 22.1.8"): part of cache keys.
pub(crate) fn clang_version() -> String {
    if load().is_err() {
        return String::new();
    }
    // SAFETY: a plain query; the string is disposed by take_string.
    unsafe { take_string(call!(clang_getClangVersion)()) }
}

impl Drop for Index {
    fn drop(&mut self) {
        // SAFETY: created by clang_createIndex, disposed once; TUs borrow the index.
        unsafe { call!(clang_disposeIndex)(self.raw) }
    }
}

/// Why libclang produced no translation unit at all.
#[derive(Debug)]
pub(crate) enum ParseFailure {
    NulInArgument,
    Libclang(CXErrorCode),
}

/// Owner of a parsed translation unit.
pub(crate) struct TranslationUnit<'idx> {
    raw: CXTranslationUnit,
    _index: PhantomData<&'idx Index>,
}

/// A diagnostic, already formatted clang-style (`file:line:col: error: message`).
pub(crate) struct Diagnostic {
    pub(crate) severity: Severity,
    pub(crate) text: String,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Severity {
    Ignored,
    Note,
    Warning,
    Error,
    Fatal,
}

impl<'idx> TranslationUnit<'idx> {
    pub(crate) fn cursor(&self) -> Cursor<'_> {
        // SAFETY: the TU is alive for the borrow.
        Cursor::new(unsafe { call!(clang_getTranslationUnitCursor)(self.raw) })
    }

    pub(crate) fn diagnostics(&self) -> Vec<Diagnostic> {
        // SAFETY: indices are within clang_getNumDiagnostics; each diagnostic is disposed.
        unsafe {
            let n = call!(clang_getNumDiagnostics)(self.raw);
            let mut out = Vec::with_capacity(n as usize);
            for i in 0..n {
                let d = call!(clang_getDiagnostic)(self.raw, i);
                let severity = match call!(clang_getDiagnosticSeverity)(d) {
                    CXDiagnostic_Note => Severity::Note,
                    CXDiagnostic_Warning => Severity::Warning,
                    CXDiagnostic_Error => Severity::Error,
                    CXDiagnostic_Fatal => Severity::Fatal,
                    _ => Severity::Ignored,
                };
                let opts = CXDiagnostic_DisplaySourceLocation
                    | CXDiagnostic_DisplayColumn
                    | CXDiagnostic_DisplayOption;
                let mut text = take_string(call!(clang_formatDiagnostic)(d, opts));
                // libclang labels fatal errors plain "error"; clang prints "fatal error".
                if severity == Severity::Fatal
                    && let Some(at) = text.find(": error: ")
                {
                    text.replace_range(at..at + 9, ": fatal error: ");
                }
                call!(clang_disposeDiagnostic)(d);
                out.push(Diagnostic { severity, text });
            }
            out
        }
    }

    /// The string literal that starts at byte `offset` of `file`, as clang prints it (quoted,
    /// escaped, concatenated literals as one); `None` when no string literal starts there.
    pub(crate) fn string_literal_at(&self, file: &OsStr, offset: usize) -> Option<String> {
        let c_file = CString::new(file.as_bytes()).ok()?;
        let offset = c_uint::try_from(offset).ok()?;
        // SAFETY: the TU is alive; the file handle is checked; the cursor is read while the
        // TU is alive.
        unsafe {
            let handle = call!(clang_getFile)(self.raw, c_file.as_ptr());
            if handle.is_null() {
                return None;
            }
            let at = call!(clang_getLocationForOffset)(self.raw, handle, offset);
            let cursor = Cursor::checked(call!(clang_getCursor)(self.raw, at))?;
            (cursor.kind() == CXCursor_StringLiteral).then(|| cursor.spelling())
        }
    }

    /// The value clang computes for the initializer of the enumerator whose name starts at
    /// byte `offset` of `file`, as an integer constant expression; `None` when no enumerator
    /// is there, it has no initializer (it did not parse) or the initializer is no constant.
    pub(crate) fn enumerator_initializer_at(&self, file: &OsStr, offset: usize) -> Option<i128> {
        let c_file = CString::new(file.as_bytes()).ok()?;
        let offset = c_uint::try_from(offset).ok()?;
        // SAFETY: the TU is alive; the file handle is checked; the cursors are read while the
        // TU is alive.
        let enumerator = unsafe {
            let handle = call!(clang_getFile)(self.raw, c_file.as_ptr());
            if handle.is_null() {
                return None;
            }
            let at = call!(clang_getLocationForOffset)(self.raw, handle, offset);
            Cursor::checked(call!(clang_getCursor)(self.raw, at))?
        };
        // In a lambda in a template libclang stops at the declaration statement: the
        // enumerator is looked for under it.
        let mut pending = vec![enumerator];
        while let Some(c) = pending.pop() {
            if c.kind() == CXCursor_EnumConstantDecl && c.offsets().location == offset as usize {
                return c.children().first()?.evaluated_integer();
            }
            if matches!(c.kind(), CXCursor_DeclStmt | CXCursor_EnumDecl) {
                pending.extend(c.children());
            }
        }
        None
    }

    /// Every file the preprocessor entered, in inclusion order, the main file first.
    pub(crate) fn included_files(&self) -> Vec<PathBuf> {
        extern "C" fn visit(
            file: CXFile,
            _stack: *mut CXSourceLocation,
            _len: c_uint,
            data: CXClientData,
        ) {
            // SAFETY: `data` is the Vec passed below; `file` is valid during the callback.
            let files = unsafe { &mut *(data as *mut Vec<PathBuf>) };
            if let Some(p) = file_path(file) {
                files.push(p);
            }
        }
        let mut files: Vec<PathBuf> = Vec::new();
        // SAFETY: the callback only touches `files`, which outlives the call.
        unsafe {
            call!(clang_getInclusions)(
                self.raw,
                visit,
                &mut files as *mut Vec<PathBuf> as *mut c_void,
            )
        };
        files
    }
}

impl Drop for TranslationUnit<'_> {
    fn drop(&mut self) {
        FILE_NAMES.with(|names| names.borrow_mut().clear());
        // SAFETY: created by clang_parseTranslationUnit2, disposed once.
        unsafe { call!(clang_disposeTranslationUnit)(self.raw) }
    }
}

thread_local! {
    /// File handle → name. Handles are unique while their TU lives; every TU drop clears the
    /// map, so a handle reused by a later TU is never looked up stale.
    static FILE_NAMES: std::cell::RefCell<std::collections::HashMap<usize, Option<PathBuf>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Where `loc` is as `#line` directives and line markers present it (clang's presumed location:
/// that of the expansion, for a location in a macro), or `physical` (where it is in the file
/// read, whose path is kept when the markers name the same file) when nothing is presumed.
///
/// # Safety
/// `loc` belongs to a live translation unit.
unsafe fn presumed(loc: CXSourceLocation, physical: Location) -> Location {
    let mut name = CXString::default();
    let (mut line, mut column) = (0, 0);
    // SAFETY: per the contract; out pointers are locals; the name is a CXString owned here and
    // disposed by `take_bytes`.
    unsafe { call!(clang_getPresumedLocation)(loc, &mut name, &mut line, &mut column) };
    let name = take_bytes(name);
    if name.is_empty() || line == 0 {
        return physical;
    }
    let presumed = PathBuf::from(OsStr::from_bytes(&name));
    Location {
        file: if physical.file.as_deref() == Some(presumed.as_path()) {
            physical.file
        } else {
            Some(presumed)
        },
        line,
        column,
    }
}

/// `file_path` memoised per file handle: every declaration of a file asks for the same name.
fn cached_file_path(file: CXFile) -> Option<PathBuf> {
    FILE_NAMES.with(|names| {
        names
            .borrow_mut()
            .entry(file as usize)
            .or_insert_with(|| file_path(file))
            .clone()
    })
}

fn file_path(file: CXFile) -> Option<PathBuf> {
    if file.is_null() {
        return None;
    }
    // SAFETY: non-null file handle from libclang.
    let bytes = take_bytes(unsafe { call!(clang_getFileName)(file) });
    if bytes.is_empty() {
        return None;
    }
    Some(PathBuf::from(OsStr::from_bytes(&bytes)))
}

/// What a visitor callback tells the walk to do next.
pub(crate) enum Walk {
    Break,
    Continue,
    Recurse,
}

/// A source position: file, 1-based line and column.
#[derive(Clone, Debug, Default)]
pub(crate) struct Location {
    pub(crate) file: Option<PathBuf>,
    pub(crate) line: u32,
    pub(crate) column: u32,
}

/// Where a cursor is, as byte offsets in the file it is spelled in ([`Cursor::offsets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CursorOffsets {
    pub(crate) location: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// A cursor into a translation unit; cannot outlive it.
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'tu> {
    raw: CXCursor,
    _tu: PhantomData<&'tu ()>,
}

impl PartialEq for Cursor<'_> {
    fn eq(&self, other: &Self) -> bool {
        let equal = self.identity() == other.identity();
        debug_assert_eq!(
            equal,
            // SAFETY: both cursors are valid values.
            unsafe { call!(clang_equalCursors)(self.raw, other.raw) != 0 },
            "cursor identity disagrees with clang_equalCursors"
        );
        equal
    }
}

/// What makes two cursors equal, as plain data for hash maps: the rule of
/// `clang_equalCursors` (kind and the three data words; for declarations the second word, a
/// "first in declaration group" flag that libclang sets inconsistently, does not count).
/// Computed from the public `CXCursor` struct, so maps keyed by cursors make no libclang call.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct CursorIdentity {
    kind: CXCursorKind,
    data: [usize; 3],
}

impl std::hash::Hash for CursorIdentity {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Word by word (a derived hash would feed the array as bytes).
        state.write_u32(self.kind as u32);
        for word in self.data {
            state.write_usize(word);
        }
    }
}

impl<'tu> Cursor<'tu> {
    fn new(raw: CXCursor) -> Self {
        Cursor {
            raw,
            _tu: PhantomData,
        }
    }

    /// `None` for null/invalid cursors, so callers never hold one. Reads the kind field of
    /// the public `CXCursor` struct: `clang_getNullCursor()` has kind `CXCursor_InvalidFile`,
    /// so the invalid-kind range (`InvalidFile..=InvalidCode`) covers null cursors too: the
    /// answer of `clang_Cursor_isNull` and `clang_isInvalid`, without two calls per cursor.
    fn checked(raw: CXCursor) -> Option<Self> {
        if (CXCursor_InvalidFile..=CXCursor_InvalidCode).contains(&raw.kind) {
            None
        } else {
            Some(Cursor::new(raw))
        }
    }

    /// Equal cursors (by `clang_equalCursors`) have equal identities, and only they do.
    pub(crate) fn identity(&self) -> CursorIdentity {
        let [first, group, third] = self.raw.data.map(|word| word as usize);
        CursorIdentity {
            kind: self.raw.kind,
            data: [first, if self.is_declaration() { 0 } else { group }, third],
        }
    }

    /// The kind field of the public `CXCursor` struct (what `clang_getCursorKind` returns).
    pub(crate) fn kind(&self) -> CXCursorKind {
        self.raw.kind
    }

    pub(crate) fn is_declaration(&self) -> bool {
        /// Cursor kinds are small numbers (below 1,000 in every libclang so far); their answers
        /// are asked once, as every cursor identity needs one.
        static DECLARATION_KINDS: OnceLock<Vec<bool>> = OnceLock::new();
        const TABLE_SIZE: CXCursorKind = 1024;
        fn ask(kind: CXCursorKind) -> bool {
            // SAFETY: plain query about a kind number.
            unsafe { call!(clang_isDeclaration)(kind) != 0 }
        }
        let kind = self.kind();
        match usize::try_from(kind) {
            Ok(index) if kind < TABLE_SIZE => {
                DECLARATION_KINDS.get_or_init(|| (0..TABLE_SIZE).map(ask).collect())[index]
            }
            _ => ask(kind),
        }
    }

    pub(crate) fn spelling(&self) -> String {
        // SAFETY: valid cursor.
        take_string(unsafe { call!(clang_getCursorSpelling)(self.raw) })
    }

    /// Calls `f` with the spelling's bytes, without allocating a `String`.
    pub(crate) fn with_spelling<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        // SAFETY: the CXString is read while alive and disposed exactly once.
        unsafe {
            let s = call!(clang_getCursorSpelling)(self.raw);
            let p = call!(clang_getCString)(s);
            let bytes: &[u8] = if p.is_null() {
                &[]
            } else {
                CStr::from_ptr(p).to_bytes()
            };
            let out = f(bytes);
            call!(clang_disposeString)(s);
            out
        }
    }

    pub(crate) fn display_name(&self) -> String {
        // SAFETY: valid cursor.
        take_string(unsafe { call!(clang_getCursorDisplayName)(self.raw) })
    }

    pub(crate) fn usr(&self) -> String {
        // SAFETY: valid cursor.
        take_string(unsafe { call!(clang_getCursorUSR)(self.raw) })
    }

    pub(crate) fn mangling(&self) -> String {
        // SAFETY: valid cursor.
        take_string(unsafe { call!(clang_Cursor_getMangling)(self.raw) })
    }

    pub(crate) fn linkage(&self) -> CXLinkageKind {
        // SAFETY: valid cursor.
        unsafe { call!(clang_getCursorLinkage)(self.raw) }
    }

    pub(crate) fn semantic_parent(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        Cursor::checked(unsafe { call!(clang_getCursorSemanticParent)(self.raw) })
    }

    pub(crate) fn lexical_parent(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        Cursor::checked(unsafe { call!(clang_getCursorLexicalParent)(self.raw) })
    }

    pub(crate) fn canonical(&self) -> Cursor<'tu> {
        // SAFETY: valid cursor.
        Cursor::new(unsafe { call!(clang_getCanonicalCursor)(self.raw) })
    }

    pub(crate) fn referenced(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        Cursor::checked(unsafe { call!(clang_getCursorReferenced)(self.raw) })
    }

    /// Whether this is a `.*` or `->*` expression.
    pub(crate) fn is_pointer_to_member_operator(&self) -> bool {
        // SAFETY: valid cursor; libclang answers "invalid" for a cursor that is no operator.
        let kind = unsafe { call!(clang_getCursorBinaryOperatorKind)(self.raw) };
        matches!(
            kind,
            clang_sys::CXBinaryOperator_PtrMemD | clang_sys::CXBinaryOperator_PtrMemI
        )
    }

    pub(crate) fn definition(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        Cursor::checked(unsafe { call!(clang_getCursorDefinition)(self.raw) })
    }

    pub(crate) fn is_attribute(&self) -> bool {
        // SAFETY: plain query.
        unsafe { call!(clang_isAttribute)(self.kind()) != 0 }
    }

    pub(crate) fn is_in_system_header(&self) -> bool {
        // SAFETY: valid cursor; the location is a plain value.
        unsafe {
            call!(clang_Location_isInSystemHeader)(call!(clang_getCursorLocation)(self.raw)) != 0
        }
    }

    pub(crate) fn is_definition(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { call!(clang_isCursorDefinition)(self.raw) != 0 }
    }

    /// Where the cursor's extent starts, as an opaque, comparable position.
    pub(crate) fn extent_start(&self) -> SourcePosition {
        // SAFETY: valid cursor; plain value queries.
        let start = unsafe { call!(clang_getRangeStart)(call!(clang_getCursorExtent)(self.raw)) };
        SourcePosition {
            source_manager: start.ptr_data[0] as usize,
            language_options: start.ptr_data[1] as usize,
            encoding: start.int_data,
        }
    }

    /// Spellings of the first `n` tokens of the cursor's extent.
    pub(crate) fn leading_tokens(&self, n: usize) -> Vec<String> {
        // SAFETY: the cursor is valid, so its TU and extent are.
        unsafe {
            let tu = call!(clang_Cursor_getTranslationUnit)(self.raw);
            token_spellings(tu, call!(clang_getCursorExtent)(self.raw), n, true)
        }
    }

    /// The tokens of the cursor's extent, with where each is spelled.
    pub(crate) fn extent_tokens(&self) -> Vec<Token> {
        // SAFETY: the cursor is valid, so its TU and extent are.
        unsafe {
            let tu = call!(clang_Cursor_getTranslationUnit)(self.raw);
            located_tokens(tu, call!(clang_getCursorExtent)(self.raw))
        }
    }

    /// The tokens from the start of the cursor's extent to the end of `last`'s (one construct
    /// libclang shows in pieces: a lambda's closure class starts at its introducer, its
    /// `operator()` ends with the body).
    pub(crate) fn extent_tokens_through(&self, last: Cursor<'tu>) -> Vec<Token> {
        // SAFETY: both cursors are valid and of one TU, so are their extents' ends.
        unsafe {
            let tu = call!(clang_Cursor_getTranslationUnit)(self.raw);
            let start = call!(clang_getRangeStart)(call!(clang_getCursorExtent)(self.raw));
            let end = call!(clang_getRangeEnd)(call!(clang_getCursorExtent)(last.raw));
            located_tokens(tu, call!(clang_getRange)(start, end))
        }
    }

    /// The tokens of the cursor's extent as written where it is used: from the start of the
    /// macro use when the extent starts inside a macro's expansion (a declaration whose first
    /// attribute comes from a macro starts where the macro spells it), not from the macro's
    /// definition.
    pub(crate) fn written_extent_tokens(&self) -> Vec<Token> {
        // SAFETY: the cursor is valid, so its TU and extent are; out pointers are locals; the
        // new range's ends are locations of the same TU.
        unsafe {
            let tu = call!(clang_Cursor_getTranslationUnit)(self.raw);
            let extent = call!(clang_getCursorExtent)(self.raw);
            let (file, offset) = expansion_point(call!(clang_getRangeStart)(extent));
            if file.is_null() {
                return located_tokens(tu, extent);
            }
            let start = call!(clang_getLocationForOffset)(tu, file, offset);
            let range = call!(clang_getRange)(start, call!(clang_getRangeEnd)(extent));
            located_tokens(tu, range)
        }
    }

    /// Where a declaration is written: the file its extent starts in (where a macro is used,
    /// when it starts in one), the byte offset of that start and of its name; `None` when the
    /// name is spelt elsewhere (in a macro's definition).
    pub(crate) fn declaration_span(&self) -> Option<DeclarationSpan> {
        // SAFETY: the cursor is valid, so its extent and location are; out pointers are
        // locals.
        unsafe {
            let extent = call!(clang_getCursorExtent)(self.raw);
            let (file, start) = expansion_point(call!(clang_getRangeStart)(extent));
            let (name_file, name) = expansion_point(call!(clang_getCursorLocation)(self.raw));
            if file.is_null() || call!(clang_File_isEqual)(file, name_file) == 0 || name < start {
                return None;
            }
            Some(DeclarationSpan {
                file: file_path(file)?,
                start: start as usize,
                name: name as usize,
            })
        }
    }

    /// Every token of the file [`Self::declaration_span`] names, when its text contains
    /// `needle` (most files do not: nothing is tokenized then).
    pub(crate) fn file_tokens_mentioning(&self, needle: &[u8]) -> Option<Vec<Token>> {
        // SAFETY: the cursor is valid, so its TU and extent are; the contents are read while
        // the TU is alive, within the size libclang gives; the range lies within the file.
        unsafe {
            let tu = call!(clang_Cursor_getTranslationUnit)(self.raw);
            let start = call!(clang_getRangeStart)(call!(clang_getCursorExtent)(self.raw));
            let (file, _) = expansion_point(start);
            if file.is_null() {
                return None;
            }
            let mut size: usize = 0;
            let contents = call!(clang_getFileContents)(tu, file, &mut size);
            if contents.is_null() {
                return None;
            }
            let text = std::slice::from_raw_parts(contents.cast::<u8>(), size);
            if !text.windows(needle.len()).any(|w| w == needle) {
                return None;
            }
            let end = c_uint::try_from(size).ok()?;
            let range = call!(clang_getRange)(
                call!(clang_getLocationForOffset)(tu, file, 0),
                call!(clang_getLocationForOffset)(tu, file, end),
            );
            Some(located_tokens(tu, range))
        }
    }

    /// The first declaration an overloaded reference (a call not resolved in a template
    /// pattern) may mean.
    pub(crate) fn first_overloaded_decl(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor; index 0 is checked against the count.
        unsafe {
            if call!(clang_getNumOverloadedDecls)(self.raw) == 0 {
                return None;
            }
            Cursor::checked(call!(clang_getOverloadedDecl)(self.raw, 0))
        }
    }

    pub(crate) fn specialized_template(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor.
        Cursor::checked(unsafe { call!(clang_getSpecializedCursorTemplate)(self.raw) })
    }

    pub(crate) fn ty(&self) -> Type<'tu> {
        // SAFETY: valid cursor.
        Type::new(unsafe { call!(clang_getCursorType)(self.raw) })
    }

    pub(crate) fn is_anonymous(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { call!(clang_Cursor_isAnonymous)(self.raw) != 0 }
    }

    /// For an enumeration: whether it is scoped (`enum class`).
    pub(crate) fn is_scoped_enum(&self) -> bool {
        // SAFETY: valid cursor; libclang answers 0 for anything but a scoped enum.
        unsafe { call!(clang_EnumDecl_isScoped)(self.raw) != 0 }
    }

    /// For an enumerator of `enumeration`: its value, read as its underlying type is signed.
    pub(crate) fn enumerator_value(&self, enumeration: Cursor<'tu>) -> i128 {
        // SAFETY: valid cursors; libclang reads the enumerator's value.
        unsafe {
            let underlying = Type::new(call!(clang_getEnumDeclIntegerType)(enumeration.raw));
            if underlying.canonical().is_unsigned_integer() {
                i128::from(call!(clang_getEnumConstantDeclUnsignedValue)(self.raw))
            } else {
                i128::from(call!(clang_getEnumConstantDeclValue)(self.raw))
            }
        }
    }

    pub(crate) fn is_inline_namespace(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { call!(clang_Cursor_isInlineNamespace)(self.raw) != 0 }
    }

    pub(crate) fn has_external_storage(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { call!(clang_Cursor_hasVarDeclExternalStorage)(self.raw) == 1 }
    }

    /// Whether clang can evaluate the variable's initializer at compile time (`const int n =
    /// 4 * 8;`, a constexpr constructor, an aggregate of constants): libclang's evaluation
    /// of the declaration, which fails for initializers that run code (`= compute()`).
    pub(crate) fn has_constant_initializer(&self) -> bool {
        // SAFETY: valid cursor; the result is null or an evaluation result owned here and
        // disposed at once.
        unsafe {
            let result = call!(clang_Cursor_Evaluate)(self.raw);
            if result.is_null() {
                return false;
            }
            call!(clang_EvalResult_dispose)(result);
            true
        }
    }

    /// The value of the expression when clang can compute it at compile time as an integer
    /// (a `bool` is 0 or 1): an `if constexpr` condition, a constant.
    pub(crate) fn integer_value(&self) -> Option<i64> {
        // SAFETY: valid cursor; the result is null or an evaluation result owned here, read
        // and disposed before returning.
        unsafe {
            let result = call!(clang_Cursor_Evaluate)(self.raw);
            if result.is_null() {
                return None;
            }
            let value = (call!(clang_EvalResult_getKind)(result) == CXEval_Int)
                .then(|| call!(clang_EvalResult_getAsLongLong)(result));
            call!(clang_EvalResult_dispose)(result);
            value
        }
    }

    /// The expression's value as clang evaluates it, when it is an integer constant (signed
    /// or unsigned, as its type says).
    pub(crate) fn evaluated_integer(&self) -> Option<i128> {
        // SAFETY: valid cursor; the result is null or an evaluation result owned here, read
        // and disposed before returning.
        unsafe {
            let result = call!(clang_Cursor_Evaluate)(self.raw);
            if result.is_null() {
                return None;
            }
            let value = (call!(clang_EvalResult_getKind)(result) == CXEval_Int).then(|| {
                if call!(clang_EvalResult_isUnsignedInt)(result) != 0 {
                    i128::from(call!(clang_EvalResult_getAsUnsigned)(result))
                } else {
                    i128::from(call!(clang_EvalResult_getAsLongLong)(result))
                }
            });
            call!(clang_EvalResult_dispose)(result);
            value
        }
    }

    /// Byte offsets in the file the cursor is spelled in of its location (a declaration's or
    /// reference's name), its extent's start and its extent's end; comparable with
    /// [`Token::offset`] and between cursors of one file.
    pub(crate) fn offsets(&self) -> CursorOffsets {
        let offset_of = |loc: CXSourceLocation| {
            let mut file: CXFile = ptr::null_mut();
            let (mut line, mut column, mut offset) = (0, 0, 0);
            // SAFETY: a location of a valid cursor; out pointers are locals.
            unsafe {
                call!(clang_getSpellingLocation)(
                    loc,
                    &mut file,
                    &mut line,
                    &mut column,
                    &mut offset,
                )
            };
            offset as usize
        };
        // SAFETY: valid cursor; plain value queries.
        let (location, extent) = unsafe {
            (
                call!(clang_getCursorLocation)(self.raw),
                call!(clang_getCursorExtent)(self.raw),
            )
        };
        // SAFETY: the extent of a valid cursor.
        let (start, end) = unsafe {
            (
                call!(clang_getRangeStart)(extent),
                call!(clang_getRangeEnd)(extent),
            )
        };
        CursorOffsets {
            location: offset_of(location),
            start: offset_of(start),
            end: offset_of(end),
        }
    }

    pub(crate) fn has_global_storage(&self) -> bool {
        // SAFETY: valid cursor.
        unsafe { call!(clang_Cursor_hasVarDeclGlobalStorage)(self.raw) == 1 }
    }

    /// A virtual member function (declared `virtual` or overriding one).
    pub(crate) fn is_virtual_method(&self) -> bool {
        // SAFETY: valid cursor; libclang answers 0 for cursors that are not methods.
        unsafe { call!(clang_CXXMethod_isVirtual)(self.raw) != 0 }
    }

    /// A variable declared `thread_local` (or `__thread`).
    pub(crate) fn is_thread_local(&self) -> bool {
        // SAFETY: valid cursor; libclang answers "none" for cursors that are not variables.
        unsafe { call!(clang_getCursorTLSKind)(self.raw) != CXTLS_None }
    }

    pub(crate) fn num_arguments(&self) -> i32 {
        // SAFETY: valid cursor.
        unsafe { call!(clang_Cursor_getNumArguments)(self.raw) }
    }

    pub(crate) fn argument(&self, i: u32) -> Option<Cursor<'tu>> {
        // SAFETY: valid cursor; libclang range-checks the index.
        Cursor::checked(unsafe { call!(clang_Cursor_getArgument)(self.raw, i) })
    }

    /// Kind, type (for type arguments) and value (for integral ones) of template argument `i`
    /// of a class template specialization or function template specialization.
    pub(crate) fn template_argument(&self, i: u32) -> TemplateArgument<'tu> {
        // SAFETY: valid cursor; libclang range-checks the index.
        unsafe {
            match call!(clang_Cursor_getTemplateArgumentKind)(self.raw, i) {
                CXTemplateArgumentKind_Type => {
                    TemplateArgument::Type(Type::new(call!(clang_Cursor_getTemplateArgumentType)(
                        self.raw, i,
                    )))
                }
                CXTemplateArgumentKind_Integral => TemplateArgument::Integral {
                    signed: call!(clang_Cursor_getTemplateArgumentValue)(self.raw, i),
                    unsigned: call!(clang_Cursor_getTemplateArgumentUnsignedValue)(self.raw, i),
                },
                _ => TemplateArgument::Other,
            }
        }
    }

    /// For a field: its offset in bytes in the record that declares it.
    pub(crate) fn field_offset(&self) -> Option<u64> {
        // SAFETY: valid cursor; negative results are libclang's error codes.
        let bits = unsafe { call!(clang_Cursor_getOffsetOfField)(self.raw) };
        u64::try_from(bits)
            .ok()
            .filter(|b| b % 8 == 0)
            .map(|b| b / 8)
    }

    pub(crate) fn num_template_arguments(&self) -> i32 {
        // SAFETY: valid cursor.
        unsafe { call!(clang_Cursor_getNumTemplateArguments)(self.raw) }
    }

    /// Where the cursor is written; outside macros, as `#line` directives and line markers
    /// (a preprocessed source) present it, as clang's diagnostics and debug information do.
    pub(crate) fn location(&self) -> Location {
        // SAFETY: valid cursor; out pointers are locals; the presumed name is a CXString
        // owned here and disposed by `take_bytes`.
        unsafe {
            let loc = call!(clang_getCursorLocation)(self.raw);
            let mut file: CXFile = ptr::null_mut();
            let (mut line, mut column, mut offset) = (0, 0, 0);
            call!(clang_getSpellingLocation)(loc, &mut file, &mut line, &mut column, &mut offset);
            let spelled = Location {
                file: cached_file_path(file),
                line,
                column,
            };
            let mut expansion_file: CXFile = ptr::null_mut();
            let (mut e_line, mut e_column, mut e_offset) = (0, 0, 0);
            call!(clang_getExpansionLocation)(
                loc,
                &mut expansion_file,
                &mut e_line,
                &mut e_column,
                &mut e_offset,
            );
            if expansion_file != file || e_offset != offset {
                // Inside a macro: the spelling, as before.
                return spelled;
            }
            presumed(loc, spelled)
        }
    }

    /// The file the cursor is written in, as read (line markers aside); `None` when it comes
    /// from a macro expansion.
    pub(crate) fn written_file(&self) -> Option<PathBuf> {
        // SAFETY: valid cursor; out pointers are locals.
        unsafe {
            let loc = call!(clang_getCursorLocation)(self.raw);
            let mut file: CXFile = ptr::null_mut();
            let (mut line, mut column, mut offset) = (0, 0, 0);
            call!(clang_getSpellingLocation)(loc, &mut file, &mut line, &mut column, &mut offset);
            let mut expansion_file: CXFile = ptr::null_mut();
            let mut e_offset = 0;
            call!(clang_getExpansionLocation)(
                loc,
                &mut expansion_file,
                &mut line,
                &mut column,
                &mut e_offset,
            );
            if expansion_file != file || e_offset != offset {
                return None;
            }
            cached_file_path(file)
        }
    }

    /// Where the cursor is as clang's diagnostics place it: in a macro expansion, where the
    /// macro is used (`location` gives where the tokens are spelled), and as `#line`
    /// directives and line markers (a preprocessed source) present it.
    pub(crate) fn diagnostic_location(&self) -> Location {
        // SAFETY: valid cursor; out pointers are locals.
        unsafe {
            let loc = call!(clang_getCursorLocation)(self.raw);
            let mut file: CXFile = ptr::null_mut();
            let (mut line, mut column, mut offset) = (0, 0, 0);
            call!(clang_getExpansionLocation)(loc, &mut file, &mut line, &mut column, &mut offset);
            let expansion = Location {
                file: cached_file_path(file),
                line,
                column,
            };
            // Clang's presumed location is the expansion location's, line markers applied.
            presumed(loc, expansion)
        }
    }

    /// Prints `ty` with a printing policy derived from this cursor's context; `None` with
    /// libclang < 20, which has no `clang_getTypePrettyPrinted`.
    pub(crate) fn print_type(
        &self,
        ty: Type<'tu>,
        policy: &[(CXPrintingPolicyProperty, u32)],
    ) -> Option<String> {
        functions().clang_getTypePrettyPrinted?;
        // SAFETY: valid cursor and type; the policy is created here and disposed below; the
        // function is present in the loaded library (checked above).
        unsafe {
            let p = call!(clang_getCursorPrintingPolicy)(self.raw);
            for &(prop, value) in policy {
                call!(clang_PrintingPolicy_setProperty)(p, prop, value);
            }
            let s = take_string(call!(clang_getTypePrettyPrinted)(ty.raw, p));
            call!(clang_PrintingPolicy_dispose)(p);
            Some(s)
        }
    }

    pub(crate) fn children(&self) -> Vec<Cursor<'tu>> {
        let mut out = Vec::new();
        self.visit(|c| {
            out.push(c);
            Walk::Continue
        });
        out
    }

    /// Visits children with a Rust closure through one `extern "C"` trampoline.
    pub(crate) fn visit<F: FnMut(Cursor<'tu>) -> Walk>(&self, mut f: F) {
        extern "C" fn trampoline<'tu, F: FnMut(Cursor<'tu>) -> Walk>(
            cursor: CXCursor,
            _parent: CXCursor,
            data: CXClientData,
        ) -> CXChildVisitResult {
            // SAFETY: `data` is the `&mut F` passed below, alive for the whole visit.
            let f = unsafe { &mut *(data as *mut F) };
            match f(Cursor::new(cursor)) {
                Walk::Break => CXChildVisit_Break,
                Walk::Continue => CXChildVisit_Continue,
                Walk::Recurse => CXChildVisit_Recurse,
            }
        }
        // SAFETY: the closure outlives the call; the trampoline matches its type.
        unsafe {
            call!(clang_visitChildren)(self.raw, trampoline::<F>, &mut f as *mut F as *mut c_void);
        }
    }
}

/// A template argument as libclang exposes it.
pub(crate) enum TemplateArgument<'tu> {
    Type(Type<'tu>),
    /// The value, read both ways; the parameter's type tells which applies.
    Integral {
        signed: i64,
        unsigned: u64,
    },
    Other,
}

/// Where a declaration is written ([`Cursor::declaration_span`]).
pub(crate) struct DeclarationSpan {
    pub(crate) file: PathBuf,
    /// Byte offsets in `file`: the declaration's first token, its name.
    pub(crate) start: usize,
    pub(crate) name: usize,
}

/// A type belonging to a translation unit.
#[derive(Clone, Copy)]
pub(crate) struct Type<'tu> {
    raw: CXType,
    _tu: PhantomData<&'tu ()>,
}

impl<'tu> Type<'tu> {
    fn new(raw: CXType) -> Self {
        Type {
            raw,
            _tu: PhantomData,
        }
    }

    pub(crate) fn kind(&self) -> CXTypeKind {
        self.raw.kind
    }

    pub(crate) fn is_valid(&self) -> bool {
        self.raw.kind != CXType_Invalid
    }

    pub(crate) fn canonical(&self) -> Type<'tu> {
        // SAFETY: valid type value.
        Type::new(unsafe { call!(clang_getCanonicalType)(self.raw) })
    }

    pub(crate) fn declaration(&self) -> Option<Cursor<'tu>> {
        // SAFETY: valid type value.
        Cursor::checked(unsafe { call!(clang_getTypeDeclaration)(self.raw) })
    }

    pub(crate) fn spelling(&self) -> String {
        // SAFETY: valid type value.
        take_string(unsafe { call!(clang_getTypeSpelling)(self.raw) })
    }

    pub(crate) fn pointee(&self) -> Type<'tu> {
        // SAFETY: valid type value.
        Type::new(unsafe { call!(clang_getPointeeType)(self.raw) })
    }

    /// For constant arrays: the element type.
    pub(crate) fn array_element(&self) -> Option<Type<'tu>> {
        // SAFETY: valid type value; an invalid result means "not an array".
        let t = Type::new(unsafe { call!(clang_getArrayElementType)(self.raw) });
        t.is_valid().then_some(t)
    }

    /// For records: the declarations of their fields, lambda captures included.
    pub(crate) fn fields(&self) -> Vec<Cursor<'tu>> {
        extern "C" fn collect(field: CXCursor, data: CXClientData) -> CXVisitorResult {
            // SAFETY: `data` is the `Vec` passed below, alive for the whole visit.
            let out = unsafe { &mut *(data as *mut Vec<CXCursor>) };
            out.push(field);
            CXVisit_Continue
        }
        let mut raw: Vec<CXCursor> = Vec::new();
        // SAFETY: the vector outlives the call; the callback matches clang's signature.
        unsafe {
            call!(clang_Type_visitFields)(
                self.raw,
                collect,
                &mut raw as *mut Vec<CXCursor> as *mut c_void,
            );
        }
        raw.into_iter().map(Cursor::new).collect()
    }

    /// `sizeof` in bytes; `None` for incomplete, dependent or invalid types.
    pub(crate) fn size_of(&self) -> Option<u64> {
        // SAFETY: valid type value; negative results are libclang's error codes.
        u64::try_from(unsafe { call!(clang_Type_getSizeOf)(self.raw) }).ok()
    }

    /// `alignof` in bytes; `None` for incomplete, dependent or invalid types.
    pub(crate) fn align_of(&self) -> Option<u64> {
        // SAFETY: valid type value; negative results are libclang's error codes.
        u64::try_from(unsafe { call!(clang_Type_getAlignOf)(self.raw) }).ok()
    }

    /// The Itanium code of a builtin type (`i`, `j`, `b`, …), `None` for other types.
    pub(crate) fn itanium_builtin_code(&self) -> Option<&'static str> {
        Some(match self.raw.kind {
            CXType_Void => "v",
            CXType_Bool => "b",
            CXType_Char_U | CXType_Char_S => "c",
            CXType_SChar => "a",
            CXType_UChar => "h",
            CXType_WChar => "w",
            CXType_Char16 => "Ds",
            CXType_Char32 => "Di",
            CXType_Short => "s",
            CXType_UShort => "t",
            CXType_Int => "i",
            CXType_UInt => "j",
            CXType_Long => "l",
            CXType_ULong => "m",
            CXType_LongLong => "x",
            CXType_ULongLong => "y",
            CXType_Int128 => "n",
            CXType_UInt128 => "o",
            CXType_Float => "f",
            CXType_Double => "d",
            CXType_LongDouble => "e",
            CXType_NullPtr => "Dn",
            _ => return None,
        })
    }

    /// Is this builtin type unsigned (its integral template arguments read unsigned)?
    /// A function type with a C-style `...` parameter.
    pub(crate) fn is_variadic_function(&self) -> bool {
        // SAFETY: valid type; libclang answers 0 for non-function types.
        unsafe { call!(clang_isFunctionTypeVariadic)(self.raw) != 0 }
    }

    pub(crate) fn is_const_qualified(&self) -> bool {
        // SAFETY: valid type; plain query.
        unsafe { call!(clang_isConstQualifiedType)(self.raw) != 0 }
    }

    pub(crate) fn is_unsigned_integer(&self) -> bool {
        matches!(
            self.raw.kind,
            CXType_Bool
                | CXType_Char_U
                | CXType_UChar
                | CXType_UShort
                | CXType_UInt
                | CXType_ULong
                | CXType_ULongLong
                | CXType_UInt128
                | CXType_Char16
                | CXType_Char32
        )
    }

    pub(crate) fn num_template_arguments(&self) -> i32 {
        // SAFETY: valid type value.
        unsafe { call!(clang_Type_getNumTemplateArguments)(self.raw) }
    }

    pub(crate) fn template_argument(&self, i: u32) -> Type<'tu> {
        // SAFETY: valid type value; libclang range-checks.
        Type::new(unsafe { call!(clang_Type_getTemplateArgumentAsType)(self.raw, i) })
    }
}

pub(crate) use clang_sys::{
    CXCursor_AnnotateAttr, CXCursor_AsmStmt, CXCursor_BinaryOperator, CXCursor_CXXBaseSpecifier,
    CXCursor_CXXDeleteExpr, CXCursor_CXXDynamicCastExpr, CXCursor_CXXMethod, CXCursor_CXXNewExpr,
    CXCursor_CXXThrowExpr, CXCursor_CXXTryStmt, CXCursor_CXXTypeidExpr, CXCursor_CallExpr,
    CXCursor_ClassDecl, CXCursor_ClassTemplate, CXCursor_ClassTemplatePartialSpecialization,
    CXCursor_CompoundStmt, CXCursor_Constructor, CXCursor_ConversionFunction, CXCursor_DeclRefExpr,
    CXCursor_DeclStmt, CXCursor_Destructor, CXCursor_EnumConstantDecl, CXCursor_EnumDecl,
    CXCursor_FieldDecl, CXCursor_FunctionDecl, CXCursor_FunctionTemplate, CXCursor_IfStmt,
    CXCursor_LambdaExpr, CXCursor_LinkageSpec, CXCursor_MSAsmStmt, CXCursor_MemberRefExpr,
    CXCursor_Namespace, CXCursor_NonTypeTemplateParameter, CXCursor_OverloadedDeclRef,
    CXCursor_ParenExpr, CXCursor_ParmDecl, CXCursor_StructDecl, CXCursor_TemplateRef,
    CXCursor_TemplateTemplateParameter, CXCursor_TemplateTypeParameter, CXCursor_TranslationUnit,
    CXCursor_TypeRef, CXCursor_UnaryExpr, CXCursor_UnaryOperator, CXCursor_UnexposedAttr,
    CXCursor_UnexposedDecl, CXCursor_UnexposedExpr, CXCursor_UnionDecl, CXCursor_VarDecl,
    CXCursorKind, CXLinkage_External, CXLinkage_Internal, CXLinkage_UniqueExternal,
    CXPrintingPolicy_SuppressScope, CXPrintingPolicy_SuppressTagKeyword, CXPrintingPolicyProperty,
    CXType_Bool, CXType_Enum, CXType_Float16, CXType_FunctionNoProto, CXType_FunctionProto,
    CXType_Int, CXType_Int128, CXType_LValueReference, CXType_Long, CXType_LongLong,
    CXType_MemberPointer, CXType_Pointer, CXType_RValueReference, CXType_Record, CXType_Short,
    CXType_UInt, CXType_UInt128, CXType_ULong, CXType_ULongLong, CXType_UShort, CXTypeKind,
};
