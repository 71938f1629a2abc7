//! Where the real compiler, the device prelude, Intel's SYCL headers and the runtime live. Each
//! has an environment override (`SYCL_SPECCONST_*`). An installed driver (`scripts/install`)
//! finds them relative to its own executable, under its prefix; one run from the checkout it
//! was built in uses what `scripts/setup` installed there.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

pub(crate) struct Toolchain {
    /// The real clang driver (never looked up through a name that could be this wrapper).
    pub(crate) clang: OsString,
    pub(crate) sycl_include: PathBuf,
    pub(crate) runtime_lib: PathBuf,
    /// The device prelude, force-included in every device compile.
    pub(crate) prelude: PathBuf,
    /// Named first in the search list `-E -v` queries get (`main::answer_search_list_query`):
    /// its `sycl/sycl.hpp` gives the device view the prelude.
    pub(crate) editor_include: PathBuf,
    /// NVIDIA's libdevice (`libdevice.10.bc`, PyPI `nvidia-cuda-nvcc`): the math functions
    /// nvptx64 device code calls, linked into its images.
    pub(crate) libdevice: PathBuf,
}

/// The device prelude's file name, in the checkout's `driver/include/` and an installed
/// prefix's `include/sycl-specconst/`.
const PRELUDE_NAME: &str = "sycl-specconst-device-prelude.hpp";

/// The host view's header (`Toolchain::host_view_header`), beside the prelude.
const HOST_VIEW_NAME: &str = "sycl-specconst-host-view.hpp";

/// Where the resources are: an installed prefix or a checkout.
struct Layout {
    sycl_include: PathBuf,
    runtime_lib: PathBuf,
    prelude: PathBuf,
    editor_include: PathBuf,
    libdevice: PathBuf,
}

/// libdevice's file name.
const LIBDEVICE_NAME: &str = "libdevice.10.bc";

impl Layout {
    /// `PREFIX/bin/sycl-clangxx` beside `PREFIX/include/sycl-specconst/` (`scripts/install`).
    fn installed(prefix: &Path) -> Layout {
        let own = prefix.join("include/sycl-specconst");
        Layout {
            sycl_include: own.join("intel"),
            runtime_lib: prefix.join("lib"),
            prelude: own.join(PRELUDE_NAME),
            editor_include: own.join("clangd"),
            libdevice: prefix.join("lib/sycl-specconst").join(LIBDEVICE_NAME),
        }
    }

    /// The checkout `scripts/setup` installed into.
    fn checkout(root: &Path) -> Layout {
        Layout {
            sycl_include: root.join(".cache/intel-sycl/include"),
            runtime_lib: root.join(".venv/lib"),
            prelude: root.join("driver/include").join(PRELUDE_NAME),
            editor_include: root.join("driver/include/clangd"),
            libdevice: root
                .join(".cache/cuda-nvcc/nvvm/libdevice")
                .join(LIBDEVICE_NAME),
        }
    }

    fn find() -> Layout {
        if let Some(root) = std::env::var_os("SYCL_SPECCONST_ROOT") {
            return Layout::checkout(Path::new(&root));
        }
        // The executable's real path (links resolved): `PREFIX/bin/sycl-clangxx` when installed.
        let prefix = std::env::current_exe()
            .ok()
            .and_then(|exe| std::fs::canonicalize(exe).ok())
            .and_then(|exe| exe.parent()?.parent().map(Path::to_path_buf));
        if let Some(prefix) = prefix {
            let installed = Layout::installed(&prefix);
            if installed.prelude.is_file() {
                return installed;
            }
        }
        let checkout = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        Layout::checkout(&checkout)
    }
}

impl Toolchain {
    pub(crate) fn locate() -> Toolchain {
        let layout = Layout::find();
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        Toolchain {
            clang: var("SYCL_SPECCONST_CLANG").unwrap_or_else(|| "clang++-22".into()),
            sycl_include: var("SYCL_SPECCONST_SYCL_INCLUDE")
                .map(PathBuf::from)
                .unwrap_or(layout.sycl_include),
            runtime_lib: var("SYCL_SPECCONST_RUNTIME_LIB")
                .map(PathBuf::from)
                .unwrap_or(layout.runtime_lib),
            prelude: layout.prelude,
            editor_include: layout.editor_include,
            libdevice: var("SYCL_SPECCONST_LIBDEVICE")
                .map(PathBuf::from)
                .unwrap_or(layout.libdevice),
        }
    }

    /// A clear error when Intel's headers, the device prelude or the header beside it are
    /// missing.
    pub(crate) fn check_headers(&self) -> Result<(), String> {
        for (what, file) in [
            ("the device prelude", self.prelude.clone()),
            ("the host view's header", self.host_view_header()),
        ] {
            if !file.is_file() {
                return Err(format!(
                    "{what} '{}' is missing: sycl-clang++ is installed incompletely \
                     (run scripts/install again)",
                    file.display()
                ));
            }
        }
        if self.sycl_include.join("sycl/sycl.hpp").is_file() {
            return Ok(());
        }
        Err(format!(
            "Intel's SYCL headers are not in '{}' (PyPI package intel-sycl-rt); run scripts/setup \
             or set SYCL_SPECCONST_SYCL_INCLUDE",
            self.sycl_include.display()
        ))
    }

    /// Force-included first in the host view of `-fsycl -E` output (`preprocess.rs`): it
    /// spells `SYCL_EXTERNAL` as the device view does. Beside the prelude.
    pub(crate) fn host_view_header(&self) -> PathBuf {
        self.prelude.with_file_name(HOST_VIEW_NAME)
    }

    /// Headers the device compile finds before Intel's (`sycl/stream.hpp`), beside the
    /// prelude: `driver/include/device/` in the checkout, `include/sycl-specconst/device/`
    /// when installed.
    pub(crate) fn device_headers(&self) -> PathBuf {
        self.prelude.with_file_name("device")
    }

    /// A clear error when libdevice, which every nvptx64 link needs, is missing.
    pub(crate) fn check_libdevice(&self) -> Result<(), String> {
        if self.libdevice.is_file() {
            return Ok(());
        }
        Err(format!(
            "NVIDIA's libdevice '{}' is missing (PyPI package nvidia-cuda-nvcc); run scripts/setup \
             or set SYCL_SPECCONST_LIBDEVICE",
            self.libdevice.display()
        ))
    }

    /// The Intel OpenCL CPU runtime, which builds `spir64_x86_64` images ahead of time (the
    /// same library the ICD loader hands built programs to).
    pub(crate) fn cpu_runtime(&self) -> PathBuf {
        self.runtime_lib.join("libintelocl.so")
    }

    /// A clear error when the runtime is missing.
    pub(crate) fn check_runtime(&self) -> Result<(), String> {
        for (file, package) in [
            ("libsycl.so.9", "intel-sycl-rt"),
            ("libur_loader.so.0", "intel-cmplr-lib-ur"),
            ("libur_adapter_opencl.so.0", "intel-cmplr-lib-ur==2025.3.3"),
            ("libintelocl.so", "intel-opencl-rt"),
        ] {
            if !self.runtime_lib.join(file).is_file() {
                return Err(format!(
                    "the SYCL runtime is incomplete: '{}' is missing from '{}' (PyPI package {package}); \
                     run scripts/setup or set SYCL_SPECCONST_RUNTIME_LIB",
                    file,
                    self.runtime_lib.display()
                ));
            }
        }
        Ok(())
    }
}

/// Where the analysis keeps Intel's headers parsed once (see `plugin::Options::header_cache`):
/// `SYCL_SPECCONST_CACHE_DIR` if set (empty or `off`: no cache), else
/// `$XDG_CACHE_HOME/sycl-specconst`, else `~/.cache/sycl-specconst`.
pub(crate) fn header_cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SYCL_SPECCONST_CACHE_DIR") {
        return (!dir.is_empty() && dir != "off").then(|| PathBuf::from(dir));
    }
    let absolute = |v: OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    std::env::var_os("XDG_CACHE_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|h| h.join(".cache"))
        })
        .map(|base| base.join("sycl-specconst"))
}
