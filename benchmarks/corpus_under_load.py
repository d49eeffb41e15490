"""The corpus graded 4 at a time beside 2 CPU-bound processes per CPU, ROUNDS times over:
no grading may raise (target 0: a grading that died of a race, e.g. CPython's AST race,
gh-106905, issue 30), each must end within 300 s of wall time (target: the slowest
under 300 s, hostile_sleeping_filter and the other slow kinds included), and each must get
the score and fail the tests that the corpus's manifest says (target: 0 differ; a busy
machine changes no score).

    python benchmarks/corpus_under_load.py [--rounds 10] [--jobs 4] [--busy 2] [NAME ...]

NAME: corpus folders to grade (default: all).  Run it with each Python the kit supports
(3.10 to 3.13).  Each round after the first grades the previous round's slowest first, so
a round lasts about as long as its work, not its last long grading's start plus its length.
Prints the count of gradings and of those that raised (with the first
error of each kind) and the slowest gradings with their wall times.
"""
import argparse
import collections
import concurrent.futures
import os
import pathlib
import sys
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader import grading  # noqa: E402
from grader.results.rubric import load_rubric  # noqa: E402
from grader.tests.load import cpu_bound_processes  # noqa: E402
from grader.tests.manifest import CORPUS_SEED, MANIFEST, SUBMISSIONS  # noqa: E402

WALL_TARGET = 300.0
SHOWN_SLOWEST = 8


def graded(name):
    """(name, wall seconds, None or the error the grading raised, None or how its score and
    failed tests differ from the manifest's)."""
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    started = time.monotonic()
    error = difference = None
    try:
        result = grading.grade(SUBMISSIONS / name, rubric, seed=CORPUS_SEED,
                               unsafe_no_jail=os.geteuid() != 0)
    except Exception as raised:  # noqa: BLE001  (counted: the point of the benchmark)
        error = "%s: %s" % (type(raised).__name__, raised)
    else:
        failed = sorted(test.spec.id for test in result.tests if not test.outcome.passed)
        expected = MANIFEST[name]
        if result.score != expected["score"] or failed != sorted(expected["failed"]):
            difference = "score %s, failed %s (the manifest: %s, %s)" % (
                result.score, failed, expected["score"], sorted(expected["failed"]))
    return name, time.monotonic() - started, error, difference


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--busy", type=int, default=2, help="CPU-bound processes per CPU")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    names = args.names or sorted(p.name for p in SUBMISSIONS.iterdir() if p.is_dir())
    results, errors, differences = [], collections.Counter(), 0
    print("Python %s; %d submissions x %d rounds, %d at a time, %d CPU-bound processes per CPU"
          % (sys.version.split()[0], len(names), args.rounds, args.jobs, args.busy), flush=True)
    with cpu_bound_processes(args.busy * (os.cpu_count() or 1)):
        for number in range(args.rounds):
            started = time.monotonic()
            walls = {}
            with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
                for name, seconds, error, difference in pool.map(graded, names):
                    results.append((seconds, name))
                    walls[name] = seconds
                    if error:
                        errors[error] += 1
                        print("round %d: %s raised %s" % (number + 1, name, error), flush=True)
                    if difference:
                        differences += 1
                        print("round %d: %s: %s" % (number + 1, name, difference), flush=True)
            print("round %d of %d: %d gradings in %.0f s, %d raised and %d scored otherwise so far"
                  % (number + 1, args.rounds, len(names), time.monotonic() - started,
                     sum(errors.values()), differences), flush=True)
            names.sort(key=walls.get, reverse=True)
    raised = sum(errors.values())
    print("gradings: %d; raised: %d (target 0) -> %s"
          % (len(results), raised, "met" if not raised else "NOT met"))
    print("scored otherwise than the manifest: %d (target 0) -> %s"
          % (differences, "met" if not differences else "NOT met"))
    slowest = sorted(results, reverse=True)
    for seconds, name in slowest[:SHOWN_SLOWEST]:
        print("  %7.1f s  %s" % (seconds, name))
    print("slowest grading: %.1f s (target under %.0f s) -> %s" % (
        slowest[0][0], WALL_TARGET, "met" if slowest[0][0] < WALL_TARGET else "NOT met"))


if __name__ == "__main__":
    main()
