"""What a pack for the GPU machine carries besides its programs, shared by scripts/gpu-check/pack,
scripts/bench-kernels-gpu and scripts/bench-specconst --gpu: Intel's runtime as the programs load
it, and a library's shared-library closure less what every Linux with a C++ runtime has."""

import subprocess

# libsycl (DT_NEEDED), the UR loader it dlopens, and their DT_NEEDED closure (readelf -d:
# libur_loader -> svml, irng, imf, intlc; libumf -> hwloc).
RUNTIME_FILES = (
    "libsycl.so.9", "libur_loader.so.0", "libumf.so.1", "libhwloc.so.15", "libimf.so",
    "libintlc.so.5", "libsvml.so", "libirng.so",
)
# Libraries every Linux with a C++ runtime has (the runtime's own libraries need them too).
SYSTEM_LIBRARIES = ("linux-vdso", "ld-linux", "libc.so", "libm.so", "libgcc_s.so", "libstdc++.so",
                    "libpthread.so", "libdl.so", "librt.so")
# The specialiser the CUDA adapter opens from beside itself (issue 32).
SPECIALISER = "libsycl_specconst_specialise.so"


class MissingLibrary(Exception):
    pass


def shared_library_closure(path):
    """(name, path) of each shared library `path` loads (ldd) but the system's own, sorted;
    MissingLibrary when one is not found."""
    out = subprocess.run(["ldd", path], check=True, stdout=subprocess.PIPE, text=True).stdout
    found = []
    for line in out.splitlines():
        if "not found" in line:
            raise MissingLibrary("%s needs %s" % (path, line.strip()))
        parts = line.split("=>")
        if len(parts) != 2:
            continue
        name, target = parts[0].strip(), parts[1].split("(")[0].strip()
        if target and not name.startswith(SYSTEM_LIBRARIES):
            found.append((name, target))
    return sorted(found)
