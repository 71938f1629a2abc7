"""Shared by the benchmark scripts (scripts/bench-footer, scripts/bench-post-link)."""
import os
import shutil
import subprocess
import sys


def instructions(cmd, tool):
    """Instructions executed by one run of `cmd`, all threads (valgrind --tool=callgrind).
    `tool` names the calling script in error messages."""
    valgrind = shutil.which("valgrind") or sys.exit(f"{tool}: --instructions needs valgrind")
    proc = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=" + os.devnull]
                          + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit("%s: command failed under valgrind (%d): %s\n%s"
                 % (tool, proc.returncode, " ".join(cmd), proc.stderr))
    for line in proc.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    sys.exit(f"{tool}: no instruction count in valgrind's output")
