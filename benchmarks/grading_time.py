"""Wall time to grade one well-behaved submission, end to end (target: under 2 s).

    python benchmarks/grading_time.py [N] [SUBMISSION]

Grades SUBMISSION (default: the kit's own reference, as a student would hand
it in) N times (default 5) in one process, as `grade-all` does, after one
warm-up grading (which also builds the expected values, cached per process),
and prints the warm-up time and the mean, median and worst of the N timed runs.
"""
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader import grading  # noqa: E402
from grader.rubric import load_rubric  # noqa: E402


def reference_submission(folder):
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.copy(KIT_ROOT / name, folder / name)
    return folder


def timed_grade(path, rubric):
    started = time.perf_counter()
    result = grading.grade(path, rubric)
    return time.perf_counter() - started, result.score


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    with tempfile.TemporaryDirectory() as temp:
        path = sys.argv[2] if len(sys.argv) > 2 else reference_submission(pathlib.Path(temp))
        first, score = timed_grade(path, rubric)
        times = [timed_grade(path, rubric)[0] for _ in range(runs)]
    print("submission: %s (score %s)" % (path if len(sys.argv) > 2 else "the reference", score))
    print("first grading (builds expected values): %.2f s" % first)
    print("%d gradings: mean %.2f s, median %.2f s, worst %.2f s (target < 2 s)"
          % (runs, statistics.mean(times), statistics.median(times), max(times)))


if __name__ == "__main__":
    main()
