"""Per-test scores of one submission graded 3 times on this machine as it is and 3 times
with 4 CPU-bound processes beside it: they must be the same (issue 8).

    python benchmarks/grading_stability.py [SUBMISSION]

SUBMISSION defaults to the corpus's cw_loops_on_repeats (a check_word that loops on
some inputs: its timeouts are where load used to change scores); the corpus's
correct_slow (about 100 times slower than the reference) is the other telling one.
All six use one seed, drawn afresh (a mistaken submission's games may fare differently
with another seed; that a correct one does not is grader/tests/test_transcripts.py's). Prints each grading's score,
seed, wall time and the tests whose result differed (none is the target).
"""
import pathlib
import sys
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader import grading  # noqa: E402
from grader.checks.transcripts import Seeds  # noqa: E402
from grader.results.rubric import load_rubric  # noqa: E402
from grader.tests.load import cpu_bound_processes  # noqa: E402

DEFAULT = KIT_ROOT / "grader" / "tests" / "submissions" / "cw_loops_on_repeats"


def graded(path, rubric, label, seed):
    started = time.perf_counter()
    result = grading.grade(path, rubric, seed=seed)
    seconds = time.perf_counter() - started
    print("%-6s score %5s  seed %9d  %6.1f s" % (label, result.score, result.seed, seconds))
    return {test.spec.id: test.score for test in result.tests}


def main():
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    seed = Seeds.draw().number
    print("submission: %s" % path)
    runs = [graded(path, rubric, "as is", seed) for _ in range(3)]
    with cpu_bound_processes(4):
        runs += [graded(path, rubric, "busy", seed) for _ in range(3)]
    differing = sorted(test for test in runs[0] if len({run[test] for run in runs}) > 1)
    print("tests whose score differed: %s (target: none) -> %s"
          % (", ".join(differing) or "none", "met" if not differing else "NOT met"))


if __name__ == "__main__":
    main()
