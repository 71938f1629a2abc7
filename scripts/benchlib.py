"""Shared by the benchmark scripts (scripts/bench-footer, scripts/bench-post-link,
scripts/bench-driver)."""
import os
import resource
import shutil
import subprocess
import sys
import time


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


def run_once(cmd, tool, env=None):
    """Wall and user+sys CPU seconds of one run (children and grandchildren that were waited
    for); fails loudly on a non-zero exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("%s: command failed (%d): %s\n%s"
                 % (tool, proc.returncode, " ".join(cmd), proc.stderr.decode(errors="replace")))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def paired(first, second, runs, tool):
    """One warm-up each, then `runs` pairs back to back in alternating order (A B, B A, ...):
    a slow spell of the machine then tends to hit both members of a pair, and neither side
    always goes first. Returns ((walls, cpus) of first, (walls, cpus) of second)."""
    run_once(first, tool)
    run_once(second, tool)
    a_wall, a_cpu, b_wall, b_cpu = [], [], [], []
    for i in range(runs):
        order = [(first, a_wall, a_cpu), (second, b_wall, b_cpu)]
        for cmd, walls, cpus in (order if i % 2 == 0 else order[::-1]):
            w, c = run_once(cmd, tool)
            walls.append(w)
            cpus.append(c)
    return (a_wall, a_cpu), (b_wall, b_cpu)
