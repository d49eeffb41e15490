"""The student tester (test_wordle_funcs.py) on the kit's reference: its time
end to end (target: under 10 s), and the CPU time the reference needs for the
tester's slowest calls, against the figures the tester's CPU-time limits are
set from (REFERENCE_SECONDS).

    python benchmarks/tester_time.py [RUNS]
"""
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

import test_wordle_funcs as tester  # noqa: E402
from easy_wordle import filter_word_list  # noqa: E402
from wordle import check_word, known_word, no_letters, yes_letters  # noqa: E402
from words import words  # noqa: E402

TARGET_SECONDS = 10.0
FILES = ("test_wordle_funcs.py", "wordle.py", "easy_wordle.py", "words.py", "display_utility.py")


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(folder):
    """(wall seconds, CPU seconds of the tester and its children, last line)."""
    for cached in folder.glob("__pycache__"):
        shutil.rmtree(cached)  # as a student's first run: words.py is compiled
    cpu_before = children_cpu()
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "test_wordle_funcs.py"], cwd=folder,
                            capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    return wall, children_cpu() - cpu_before, result.stdout.strip().splitlines()[-1]


def slowest_cpu(function, argument_lists, repeat=3):
    """CPU seconds of the slowest of function's calls (each the best of repeat)."""
    slowest = 0.0
    for args in argument_lists:
        best = None
        for _ in range(repeat):
            started = time.process_time()
            function(*args)
            elapsed = time.process_time() - started
            best = elapsed if best is None else min(best, elapsed)
        slowest = max(slowest, best)
    return slowest


def cold_import_cpu(folder):
    """CPU seconds to import easy_wordle (and so wordle and words) with nothing compiled."""
    for cached in folder.glob("__pycache__"):
        shutil.rmtree(cached)
    code = ("import time; started = time.process_time(); import easy_wordle; "
            "print(time.process_time() - started)")
    output = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True,
                            text=True, check=True).stdout
    return float(output)


def reference_figures(folder):
    """{name: CPU seconds of the reference's slowest call in the tester}."""
    def clue_args(cases):
        return [[tester.clue_list(secret, guesses)] for secret, guesses, _ in cases]
    checks = [[secret, guess] for secret, guess, _ in
              tester.CHECK_WORD_EXAMPLES + tester.CHECK_WORD_REPEATS]
    filters = [[list(words), tester.clue_list(secret, guesses)]
               for secret, guesses, _ in tester.FULL_LIST_CASES]
    return {
        "import": cold_import_cpu(folder),
        "check_word": slowest_cpu(check_word, checks),
        "known_word": slowest_cpu(known_word, clue_args(tester.KNOWN_WORD_CASES)),
        "no_letters": slowest_cpu(no_letters, clue_args(tester.NO_LETTERS_CASES)),
        "yes_letters": slowest_cpu(yes_letters, clue_args(tester.YES_LETTERS_CASES)),
        "filter_word_list": slowest_cpu(filter_word_list, filters),
    }


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as temp:
        folder = pathlib.Path(temp)
        for name in FILES:
            shutil.copy(KIT_ROOT / name, folder / name)
        results = [timed_run(folder) for _ in range(runs)]
        figures = reference_figures(folder)
    walls = [wall for wall, _, _ in results]
    verdict = "met" if max(walls) < TARGET_SECONDS else "NOT met"
    print("tester on the reference (%s), %d runs: wall median %.2f s, worst %.2f s; "
          "CPU median %.2f s (target < %g s wall: %s)"
          % (results[0][2], runs, statistics.median(walls), max(walls),
             statistics.median(cpu for _, cpu, _ in results), TARGET_SECONDS, verdict))
    print("CPU time of the reference's slowest call, against the figure the tester's limit "
          "is set from:")
    for name, seconds in figures.items():
        assumed = tester.REFERENCE_SECONDS.get(name, tester.OTHER_REFERENCE_SECONDS)
        state = "ok" if seconds <= assumed else "OVER: raise REFERENCE_SECONDS"
        print("  %-17s %9.6f s  (assumed %g s; limit %g s CPU, %.0fx this call)  %s"
              % (name, seconds, assumed, tester.cpu_limit(name),
                 tester.cpu_limit(name) / max(seconds, 1e-9), state))


if __name__ == "__main__":
    main()
