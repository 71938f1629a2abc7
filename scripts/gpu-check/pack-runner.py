#!/usr/bin/env python3
"""Runs the packed test programs (scripts/gpu-check/pack copies this file to pack/run).

Usage: run [-j N] [-l] [PATTERN...]   (fnmatch patterns over entry names; default all)
Unpacks payload.tar.xz once into $GPU_CHECK_UNPACK (default $TMPDIR/gpu-check-pack-HASH), puts
its lib/ first on LD_LIBRARY_PATH (the existing value after it: libcuda.so.1), selects the
device with ONEAPI_DEVICE_SELECTOR=$GPU_CHECK_SELECTOR (default cuda:gpu; empty: unset), runs
every entry with its arguments, environment and standard input, 60 s each
($GPU_CHECK_TIMEOUT), 8 at once ($GPU_CHECK_JOBS), and writes $OUT/results/NAME.out, .err,
.rc (exit status; 124: timed out) and .time (wall seconds), and $OUT/manifest.json for
scripts/gpu-check/check.
"""

import argparse
import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def unpack():
    """The payload's files, unpacked once per payload (outside the pack: the device tool carries
    the pack, which must stay small)."""
    payload = os.path.join(HERE, "payload.tar.xz")
    digest = hashlib.sha256()
    with open(payload, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    digest = digest.hexdigest()
    target = os.environ.get("GPU_CHECK_UNPACK") or os.path.join(
        tempfile.gettempdir(), "gpu-check-pack-" + digest[:16])
    stamp = os.path.join(target, ".payload-sha256")
    if os.path.isfile(stamp) and open(stamp).read() == digest:
        return target
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    with tarfile.open(payload, "r:xz") as tar:
        if hasattr(tarfile, "tar_filter"):
            tar.extractall(target, filter="tar")
        else:
            tar.extractall(target)
    with open(stamp, "w") as f:
        f.write(digest)
    return target


def main():
    parser = argparse.ArgumentParser(description="runs the packed test programs")
    parser.add_argument("patterns", nargs="*", help="fnmatch patterns of entry names")
    parser.add_argument("-j", "--jobs", type=int, default=int(os.environ.get("GPU_CHECK_JOBS", "8")))
    parser.add_argument("-l", "--list", action="store_true", help="list the entries and exit")
    options = parser.parse_args()

    with open(os.path.join(HERE, "manifest.json")) as f:
        manifest = json.load(f)
    entries = [e for e in manifest["entries"]
               if not options.patterns or any(fnmatch.fnmatchcase(e["name"], p) for p in options.patterns)]
    if options.list:
        for e in entries:
            print(e["name"])
        return 0
    if not entries:
        print("run: no entry matches", " ".join(options.patterns), file=sys.stderr)
        return 2

    out = os.environ.get("OUT") or os.path.join(os.getcwd(), "gpu-check-out")
    results = os.path.join(out, "results")
    os.makedirs(results, exist_ok=True)
    shutil.copyfile(os.path.join(HERE, "manifest.json"), os.path.join(out, "manifest.json"))
    root = unpack()
    lib = os.path.join(root, "lib")
    timeout = float(os.environ.get("GPU_CHECK_TIMEOUT", "60"))
    base_env = dict(os.environ)
    selector = os.environ.get("GPU_CHECK_SELECTOR", "cuda:gpu")
    if selector:
        base_env["ONEAPI_DEVICE_SELECTOR"] = selector
    else:
        base_env.pop("ONEAPI_DEVICE_SELECTOR", None)
    # AddressSanitizer's reports name functions and lines through llvm-symbolizer where there is
    # one, else (the GPU machine has no LLVM) through binutils' addr2line.
    asan = base_env.get("ASAN_OPTIONS", "")
    if "allow_addr2line" not in asan:
        base_env["ASAN_OPTIONS"] = (asan + ":" if asan else "") + "allow_addr2line=1"
    adapter = os.path.isfile(os.path.join(lib, "libur_adapter_cuda.so.0"))
    print("run: %d entries, %d at once, selector %s, CUDA adapter %s" % (
        len(entries), options.jobs, selector or "(unset)", "packed" if adapter else "MISSING"), flush=True)

    def run(entry):
        program = os.path.join(root, entry["program"])
        program_dir = os.path.dirname(program)
        env = dict(base_env)
        # The program's own directory: shared libraries its test built.
        env["LD_LIBRARY_PATH"] = os.pathsep.join(
            p for p in (lib, program_dir, os.environ.get("LD_LIBRARY_PATH", "")) if p)
        env.update(entry["env"])
        stem = os.path.join(results, entry["name"])
        stdin = open(os.path.join(root, entry["stdin"]), "rb") if entry.get("stdin") else subprocess.DEVNULL
        start = time.monotonic()
        with open(stem + ".out", "wb") as out_file, open(stem + ".err", "wb") as err_file:
            try:
                proc = subprocess.Popen([program] + entry["args"], cwd=program_dir, env=env, stdin=stdin,
                                        stdout=out_file,
                                        stderr=subprocess.STDOUT if entry["merge_stderr"] else err_file,
                                        start_new_session=True)
                try:
                    rc = proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, 9)
                    proc.wait()
                    rc = 124
            except OSError as e:
                err_file.write(("run: %s\n" % e).encode())
                rc = 127
        if stdin is not subprocess.DEVNULL:
            stdin.close()
        wall = time.monotonic() - start
        with open(stem + ".rc", "w") as f:
            f.write("%d\n" % rc)
        with open(stem + ".time", "w") as f:
            f.write("%.2f\n" % wall)
        print("%-4s rc=%-4d %6.1f s  %s" % ("ok" if rc == 0 else "EXIT", rc, wall, entry["name"]), flush=True)
        return rc

    with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        codes = list(pool.map(run, entries))
    nonzero = sum(1 for rc in codes if rc != 0)
    timed_out = sum(1 for rc in codes if rc == 124)
    summary = "run: %d ran, %d non-zero exit (%d timed out; some entries expect a non-zero exit)" % (
        len(codes), nonzero, timed_out)
    print(summary + "; results in " + results)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(summary + "\n")
    if shutil.which("nvidia-smi"):
        # Which GPU and driver the results come from.
        with open(os.path.join(out, "device.txt"), "w") as f:
            subprocess.run(["nvidia-smi", "-L"], stdout=f, stderr=subprocess.STDOUT, timeout=30)
            subprocess.run(["nvidia-smi", "--query-gpu=driver_version,compute_cap", "--format=csv"],
                           stdout=f, stderr=subprocess.STDOUT, timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
