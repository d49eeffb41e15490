"""What each corpus kind costs the grader, graded alone: its wall and CPU time and their ratio
to a correct submission's (the kit's own wordle.py and easy_wordle.py, graded first).

    python benchmarks/grading_cost.py [--seed N] [NAME ...]

Each submission is graded by a fresh `python -m grader grade` process, one at a time. Its CPU
time is that of every process it runs (the sandbox's children included, however they end),
read from a cgroup made for it where one can be made (root: a v1 cpuacct or a v2 cgroup),
else from the machine's CPU time (/proc/stat: everything the machine ran meanwhile, so run it
on a quiet machine). A grading that ends as MachineTooBusy is graded again once, alone (the
benchmark runs nothing else), and the figures are the second grading's.

Targets (issue 44), on a quiet 2-core machine: every kind within 5 times a correct
submission's CPU time except the student's own slow work (correct_slow,
correct_quadratic_filter); cw_loops_on_repeated_guess_letter (a check_word that loops
whenever a grey letter of the guess repeats one) in at most 15 s of CPU time;
hostile_sleeping_filter within 60 s of wall time.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
SLOW_BUT_CORRECT = ("correct_slow", "correct_quadratic_filter")
CPU_RATIO_TARGET = 5.0
LOOP = "cw_loops_on_repeated_guess_letter"
LOOP_CPU_TARGET = 15.0
SLEEPER = "hostile_sleeping_filter"
SLEEPER_WALL_TARGET = 60.0
CGROUP_ROOTS = (("/sys/fs/cgroup/cpuacct", "cpuacct.usage", 1e9),
                ("/sys/fs/cgroup", "cpu.stat", 1e6))


def machine_cpu_seconds():
    """CPU seconds the machine has spent on everything (user, nice, system, irq, softirq)."""
    with open("/proc/stat") as handle:
        fields = handle.readline().split()[1:8]
    return (sum(int(value) for value in fields) - int(fields[3]) - int(fields[4])) \
        / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """A cgroup to run one grading in and read its CPU time from, or the machine's time."""

    def __init__(self):
        self.folder = self.file = None
        for root, name, scale in CGROUP_ROOTS:
            if not os.path.isdir(root):
                continue
            try:
                folder = tempfile.mkdtemp(prefix="grading-cost-", dir=root)
            except OSError:
                continue
            if os.path.exists(os.path.join(folder, name)):
                self.folder, self.file, self.scale = folder, os.path.join(folder, name), scale
                break
            os.rmdir(folder)
        self.kind = "a cgroup's" if self.folder else "the machine's (/proc/stat)"

    def seconds(self):
        if self.folder is None:
            return machine_cpu_seconds()
        with open(self.file) as handle:
            text = handle.read()
        if self.file.endswith("cpu.stat"):
            text = re.search(r"usage_usec (\d+)", text).group(1)
        return int(text) / self.scale

    def joining(self):
        """What the grading process runs first: joining the cgroup (None: nothing)."""
        if self.folder is None:
            return None
        procs = os.path.join(self.folder, "cgroup.procs")
        return lambda: open(procs, "w").write(str(os.getpid()))

    def close(self):
        if self.folder is not None:
            os.rmdir(self.folder)


def grade(folder, seed, meter):
    """(wall seconds, CPU seconds, score or None, whether it ended as MachineTooBusy)."""
    before, started = meter.seconds(), time.monotonic()
    done = subprocess.run([sys.executable, "-m", "grader", "grade", "--seed", str(seed),
                           "--no-color", str(folder)], cwd=KIT_ROOT, capture_output=True,
                          text=True, preexec_fn=meter.joining())
    wall, cpu = time.monotonic() - started, meter.seconds() - before
    score = re.search(r"^Score: ([\d.]+) /", done.stdout, re.MULTILINE)
    busy = "too busy" in done.stdout + done.stderr
    return wall, cpu, float(score.group(1)) if score else None, busy


def graded_alone(folder, seed, meter):
    found = grade(folder, seed, meter)
    return grade(folder, seed, meter) if found[3] else found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1913)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    names = args.names or sorted(p.name for p in SUBMISSIONS.iterdir() if p.is_dir())
    meter = CpuMeter()
    reference = pathlib.Path(tempfile.mkdtemp(prefix="grading-cost-kit-"))
    try:
        for name in ("wordle.py", "easy_wordle.py"):
            shutil.copy(KIT_ROOT / name, reference / name)
        base_wall, base_cpu, base_score, _ = graded_alone(reference, args.seed, meter)
        print("CPU time: %s; a correct submission (the kit's own files): %.1f s wall, %.1f s "
              "CPU, score %s" % (meter.kind, base_wall, base_cpu, base_score), flush=True)
        print("%-42s %8s %8s %7s %7s %s" % ("kind", "wall s", "CPU s", "x wall", "x CPU",
                                           "score"))
        missed = []
        for name in names:
            wall, cpu, score, busy = graded_alone(SUBMISSIONS / name, args.seed, meter)
            print("%-42s %8.1f %8.1f %7.1f %7.1f %s%s" % (
                name, wall, cpu, wall / base_wall, cpu / base_cpu, score,
                " (MachineTooBusy twice)" if busy else ""), flush=True)
            if name not in SLOW_BUT_CORRECT and cpu > CPU_RATIO_TARGET * base_cpu:
                missed.append("%s: %.1f times a correct submission's CPU time" % (
                    name, cpu / base_cpu))
            if name == LOOP and cpu > LOOP_CPU_TARGET:
                missed.append("%s: %.1f s of CPU (target %g)" % (name, cpu, LOOP_CPU_TARGET))
            if name == SLEEPER and wall > SLEEPER_WALL_TARGET:
                missed.append("%s: %.1f s of wall time (target %g)" % (
                    name, wall, SLEEPER_WALL_TARGET))
    finally:
        shutil.rmtree(reference)
        meter.close()
    print("targets: %s" % ("met" if not missed else "NOT met: " + "; ".join(missed)))


if __name__ == "__main__":
    main()
