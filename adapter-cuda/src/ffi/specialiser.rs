//! The specialiser library (`libsycl_specconst_specialise.so`, crate `specialise`), outward:
//! found and opened the first time a launch could use it, never linked (it links LLVM, which
//! processes that never specialise should not load). Its C interface is
//! [`model::specialisation::abi`].

use std::ffi::{CStr, OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use model::specialisation::abi;

/// The library's file name: beside the adapter, or wherever `dlopen` finds it.
pub(crate) const LIBRARY_NAME: &str = "libsycl_specconst_specialise.so";

/// The environment variable naming the library's path (overrides the search).
pub(crate) const LIBRARY_VARIABLE: &str = "SYCL_SPECCONST_SPECIALISER";

type SpecialiseFn = unsafe extern "C" fn(
    *const u8,
    usize,
    *const u8,
    usize,
    *const u8,
    usize,
    *mut abi::SpecialiseOutput,
) -> i32;
type FreeFn = unsafe extern "C" fn(*mut abi::SpecialiseOutput);

/// The opened library and its two entry points.
pub(crate) struct Specialiser {
    specialise: SpecialiseFn,
    free: FreeFn,
    /// Calls are serialised: the library's thread safety is not part of its interface.
    calls: Mutex<()>,
    /// Kept open while the process runs: the function pointers point into it.
    _library: libloading::Library,
}

impl std::fmt::Debug for Specialiser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("specialiser library")
    }
}

/// A specialisation's PTX and where its time went.
#[derive(Debug)]
pub(crate) struct Output {
    /// PTX text ending in its NUL.
    pub(crate) ptx: Vec<u8>,
    pub(crate) parse_us: u64,
    pub(crate) optimise_us: u64,
    pub(crate) emit_us: u64,
}

/// The process's specialiser, opened once; a failure is remembered as its reason.
pub(crate) fn specialiser() -> Result<&'static Specialiser, &'static str> {
    static LOADED: OnceLock<Result<Specialiser, String>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let name = library_path(std::env::var_os(LIBRARY_VARIABLE), adapter_directory())?;
            open(&name)
        })
        .as_ref()
        .map_err(String::as_str)
}

/// The name to open: the variable's path when set (and not empty); else the library beside
/// the adapter when there is one; else the bare name, for the dynamic linker's search.
pub(crate) fn library_path(
    variable: Option<OsString>,
    adapter_directory: Option<PathBuf>,
) -> Result<String, String> {
    let chosen = match variable.filter(|v| !v.is_empty()) {
        Some(path) => PathBuf::from(path),
        None => match adapter_directory
            .map(|d| d.join(LIBRARY_NAME))
            .filter(|p| p.is_file())
        {
            Some(beside) => beside,
            None => return Ok(LIBRARY_NAME.to_string()),
        },
    };
    chosen
        .into_os_string()
        .into_string()
        .map_err(|path| format!("the specialiser's path {path:?} is not UTF-8"))
}

/// The directory of the object file this code was loaded from (the adapter library, or a
/// test executable).
fn adapter_directory() -> Option<PathBuf> {
    let anchor = adapter_directory as fn() -> Option<PathBuf>;
    // SAFETY: an all-zero Dl_info (null pointers) is a valid value to be overwritten.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: dladdr reads nothing through the address, and writes `info`.
    let found = unsafe { libc::dladdr(anchor as *const libc::c_void, &mut info) };
    if found == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dladdr's file name is a NUL-terminated string the dynamic linker owns and keeps
    // while the object is loaded (it is copied at once).
    let name = unsafe { CStr::from_ptr(info.dli_fname) };
    Path::new(OsStr::from_bytes(name.to_bytes()))
        .parent()
        .map(Path::to_path_buf)
}

/// Opens the library `name` and finds its entry points.
pub(crate) fn open(name: &str) -> Result<Specialiser, String> {
    // SAFETY: loading runs the library's initialisers; the name is the specialiser's (the
    // user's choice under SYCL_SPECCONST_SPECIALISER), whose initialisers are LLVM's: as
    // with libcuda, a library that is not what it says is beyond what the adapter can check.
    let library = unsafe { libloading::Library::new(name) }
        .map_err(|error| format!("cannot open the specialiser {name}: {error}"))?;
    let entry = |symbol: &'static [u8]| {
        CStr::from_bytes_with_nul(symbol).map_err(|_| "a symbol name without its NUL".to_string())
    };
    // SAFETY: the types are the interface's (model::specialisation::abi): the function
    // pointers are copied out and stay valid while `library` is kept open with them.
    let (specialise, free) = unsafe {
        let specialise = *library
            .get::<SpecialiseFn>(entry(abi::SPECIALISE)?)
            .map_err(|error| format!("the specialiser {name} lacks its entry point: {error}"))?;
        let free = *library
            .get::<FreeFn>(entry(abi::FREE)?)
            .map_err(|error| format!("the specialiser {name} lacks its entry point: {error}"))?;
        (specialise, free)
    };
    Ok(Specialiser {
        specialise,
        free,
        calls: Mutex::new(()),
        _library: library,
    })
}

impl Specialiser {
    /// The PTX of `image`'s entry `kernel` (and its `_with_offset` variant) with `values`
    /// folded in, or the library's message.
    pub(crate) fn specialise(
        &self,
        image: &[u8],
        kernel: &str,
        values: &[u8],
    ) -> Result<Output, String> {
        let _serial = self.calls.lock().unwrap_or_else(|p| p.into_inner());
        let mut out = abi::SpecialiseOutput::default();
        // SAFETY: each pointer and length describe a live slice; `out` is a valid output.
        let code = unsafe {
            (self.specialise)(
                image.as_ptr(),
                image.len(),
                kernel.as_ptr(),
                kernel.len(),
                values.as_ptr(),
                values.len(),
                &mut out,
            )
        };
        // Read before `free`, which may clear the whole output (the real library does).
        let (parse_us, optimise_us, emit_us) = (out.parse_us, out.optimise_us, out.emit_us);
        let bytes = if out.bytes.is_null() || out.len == 0 {
            Vec::new()
        } else {
            // SAFETY: the interface: `bytes` holds `len` bytes until freed below.
            unsafe { std::slice::from_raw_parts(out.bytes, out.len) }.to_vec()
        };
        if !out.bytes.is_null() {
            // SAFETY: the library's own allocation, given back once.
            unsafe { (self.free)(&mut out) };
        }
        match code {
            abi::OK if bytes.last() == Some(&0) => Ok(Output {
                ptx: bytes,
                parse_us,
                optimise_us,
                emit_us,
            }),
            abi::OK => Err("the specialiser's PTX does not end in a NUL".to_string()),
            abi::FAILED => Err(format!(
                "the specialiser failed: {}",
                String::from_utf8_lossy(&bytes).trim()
            )),
            other => Err(format!("the specialiser returned {other}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_wins_then_the_adapters_directory_then_the_bare_name() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        assert_eq!(
            library_path(
                Some("/opt/x/libspec.so".into()),
                Some(dir.path().to_path_buf())
            ),
            Ok("/opt/x/libspec.so".to_string())
        );
        // No library beside the adapter: the dynamic linker's search.
        assert_eq!(
            library_path(None, Some(dir.path().to_path_buf())),
            Ok(LIBRARY_NAME.to_string())
        );
        assert_eq!(
            library_path(Some("".into()), None),
            Ok(LIBRARY_NAME.to_string())
        );
        let beside = dir.path().join(LIBRARY_NAME);
        std::fs::write(&beside, b"").expect("written");
        assert_eq!(
            library_path(None, Some(dir.path().to_path_buf())),
            Ok(beside.to_string_lossy().into_owned())
        );
    }

    #[test]
    fn a_path_that_is_not_utf8_is_a_reason() {
        let path = OsStr::from_bytes(b"/tmp/\xff.so").to_os_string();
        let reason = library_path(Some(path), None).expect_err("a reason");
        assert!(reason.contains("not UTF-8"), "{reason}");
    }

    #[test]
    fn a_missing_or_foreign_library_is_a_reason_not_a_panic() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let missing = dir.path().join("absent.so");
        let reason = open(&missing.to_string_lossy()).expect_err("no library");
        assert!(reason.contains("cannot open the specialiser"), "{reason}");
        assert!(reason.contains("absent.so"), "{reason}");
        let text = dir.path().join("text.so");
        std::fs::write(&text, b"not an ELF file").expect("written");
        let reason = open(&text.to_string_lossy()).expect_err("not a library");
        assert!(reason.contains("cannot open the specialiser"), "{reason}");
    }

    #[test]
    fn a_library_without_the_entry_points_is_a_reason() {
        // libc is loaded in every process and exports neither entry point.
        let reason = open("libc.so.6").expect_err("not the specialiser");
        assert!(reason.contains("lacks its entry point"), "{reason}");
    }

    /// A stand-in for the specialiser, in C: "PTX" naming the kernel and the values' count,
    /// a failure for no values, an unterminated result for kernel "bad"; it counts frees, and
    /// clears the output it frees.
    const FAKE: &str = r#"
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        typedef struct { uint8_t *bytes; size_t len, capacity; uint64_t p, o, e; } out_t;
        int frees;
        static void put(out_t *out, const char *text, size_t len) {
            out->bytes = malloc(len);
            memcpy(out->bytes, text, len);
            out->len = out->capacity = len;
        }
        int32_t sycl_specconst_specialise_v1(const uint8_t *image, size_t image_len,
                const uint8_t *kernel, size_t kernel_len, const uint8_t *values,
                size_t values_len, out_t *out) {
            char text[256];
            if (values_len == 0) { put(out, "no values", 9); return 1; }
            if (kernel_len == 3 && memcmp(kernel, "bad", 3) == 0) { put(out, "x", 1); return 0; }
            int n = snprintf(text, sizeof text, "%.*s %zu %zu", (int)kernel_len,
                             (const char *)kernel, values_len, image_len);
            put(out, text, (size_t)n + 1);
            out->p = 1000; out->o = 2000; out->e = 3000;
            return 0;
        }
        /* As the real library does, the whole output is cleared: times included. */
        void sycl_specconst_specialise_free_v1(out_t *out) {
            free(out->bytes); memset(out, 0, sizeof *out); frees++;
        }
    "#;

    #[test]
    fn a_library_keeps_the_interfaces_contract() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let source = dir.path().join("fake.c");
        let library = dir.path().join("libfake.so");
        std::fs::write(&source, FAKE).expect("written");
        // `cc` is the linker rustc itself runs, so it is there wherever this test links.
        let built = std::process::Command::new("cc")
            .args(["-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source)
            .status()
            .expect("cc runs");
        assert!(built.success());
        let specialiser = open(&library.to_string_lossy()).expect("opens");
        let output = specialiser
            .specialise(b"image", "_ZTS1K", &[1, 2, 3])
            .expect("PTX");
        assert_eq!(output.ptx, b"_ZTS1K 3 5\0".to_vec());
        assert_eq!(
            (output.parse_us, output.optimise_us, output.emit_us),
            (1000, 2000, 3000)
        );
        assert_eq!(
            specialiser
                .specialise(b"image", "_ZTS1K", &[])
                .expect_err("failed"),
            "the specialiser failed: no values"
        );
        let unterminated = specialiser
            .specialise(b"image", "bad", &[1])
            .expect_err("no NUL");
        assert!(unterminated.contains("NUL"), "{unterminated}");
        // Every output was given back to the library.
        // SAFETY: the fake's `int frees`, read after the calls above returned.
        let frees = unsafe {
            **specialiser
                ._library
                .get::<*const i32>(c"frees")
                .expect("the counter")
        };
        assert_eq!(frees, 3);
    }

    #[test]
    fn the_adapters_directory_is_found() {
        let dir = adapter_directory().expect("dladdr finds this code's file");
        assert!(dir.is_dir(), "{}", dir.display());
    }
}
