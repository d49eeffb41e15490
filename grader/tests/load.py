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
    """count processes that only burn CPU, ended (by their pids) when the block ends.

    Each runs in a session of its own, as the other jobs of a busy machine do: where the
    kernel shares CPU time out by session (Linux's autogroup, on in most desktop and VM
    kernels), burners in the grader's session would take their time from the grader alone,
    not from the sandboxed children, which start sessions of their own."""
    burners = [subprocess.Popen([sys.executable, "-c", BURNER], start_new_session=True)
               for _ in range(count)]
    try:
        yield [burner.pid for burner in burners]
    finally:
        for burner in burners:
            os.kill(burner.pid, signal.SIGKILL)
            burner.wait()


@contextlib.contextmanager
def sharing_one_cpu(burners=3):
    """This thread (and the children it starts) on one CPU with `burners` CPU-bound processes
    (as cpu_bound_processes'): the children get a small part of it, however idle the machine."""
    before = os.sched_getaffinity(0)
    cpu = min(before)
    os.sched_setaffinity(0, {cpu})
    try:
        with cpu_bound_processes(burners) as pids:
            for pid in pids:
                os.sched_setaffinity(pid, {cpu})
            yield
    finally:
        os.sched_setaffinity(0, before)
