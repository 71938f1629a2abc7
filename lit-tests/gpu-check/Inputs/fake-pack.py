"""Writes a pack as scripts/gpu-check/pack lays it out (run, manifest.json, payload.tar.xz), its
program a shell script, for the runner's and the checker's tests: fake-pack.py PACK CHECK_FILE."""
import io
import json
import os
import shutil
import sys
import tarfile

pack, check_file = sys.argv[1], os.path.abspath(sys.argv[2])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
check_file = os.path.relpath(check_file, root)
program = b"""#!/bin/sh
case "$1" in
  ok) echo "value $VALUE"; read line; echo "stdin $line" ;;
  fail) echo "value 42"; exit 3 ;;
  err) echo "to stderr" >&2; exit 2 ;;
  hang) sleep 30 ;;
  where) echo "ld $LD_LIBRARY_PATH"; echo "selector $ONEAPI_DEVICE_SELECTOR"; echo "cwd $PWD" ;;
esac
"""


def entry(name, args, prefix, env=None, stdin=None, merge=False, expect="zero"):
    e = {"name": name, "test": check_file, "line": "RUN: at line 1", "program": "bin/fake/prog",
         "args": args, "env": env or {}, "merge_stderr": merge, "expect_exit": expect,
         "filecheck": ["--check-prefix=" + prefix, check_file]}
    if stdin:
        e["stdin"] = stdin
    return e


entries = [
    entry("fake.ok", ["ok"], "OK", {"VALUE": "42"}, "stdin/fake.ok"),
    entry("fake.wrong-value", ["ok"], "OK", {"VALUE": "41"}, "stdin/fake.ok"),
    entry("fake.exit", ["fail"], "VALUE"),
    entry("fake.not", ["err"], "ERR", merge=True, expect="nonzero"),
    entry("fake.hang", ["hang"], "VALUE"),
    entry("fake.where", ["where"], "WHERE"),
]
os.makedirs(pack)
with open(os.path.join(pack, "manifest.json"), "w") as f:
    json.dump({"entries": entries, "skipped": [], "not_packed": [], "targets": "fake"}, f)
with tarfile.open(os.path.join(pack, "payload.tar.xz"), "w:xz") as tar:
    for name, data, mode in (("bin/fake/prog", program, 0o755), ("stdin/fake.ok", b"hello\n", 0o644),
                             ("lib/libur_loader.so.0", b"", 0o644)):
        info = tarfile.TarInfo(name)
        info.size, info.mode = len(data), mode
        tar.addfile(info, io.BytesIO(data))
shutil.copyfile(os.path.join(root, "scripts", "gpu-check", "pack-runner.py"), os.path.join(pack, "run"))
