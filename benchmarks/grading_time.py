"""Wall time to grade one well-behaved submission, end to end (target: under 2 s).

    python benchmarks/grading_time.py [N] [SUBMISSION] [--against REV] [--rounds R]

Grades SUBMISSION (default: the kit's own reference, as a student would hand
it in) three ways and prints each figure:
- a fresh `python -m grader grade` process, as Gradescope runs one per
  submission, with the expected values cached (`python -m grader prepare`);
- the same with no cache, so the process builds the expected values itself;
- N gradings (default 5) in one process, as each `grade-all` worker does.

With --against REV (a git revision of this repository, e.g. the commit an issue
was filed at) the same figures are taken for that revision too, in a temporary
worktree, the two trees taking turns for R rounds (default 5) so that a machine
whose speed drifts (a shared one) weighs on both alike; it prints each figure's
median for both and their ratio, and whether this tree is within 10% of REV.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
TOLERANCE = 1.10    # this tree may take at most 10% more than --against's
# Run in a tree's folder: N gradings of SUBMISSION in one process (after a warm-up), their times.
IN_PROCESS = r"""
import json, sys, time
from grader import grading
from grader.checks import function_cases
from grader.results.rubric import load_rubric
rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
function_cases.all_cases()
grading.grade(sys.argv[1], rubric)
times = []
for _ in range(int(sys.argv[2])):
    started = time.perf_counter()
    score = grading.grade(sys.argv[1], rubric).score
    times.append(time.perf_counter() - started)
print(json.dumps({"times": times, "score": score}))
"""
FIGURES = ("cached", "cold", "in_process")
LABELS = {"cached": "python -m grader grade, expected values cached",
          "cold": "python -m grader grade, no cache",
          "in_process": "%d gradings in one process (grade-all)"}


class Tree:
    """A copy of the kit to time: its folder and its own cache of expected values."""

    def __init__(self, root, cache):
        self.root, self.cache = pathlib.Path(root), pathlib.Path(cache)
        self.environment = dict(os.environ, WORDLE_KIT_CACHE=str(self.cache))

    def prepare(self):
        subprocess.run([sys.executable, "-m", "grader", "prepare"], cwd=self.root,
                       env=self.environment, stdout=subprocess.DEVNULL, check=True)

    def graded(self, path, environment=None):
        """Seconds of one `python -m grader grade` process."""
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "grader", "grade", str(path)], cwd=self.root,
                       env=environment or self.environment, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - started

    def cold(self, path, empty):
        shutil.rmtree(empty, ignore_errors=True)
        return self.graded(path, dict(self.environment, WORDLE_KIT_CACHE=str(empty)))

    def in_process(self, path, runs):
        """(the times of runs gradings in one process, the score)."""
        done = subprocess.run([sys.executable, "-c", IN_PROCESS, str(path), str(runs)],
                              cwd=self.root, env=self.environment, capture_output=True,
                              text=True, check=True)
        found = json.loads(done.stdout)
        return found["times"], found["score"]


def reference_submission(folder):
    folder.mkdir()
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.copy(KIT_ROOT / name, folder / name)
    return folder


def summary(times):
    return "median %.2f s, worst %.2f s" % (statistics.median(times), max(times))


def measure(tree, path, runs, temp, cached=3, cold=2):
    """({figure: [seconds]}, the score) of one prepared tree: runs gradings in one process,
    cached gradings with the expected values cached, cold ones without."""
    times, score = tree.in_process(path, runs)
    return {"cached": [tree.graded(path) for _ in range(cached)],
            "cold": [tree.cold(path, temp / "empty") for _ in range(cold)],
            "in_process": times}, score


def compare(against, path, runs, rounds, temp):
    """Time this tree and revision against in turns; print medians and ratios; True when this
    tree is within TOLERANCE of it on every figure."""
    other = temp / "against"
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(other), against],
                   cwd=KIT_ROOT, check=True)
    try:
        trees = {"this tree": Tree(KIT_ROOT, temp / "cache-this"),
                 against: Tree(other, temp / "cache-against")}
        for tree in trees.values():
            tree.prepare()
        figures = {name: {figure: [] for figure in FIGURES} for name in trees}
        for round_number in range(rounds):
            for name, tree in trees.items():
                found, _ = measure(tree, path, runs, temp, cached=1, cold=1)
                found["in_process"] = [statistics.median(found["in_process"])]
                for figure in FIGURES:
                    figures[name][figure] += found[figure]
            print("round %d of %d done" % (round_number + 1, rounds), flush=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=KIT_ROOT)
    within = True
    for figure in FIGURES:
        this, base = (statistics.median(figures[name][figure]) for name in trees)
        ratio = this / base
        within = within and ratio <= TOLERANCE
        print("%-48s this tree %.2f s, %s %.2f s: %.2f times" % (
            (LABELS[figure] % runs) if "%d" in LABELS[figure] else LABELS[figure], this,
            against, base, ratio))
    print("within 10%% of %s: %s" % (against, "yes" if within else "NO"))
    return within


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("submission", nargs="?")
    parser.add_argument("--against", metavar="REV")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        temp = pathlib.Path(temp)
        path = (pathlib.Path(options.submission).resolve() if options.submission
                else reference_submission(temp / "submission"))
        if options.against:
            return 0 if compare(options.against, path, options.runs, options.rounds, temp) else 1
        tree = Tree(KIT_ROOT, os.environ.get("WORDLE_KIT_CACHE") or temp / "cache")
        tree.prepare()
        figures, score = measure(tree, path, options.runs, temp)
    print("submission: %s (score %s)" % (options.submission or "the reference", score))
    print("%-48s %s (target < 2 s)" % (LABELS["cached"], summary(figures["cached"])))
    print("%-48s %s" % (LABELS["cold"], summary(figures["cold"])))
    print("%-48s %s" % (LABELS["in_process"] % options.runs, summary(figures["in_process"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
