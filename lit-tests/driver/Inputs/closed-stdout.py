"""Runs a command with its standard output a pipe whose reader has gone (as `| head` leaves it
once head exits) and prints the exit status and whatever the command wrote to standard error.

usage: closed-stdout.py COMMAND [ARGS...]
"""
import os
import subprocess
import sys

read_end, write_end = os.pipe()
os.close(read_end)
done = subprocess.run(sys.argv[1:], stdout=write_end, stderr=subprocess.PIPE)
os.close(write_end)
print(f"exit={done.returncode}")
sys.stdout.write(done.stderr.decode(errors="replace"))
