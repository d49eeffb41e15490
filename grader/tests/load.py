"""Grading under load: the same submission graded while CPU-bound processes run beside it.

Shared by test_stability.py and benchmarks/grading_stability.py.
"""
import contextlib
import os
import signal
import subprocess
import sys

BURNER = "while True:\n    pass\n"


@contextlib.contextmanager
def cpu_bound_processes(count):
    """count processes that only burn CPU, ended (by their pids) when the block ends."""
    burners = [subprocess.Popen([sys.executable, "-c", BURNER]) for _ in range(count)]
    try:
        yield [burner.pid for burner in burners]
    finally:
        for burner in burners:
            os.kill(burner.pid, signal.SIGKILL)
            burner.wait()
