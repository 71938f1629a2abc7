"""Builds the execution tests' and examples' programs for spir64 and the NVIDIA GPU and packs them.

lit itself reads each test of lit-tests/exec (lit.cfg.py, lit.local.cfg, REQUIRES, RUN lines,
substitutions) and its internal shell runs the build commands, as the suite does, with
%sycl-clangxx and %sycl-driver adding -fsycl-targets=spir64,nvidia_gpu_sm_90. A RUN pipeline
`PROGRAM ARGS | FileCheck ...` whose program the test built is not run here: the program is
copied (stripped) into the pack and becomes a manifest entry (arguments, environment, standard
input, `not`, `2>&1`, and the FileCheck invocation that scripts/gpu-check/check applies to the
output that comes back). Other commands (build-artifact checks such as `ls x.sycl | FileCheck`)
run here; their failures are reported as warnings, not entries.

target/gpu-check/pack/ then holds `run` (scripts/gpu-check/pack-runner.py), manifest.json and
payload.tar.xz (bin/: the programs and the shared libraries they built; lib/: Intel's runtime
libraries and libur_adapter_cuda.so.0 beside libur_loader.so.0; stdin/), which `run` unpacks.
"""

import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor

from runtime_libs import RUNTIME_FILES, SPECIALISER, MissingLibrary, shared_library_closure

import lit.discovery
import lit.LitConfig
import lit.ShUtil
import lit.Test
import lit.TestRunner

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "scripts", "gpu-check")
OUT = os.path.join(ROOT, "target", "gpu-check")
PACK = os.path.join(OUT, "pack")
WORK = os.path.join(OUT, "pack-build")
RUNTIME_LIB = os.path.join(ROOT, ".venv", "lib")
RESULT = "result.json"  # a test's entries, warnings and input digest, in its staging folder
STRIP = shutil.which("llvm-strip-22") or "strip"

# Tests that run no program built by %sycl-clangxx, or whose programs a GPU cannot run.
SKIPPED_TESTS = {
    "aot-cpu.cpp": "spir64_x86_64 AOT images for the OpenCL CPU device (its own -fsycl-targets)",
    "cmake-package.test": "tooling: the CMake package; its program is built by the installed driver",
    "compiler-caches.test": "tooling: ccache and sccache",
    "install.test": "tooling: scripts/test-install; its program is built by the installed driver",
    "install-prefix-space.test": "tooling: scripts/install refusing prefixes",
    "install-shared-prefix.test": "tooling: scripts/install in a shared prefix",
}
# Environment variables of the CPU machine that mean nothing on the GPU machine.
DROPPED_ENV = ("OCL_ICD_VENDORS", "OCL_ICD_FILENAMES")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tests", nargs="*", help="test files or directories (default lit-tests/exec)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="tests built at once (default 2)")
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, "target", "release"))
    parser.add_argument("--targets", default="spir64,nvidia_gpu_sm_90")
    parser.add_argument("--flags", default="",
                        help="more driver flags for every build (e.g. -fsycl-spec-constants=emulation)")
    parser.add_argument("--without-specialiser", action="store_true",
                        help="pack no specialiser and no LLVM (kernels run emulated; for builds"
                        " with -fsycl-spec-constants=emulation, whose images have no bitcode)")
    parser.add_argument("--name", default="pack",
                        help="the pack's folder under target/gpu-check (default pack; its builds in"
                        " NAME-build)")
    parser.add_argument("--force", action="store_true",
                        help="rebuild every test (default: reuse a test's programs while its source,"
                        " the shared inputs and the tools are unchanged)")
    return parser.parse_args()


def make_driver_wrapper(bin_dir, targets, flags):
    """The driver with the targets (and `flags`) added: a file, so that other programs (Python's
    subprocess, another user) can run it as %sycl-driver."""
    wrapper_dir = os.path.join(WORK, "driver")
    os.makedirs(wrapper_dir, exist_ok=True)
    wrapper = os.path.join(wrapper_dir, "sycl-clang++")
    driver = os.path.join(bin_dir, "sycl-clang++")
    extra = "".join(" " + shlex.quote(flag) for flag in shlex.split(flags))
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\nexec "%s" -fsycl-targets=%s%s "$@"\n' % (driver, targets, extra))
    os.chmod(wrapper, 0o755)
    return wrapper


def discover(paths, bin_dir):
    lit_config = lit.LitConfig.LitConfig(
        progname="gpu-check-pack", path=[], diagnostic_level="error", useValgrind=False,
        valgrindLeakCheck=False, valgrindArgs=[], noExecute=False, debug=False,
        isWindows=False, order="lexical",
        params={"bin_dir": bin_dir, "nvptx_shadow": "0"},
    )
    tests = lit.discovery.find_tests_for_inputs(lit_config, paths)
    return lit_config, sorted(tests, key=lambda t: t.getFullName())


def relative_to_root(arg):
    if isinstance(arg, str) and arg.startswith(ROOT + "/"):
        return os.path.relpath(arg, ROOT)
    return arg


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def copy_stripped(src, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(src, "rb") as f:
        sanitized = b"__asan_init" in f.read()
    if sanitized:
        # AddressSanitizer's reports name functions and source lines (where a symbolizer runs).
        shutil.copyfile(src, dest)
    else:
        subprocess.run([STRIP, "--strip-unneeded", src, "-o", dest], check=True,
                       stdout=subprocess.DEVNULL)
    os.chmod(dest, 0o755)


def program_run_parts(pipeline):
    """For `[not] [env V=X...] [timeout N] PATH ARGS | FileCheck ...` with a PATH (not a command
    found on PATH): (PATH and ARGS, the environment, whether `not` expects a failure)."""
    commands = pipeline.commands
    if len(commands) != 2 or pipeline.negate:
        return None
    check = commands[1]
    if not check.args or os.path.basename(str(check.args[0])) != "FileCheck" or check.redirects:
        return None
    args = list(commands[0].args)
    if not all(isinstance(a, str) for a in args):
        return None
    expect_failure = False
    env = {}
    while args:
        if args[0] == "not" and len(args) > 1 and args[1] != "--crash":
            expect_failure = not expect_failure
            args = args[1:]
        elif args[0] == "env":
            args = args[1:]
            while args and "=" in args[0] and not args[0].startswith("-"):
                name, value = args[0].split("=", 1)
                env[name] = value
                args = args[1:]
        elif args[0] == "timeout" and len(args) > 2:
            args = args[2:]  # the runner has its own timeout
        else:
            break
    if not args or "/" not in args[0]:
        return None
    return args, env, expect_failure


def pipelines(node):
    if isinstance(node, lit.ShUtil.Seq):
        return pipelines(node.lhs) + pipelines(node.rhs)
    return [node] if isinstance(node, lit.ShUtil.Pipeline) else []


class TestPacker:
    """Runs one test's RUN lines with lit's internal shell, turning program runs into entries."""

    def __init__(self, test, lit_config, stage):
        self.test = test
        self.lit_config = lit_config
        self.stage = stage
        self.stem = os.path.splitext(os.path.basename(test.getSourcePath()))[0]
        self.entries = []
        self.warnings = []
        self.problems = []  # program runs that could not become entries
        self.names = set()
        self.copied = {}  # built program path + content hash -> path in the pack

    def script(self):
        parsed = lit.TestRunner.parseIntegratedTestScript(self.test, require_script=True)
        if isinstance(parsed, lit.Test.Result):
            return parsed
        tmp_dir, self.tmp_base = lit.TestRunner.getTempPaths(self.test)
        substitutions = list(lit.TestRunner.getDefaultSubstitutions(self.test, tmp_dir, self.tmp_base))
        conditions = {feature: True for feature in self.test.config.available_features}
        return lit.TestRunner.applySubstitutions(
            parsed, substitutions, conditions,
            recursion_limit=self.test.config.recursiveExpansionLimit)

    def run(self):
        script = self.script()
        if isinstance(script, lit.Test.Result):
            return "unsupported here: " + (script.output or "").strip().replace("\n", " ")
        os.makedirs(os.path.dirname(self.tmp_base), exist_ok=True)
        self.shenv = lit.TestRunner.ShellEnvironment(
            os.path.dirname(self.test.getExecPath()), dict(self.test.config.environment))
        stopped = None
        for line in script:
            command = line
            match = re.fullmatch(lit.TestRunner.kPdbgRegex, line)
            where = "RUN"
            if match:
                where, command = match.group(1), match.group(2)
            if not command.strip():
                continue
            self.where = where
            tree = lit.ShUtil.ShParser(command, False, self.test.config.pipefail).parse()
            if stopped:
                # The program runs the failed build step left without a program.
                for pipeline in pipelines(tree):
                    if program_run_parts(pipeline):
                        self.problems.append("%s: %s: not built (the build stopped at %s)" % (
                            self.stem, where, stopped))
            elif self.walk(tree) != 0:
                self.warnings.append("%s: stopped at %s: %s" % (self.stem, where, command.strip()))
                stopped = where
        return None

    def walk(self, node):
        if isinstance(node, lit.ShUtil.Seq):
            result = self.walk(node.lhs)
            if node.op == "&&":
                return result if result != 0 else self.walk(node.rhs)
            if node.op == "||":
                return result if result == 0 else self.walk(node.rhs)
            return self.walk(node.rhs)
        if isinstance(node, lit.ShUtil.Pipeline) and self.record(node):
            return 0
        return self.execute(node)

    def execute(self, node):
        results = []
        try:
            code = lit.TestRunner._executeShCmd(node, self.shenv, results, lit.TestRunner.TimeoutHelper(0))
        except lit.TestRunner.InternalShellError as e:
            self.warnings.append("%s: %s: %s" % (self.stem, self.where, e.message))
            return 1
        if code != 0:
            detail = results[-1].stderr.strip().splitlines()[-3:] if results else []
            check_only = isinstance(node, lit.ShUtil.Pipeline) and os.path.basename(
                str(node.commands[-1].args[0])) == "FileCheck"
            self.warnings.append("%s: %s exited %s%s: %s" % (
                self.stem, self.where, code, " (a check of build outputs, carried on)" if check_only else "",
                " | ".join(detail)))
            # A failed check of build outputs (ls x.sycl | FileCheck, with both targets' images
            # there) does not stop the builds after it.
            return 0 if check_only else code
        return 0

    def record(self, pipeline):
        """A `PROGRAM ARGS | FileCheck ...` pipeline whose program this test built: an entry."""
        commands = pipeline.commands
        check = commands[-1]
        parts = program_run_parts(pipeline)
        if parts is None:
            return False
        args, env, expect_failure = parts
        program = os.path.normpath(os.path.join(self.shenv.cwd, args[0]))
        if not program.startswith(self.tmp_base):
            return False
        # From here on it is a program run: it becomes an entry or a reported problem.
        merge_stderr = False
        stdin = None
        for redirect, target in commands[0].redirects:
            if redirect == (">&", 2) and target == "1":
                merge_stderr = True
            elif redirect == ("<",):
                stdin = os.path.normpath(os.path.join(self.shenv.cwd, target))
            else:
                self.problems.append("%s: %s: redirect %r not packed" % (self.stem, self.where, redirect))
                return True
        if not os.path.isfile(program):
            self.problems.append("%s: %s: %s was not built" % (self.stem, self.where, program))
            return True
        suffix = program[len(self.tmp_base):]
        suffix = suffix[len(".tmp"):] if suffix.startswith(".tmp") else suffix
        suffix = suffix.strip("/.").replace("/", ".")
        name = self.stem + ("." + suffix if suffix else "")
        base, n = name, 2
        while name in self.names:
            name, n = "%s.%d" % (base, n), n + 1
        self.names.add(name)
        key = (program, sha256(program))
        if key not in self.copied:
            dest = os.path.join("bin", self.stem, os.path.basename(program))
            m = 2
            while os.path.exists(os.path.join(self.stage, dest)):
                dest = os.path.join("bin", self.stem, "%s.%d" % (os.path.basename(program), m))
                m += 1
            copy_stripped(program, os.path.join(self.stage, dest))
            self.copy_built_libraries(program)
            self.copied[key] = dest
        for name_dropped in DROPPED_ENV:
            env.pop(name_dropped, None)
        entry = {
            "name": name,
            "test": os.path.relpath(self.test.getSourcePath(), ROOT),
            "line": self.where,
            "program": self.copied[key],
            "args": args[1:],
            "env": env,
            "merge_stderr": merge_stderr,
            "expect_exit": "nonzero" if expect_failure else "zero",
            "filecheck": [relative_to_root(a) for a in check.args[1:]],
        }
        if stdin:
            dest = os.path.join("stdin", name)
            os.makedirs(os.path.join(self.stage, "stdin"), exist_ok=True)
            shutil.copyfile(stdin, os.path.join(self.stage, dest))
            entry["stdin"] = dest
        self.entries.append(entry)
        return True

    def copy_built_libraries(self, program):
        """Shared libraries the test built (found through the program's RUNPATH) go beside it."""
        env = dict(self.shenv.env)
        listing = subprocess.run(["ldd", program], capture_output=True, text=True, env=env,
                                 cwd=self.shenv.cwd).stdout
        for line in listing.splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[1] == "=>" and parts[2].startswith(self.tmp_base):
                dest = os.path.join(self.stage, "bin", self.stem, parts[0])
                if not os.path.exists(dest):
                    copy_stripped(os.path.realpath(parts[2]), dest)


def stage_runtime(stage, with_specialiser):
    lib = os.path.join(stage, "lib")
    os.makedirs(lib, exist_ok=True)
    for name in RUNTIME_FILES:
        copy_stripped(os.path.realpath(os.path.join(RUNTIME_LIB, name)), os.path.join(lib, name))
    adapter = os.environ.get("SYCL_SPECCONST_UR_CUDA",
                             os.path.join(ROOT, "target", "release", "libur_adapter_cuda.so"))
    if not os.path.isfile(adapter):
        return "warning: no CUDA adapter at %s (SYCL_SPECCONST_UR_CUDA): packed without it" % adapter
    # The UR loader looks for adapters beside itself.
    copy_stripped(os.path.realpath(adapter), os.path.join(lib, "libur_adapter_cuda.so.0"))
    if not with_specialiser:
        return None
    # Beside it the specialiser it opens (issue 32), and LLVM with what LLVM loads that the GPU
    # machine may lack: without them kernels run emulated (correct, slower).
    specialiser = os.path.join(os.path.dirname(adapter), SPECIALISER)
    if not os.path.isfile(specialiser):
        return "warning: no %s beside the adapter: spec constants run emulated" % SPECIALISER
    copy_stripped(os.path.realpath(specialiser), os.path.join(lib, SPECIALISER))
    try:
        closure = shared_library_closure(specialiser)
    except MissingLibrary as missing:
        return "warning: %s: spec constants run emulated" % missing
    for name, path in closure:
        copy_stripped(os.path.realpath(path), os.path.join(lib, name))
    return None


def write_payload(stages, path):
    """A deterministic tarball of the staging folders' files: sorted names, no owners, no times."""
    def normalise(info):
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 0
        info.mode = 0o755 if info.isdir() or info.mode & stat.S_IXUSR else 0o644
        return info

    files = {}
    for stage in stages:
        for directory, _, names in os.walk(stage):
            for name in names:
                full = os.path.join(directory, name)
                arcname = os.path.relpath(full, stage)
                if arcname != RESULT:
                    files[arcname] = full
    with tarfile.open(path, "w:xz", format=tarfile.PAX_FORMAT, preset=6) as tar:
        for arcname in sorted(files):
            tar.add(files[arcname], arcname=arcname, filter=normalise)


def digest_of_files(paths):
    h = hashlib.sha256()
    for path in paths:
        h.update(os.path.relpath(path, ROOT).encode() + b"\0" + sha256(path).encode())
    return h.hexdigest()


def inputs_digest(bin_dir, targets):
    """What every test's programs depend on besides its own source: the tools, the driver's
    headers, the tests' shared inputs and configuration, the examples, this script."""
    paths = [os.path.realpath(os.path.join(bin_dir, tool))
             for tool in ("sycl-clang++", "sycl-footer", "sycl-post-link")]
    paths += [os.path.abspath(__file__), os.path.join(ROOT, "lit-tests", "lit.cfg.py"),
              os.path.join(ROOT, "lit-tests", "exec", "lit.local.cfg")]
    for tree in (os.path.join(ROOT, "lit-tests", "exec", "Inputs"), os.path.join(ROOT, "examples"),
                 os.path.join(ROOT, "driver", "include")):
        for directory, subdirs, names in os.walk(tree):
            subdirs.sort()
            paths += [os.path.join(directory, n) for n in sorted(names)]
    return hashlib.sha256((targets + digest_of_files(paths)).encode()).hexdigest()


def main():
    global PACK, WORK
    options = parse_args()
    PACK = os.path.join(OUT, options.name)
    WORK = os.path.join(OUT, options.name + "-build")
    start = time.monotonic()
    bin_dir = os.path.abspath(options.bin_dir)
    if not os.access(os.path.join(bin_dir, "sycl-clang++"), os.X_OK):
        sys.exit("pack: no %s/sycl-clang++ (cargo build --release)" % bin_dir)
    os.makedirs(WORK, exist_ok=True)
    wrapper = make_driver_wrapper(bin_dir, options.targets, options.flags)
    paths = options.tests or [os.path.join(ROOT, "lit-tests", "exec")]
    lit_config, tests = discover([os.path.abspath(p) for p in paths], bin_dir)
    runtime_stage = os.path.join(WORK, "runtime")
    shutil.rmtree(runtime_stage, ignore_errors=True)
    os.makedirs(runtime_stage)
    shared_inputs = inputs_digest(bin_dir, options.targets + " " + options.flags)
    for test in tests:
        # The builds' outputs and Intel's parsed headers stay apart from the lit suite's.
        test.suite.exec_root = os.path.join(WORK, "lit")
        test.config.environment["SYCL_SPECCONST_CACHE_DIR"] = os.path.join(WORK, "header-cache")
        test.config.substitutions = [
            (key, wrapper if key in ("%sycl-clangxx", "%sycl-driver") else value)
            for key, value in test.config.substitutions
        ]

    skipped = {}
    to_build = []
    for test in tests:
        source = os.path.basename(test.getSourcePath())
        if source in SKIPPED_TESTS:
            skipped[test.getFullName()] = SKIPPED_TESTS[source]
        else:
            to_build.append(test)

    def build(test):
        stage = os.path.join(WORK, "tests", os.path.splitext(os.path.basename(test.getSourcePath()))[0])
        result_path = os.path.join(stage, RESULT)
        key = hashlib.sha256((shared_inputs + digest_of_files([test.getSourcePath()])).encode()).hexdigest()
        if not options.force and os.path.isfile(result_path):
            with open(result_path) as f:
                result = json.load(f)
            if result["key"] == key:
                return test, stage, result, False
        shutil.rmtree(stage, ignore_errors=True)
        os.makedirs(stage)
        packer = TestPacker(test, lit_config, stage)
        t0 = time.monotonic()
        reason = packer.run()
        print("built %-50s %3d entries %6.1f s" % (os.path.basename(test.getSourcePath()),
                                                   len(packer.entries), time.monotonic() - t0),
              flush=True)
        result = {"key": key, "reason": reason, "entries": packer.entries,
                  "warnings": packer.warnings, "problems": packer.problems}
        # Written last: an interrupted build is redone.
        with open(result_path, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
        return test, stage, result, True

    entries, warnings, problems, stages = [], [], [], [runtime_stage]
    reused = 0
    with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        for test, stage, result, built in pool.map(build, to_build):
            reused += 0 if built else 1
            if result["reason"]:
                skipped[test.getFullName()] = result["reason"]
            elif not result["entries"] and not result["problems"]:
                skipped[test.getFullName()] = "runs no program of its own into FileCheck"
            entries += result["entries"]
            warnings += result["warnings"]
            problems += result["problems"]
            stages.append(stage)

    warning = stage_runtime(runtime_stage, not options.without_specialiser)
    shutil.rmtree(PACK, ignore_errors=True)
    os.makedirs(PACK)
    write_payload(stages, os.path.join(PACK, "payload.tar.xz"))
    manifest = {
        "targets": options.targets,
        "entries": entries,
        "skipped": [{"test": k, "reason": v} for k, v in sorted(skipped.items())],
        "not_packed": problems,
    }
    with open(os.path.join(PACK, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    shutil.copyfile(os.path.join(HERE, "pack-runner.py"), os.path.join(PACK, "run"))
    os.chmod(os.path.join(PACK, "run"), 0o755)

    for test, reason in sorted(skipped.items()):
        print("skipped %s: %s" % (test, reason))
    for line in warnings:
        print("warning: " + line)
    for line in problems:
        print("not packed: " + line)
    if warning:
        print(warning)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(PACK) for f in files)
    print("pack: %d entries from %d tests (%d built, %d reused), %d tests skipped, "
          "%d program runs not packed; %s: %.1f MiB; %.0f s" % (
              len(entries), len(to_build) - sum(1 for t in to_build if t.getFullName() in skipped),
              len(to_build) - reused, reused, len(skipped), len(problems),
              os.path.relpath(PACK, ROOT), size / 2**20, time.monotonic() - start))
    if size >= 64 * 2**20:
        sys.exit("pack: over 64 MiB")


if __name__ == "__main__":
    main()
