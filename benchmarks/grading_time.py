"""Wall time to grade one well-behaved submission, end to end (target: under 2 s).

    python benchmarks/grading_time.py [N] [SUBMISSION]

Grades SUBMISSION (default: the kit's own reference, as a student would hand
it in) three ways and prints each figure:
- a fresh `python -m grader grade` process, as Gradescope runs one per
  submission, with the expected values cached (`python -m grader prepare`);
- the same with no cache, so the process builds the expected values itself;
- N gradings (default 5) in one process, as each `grade-all` worker does.
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader import grading  # noqa: E402
from grader.checks import function_cases  # noqa: E402
from grader.results.rubric import load_rubric  # noqa: E402


def reference_submission(folder):
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.copy(KIT_ROOT / name, folder / name)
    return folder


def timed_command(path, environment):
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "grader", "grade", str(path)], cwd=KIT_ROOT,
                   env=environment, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def timed_grade(path, rubric):
    started = time.perf_counter()
    result = grading.grade(path, rubric)
    return time.perf_counter() - started, result.score


def summary(times):
    return "median %.2f s, worst %.2f s" % (statistics.median(times), max(times))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    function_cases.all_cases()  # what `python -m grader prepare` does
    with tempfile.TemporaryDirectory() as temp:
        temp = pathlib.Path(temp)
        (temp / "submission").mkdir()
        path = sys.argv[2] if len(sys.argv) > 2 else reference_submission(temp / "submission")
        cached = [timed_command(path, dict(os.environ)) for _ in range(3)]
        uncached = [timed_command(path, dict(os.environ, WORDLE_KIT_CACHE=str(temp / ("empty%d" % i))))
                    for i in range(2)]
        timed_grade(path, rubric)  # warm-up
        in_process = [timed_grade(path, rubric) for _ in range(runs)]
    print("submission: %s (score %s)" % (path if len(sys.argv) > 2 else "the reference",
                                          in_process[0][1]))
    print("python -m grader grade, expected values cached: %s (target < 2 s)" % summary(cached))
    print("python -m grader grade, no cache:               %s" % summary(uncached))
    print("%d gradings in one process (grade-all):          %s"
          % (runs, summary([seconds for seconds, _ in in_process])))


if __name__ == "__main__":
    main()
