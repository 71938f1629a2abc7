#!/usr/bin/env python3
"""sycl-clang++ for the execution tests, with an nvptx64 shadow build (issue 30).

Runs the driver as given. When that succeeds and the command builds a program or shared
library from C++ sources (no -c, -S, -E, -fsyntax-only, -fsycl-device-only, -fsycl-link), the
same command runs once more for -fsycl-targets=nvptx64-nvidia-cuda, into a scratch output,
with SYCL_SPECCONST_PTXAS set: every PTX image of the program is assembled by NVIDIA's ptxas,
and a refusal, or any failure of the shadow build, fails the test. So every execution test's
sources are also built for NVIDIA GPUs, while the CPU results stay those of the test's own
build. A shadow build that succeeded is remembered by a key of the driver binary, the
arguments (less -o and -fsycl-spec-constants, which nvptx64 does not change) and the
sources' bytes, so the native and emulated builds of one test share it.

usage: nvptx-shadow.py STAMP_DIR PTXAS DRIVER ARGS...
"""
import hashlib
import os
import subprocess
import sys

SKIP = {"-c", "-S", "-E", "-fsyntax-only", "-fsycl-device-only", "-fsycl-link", "-M", "-MM", "-###"}
SOURCES = (".cpp", ".cc", ".cxx", ".C")


def shadow_arguments(args):
    """The shadow build's arguments and the key's words; None when there is no shadow build."""
    out, key, sources = [], [], []
    i = 0
    while i < len(args):
        a = args[i]
        if a in SKIP or a.startswith("-fsycl-link="):
            return None
        # Its own output, and none of the test's other files (depfiles, kept temporaries,
        # generated files) written over.
        if a in ("-o", "-MF", "-MT", "-MQ") and i + 1 < len(args):
            i += 2
            continue
        if a in ("-MD", "-MMD", "-save-temps") or a.startswith(("-save-temps=", "-fsycl-footer-path=")):
            i += 1
            continue
        if a.startswith("-o") and len(a) > 2:
            i += 1
            continue
        if a.startswith("-fsycl-targets=") or a.startswith("-fsycl-spec-constants="):
            i += 1
            continue
        if a.endswith(SOURCES) and os.path.isfile(a):
            sources.append(a)
        out.append(a)
        key.append(a)
        i += 1
    if not sources:
        return None
    return out + ["-fsycl-targets=nvptx64-nvidia-cuda"], key, sources


def main():
    stamp_dir, ptxas, driver, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    status = subprocess.call([driver] + args)
    if status != 0 or not os.access(ptxas, os.X_OK):
        return status
    shadow = shadow_arguments(args)
    if shadow is None:
        return 0
    shadow_args, key_words, sources = shadow
    digest = hashlib.sha256()
    digest.update(str(os.stat(driver).st_mtime_ns).encode())
    digest.update(os.getcwd().encode())
    for word in key_words:
        digest.update(word.encode() + b"\0")
    for source in sources:
        with open(source, "rb") as f:
            digest.update(f.read())
    os.makedirs(stamp_dir, exist_ok=True)
    stamp = os.path.join(stamp_dir, digest.hexdigest())
    if os.path.exists(stamp):
        return 0
    output = stamp + ".out"
    env = dict(os.environ, SYCL_SPECCONST_PTXAS=ptxas)
    run = subprocess.run([driver] + shadow_args + ["-o", output], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    for leftover in (output,):
        if os.path.exists(leftover):
            os.remove(leftover)
    if run.returncode != 0:
        sys.stderr.write(run.stdout.decode(errors="replace"))
        sys.stderr.write("nvptx-shadow: error: the nvptx64 build of this command failed: %s\n"
                         % " ".join(shadow_args))
        return 1
    open(stamp, "w").close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
