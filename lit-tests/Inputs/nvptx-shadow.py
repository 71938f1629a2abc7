#!/usr/bin/env python3
"""sycl-clang++ for the execution tests, with an nvptx64 shadow build (issue 30).

Runs the driver as given. When that succeeds and the command compiles C++ sources to an
object, a program or a shared library (no -E, -S, -fsyntax-only, -fsycl-device-only, -M), each
source is compiled once more with the same options for -fsycl-targets=nvptx64-nvidia-cuda as
`-fsycl-device-only -S`: the TU's PTX as a link of it alone registers it (wrappers, libdevice,
emulated spec constants, code generation; other TUs' SYCL_EXTERNAL functions left declared),
into a scratch file, which NVIDIA's ptxas then assembles (relocatable, `-c`) for sm_50 (the default target it names) and sm_90 (the H100); a source sm_50 cannot have (private_alloca:
sycl-clang++ says "needs sm_52 or later") is built and assembled for sm_90 only. Any failure fails the
test. So every execution test's sources are also built for NVIDIA GPUs, while the CPU results
stay those of the test's own build; the device-only compile skips the host compile the test's
own build has just run. A source whose shadow succeeded is remembered by a key of the driver
binary, the options (less -o and -fsycl-spec-constants, which nvptx64 does not change) and the
source's bytes, so the native and emulated builds of one test share it.

usage: nvptx-shadow.py STAMP_DIR PTXAS DRIVER ARGS...
"""
import hashlib
import os
import subprocess
import sys

SKIP = {"-E", "-S", "-fsyntax-only", "-fsycl-device-only", "-M", "-MM", "-###"}
SOURCES = (".cpp", ".cc", ".cxx", ".C")
# Options with a separate value that the shadow compile leaves out, and those it keeps.
DROPPED_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "-L", "-l", "-T", "-z", "-Xlinker",
                      "-Xsycl-target-linker", "-Xsycl-target-backend"}
KEPT_WITH_VALUE = {"-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-D", "-U",
                   "-x", "-Xclang", "-Xsycl-target-frontend"}
PTXAS_ARCHES = ("sm_50", "sm_90")
# sycl-clang++'s refusal of a source that sm_50 cannot run (offload's dynamic_alloca_feature).
SM52_ONLY = b"needs sm_52 or later"
# The first line of `sycl-clang++ -fsycl -E` output (driver/src/preprocess.rs), which holds
# the spir64 device view only: not compiled for nvptx64.
PREPROCESSED = b"// Preprocessed by sycl-clang++ -fsycl -E: the host view, then the device view.\n"


def shadow_plan(args):
    """The shadow compile's options (without sources) and the C++ sources; None for none."""
    options, sources = [], []
    i = 0
    while i < len(args):
        a = args[i]
        if a in SKIP:
            return None
        # Its own output, and none of the test's other files (depfiles, kept temporaries,
        # generated files) written over; the target and the phase are the shadow's.
        if a in DROPPED_WITH_VALUE and i + 1 < len(args):
            i += 2
            continue
        # -Xsycl-target-…=TARGET VALUE: the backend's and linker's are the runtime's, a front
        # end's for another target is not this compile's.
        if a.startswith("-Xsycl-target-") and "=" in a and i + 1 < len(args):
            if a.startswith("-Xsycl-target-frontend=") and "nvptx64" in a:
                options += [a, args[i + 1]]
            i += 2
            continue
        if a in KEPT_WITH_VALUE and i + 1 < len(args):
            options += [a, args[i + 1]]
            i += 2
            continue
        if a in ("-c", "-MD", "-MMD", "-save-temps", "-fsycl-link", "-shared") or a.startswith(
            ("-fsycl-targets=", "-fsycl-spec-constants=", "-save-temps=", "-fsycl-footer-path=",
             "-fsycl-link=", "-o", "-l", "-L", "-Wl,")):
            i += 1
            continue
        if a.endswith(SOURCES) and os.path.isfile(a):
            if not is_preprocessed(a):
                sources.append(a)
        elif not a.startswith("-") and os.path.isfile(a):
            pass  # objects, archives, libraries: linked, not compiled
        else:
            options.append(a)
        i += 1
    if not sources:
        return None
    return options, sources


def is_preprocessed(path):
    with open(path, "rb") as f:
        return f.read(len(PREPROCESSED)) == PREPROCESSED


def stamp_for(stamp_dir, driver, options, source):
    digest = hashlib.sha256()
    digest.update(str(os.stat(driver).st_mtime_ns).encode())
    for word in options:
        digest.update(word.encode() + b"\0")
    digest.update(os.path.abspath(source).encode() + b"\0")
    with open(source, "rb") as f:
        digest.update(f.read())
    return os.path.join(stamp_dir, digest.hexdigest())


def shadow(stamp_dir, ptxas, driver, options, source):
    """Compiles `source` for nvptx64 and assembles its PTX; returns an error text or None."""
    stamp = stamp_for(stamp_dir, driver, options, source)
    if os.path.exists(stamp):
        return None
    ptx = stamp + ".s"
    command = [driver] + options + ["-fsycl-targets=nvptx64-nvidia-cuda", "-fsycl-device-only",
                                    "-S", source, "-o", ptx]
    run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    arches = PTXAS_ARCHES
    if run.returncode != 0 and SM52_ONLY in run.stdout:
        # private_alloca needs sm_52 (sycl-clang++ says so for sm_50): the H100's build only.
        command[command.index("-fsycl-targets=nvptx64-nvidia-cuda")] = "-fsycl-targets=nvidia_gpu_sm_90"
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        arches = ("sm_90",)
    if run.returncode != 0:
        return run.stdout.decode(errors="replace") + "nvptx-shadow: error: %s failed\n" % " ".join(command)
    try:
        for arch in arches:
            # -c: relocatable code, as a TU's PTX may call SYCL_EXTERNAL functions of others.
            check = subprocess.run([ptxas, "-c", "-arch=" + arch, ptx, "-o", stamp + ".cubin"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if check.returncode != 0:
                return (check.stdout.decode(errors="replace") +
                        "nvptx-shadow: error: ptxas -arch=%s refused the PTX of %s\n" % (arch, source))
    finally:
        for leftover in (ptx, stamp + ".cubin"):
            if os.path.exists(leftover):
                os.remove(leftover)
    open(stamp, "w").close()
    return None


def main():
    stamp_dir, ptxas, driver, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    status = subprocess.call([driver] + args)
    if status != 0 or not os.access(ptxas, os.X_OK):
        return status
    plan = shadow_plan(args)
    if plan is None:
        return 0
    options, sources = plan
    os.makedirs(stamp_dir, exist_ok=True)
    for source in sources:
        error = shadow(stamp_dir, ptxas, driver, options, source)
        if error:
            sys.stderr.write(error)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
