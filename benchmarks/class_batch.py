"""A class of 40 through grade-all (target: under 60 s with --jobs 2), graded twice: the
two CSVs must be the same.

    python benchmarks/class_batch.py [--jobs N] [--once] [--resume-after SECONDS]

--resume-after S grades the class into output folders (-o) instead: whole; interrupted
(SIGTERM, as Ctrl-C) after S seconds and resumed; and the whole class again with --force,
which starts the students the first run timed as slow first.  The resume must take no
longer than the whole run (target) and both CSVs must hold the same rows.  Each run's CPU
time (its processes', children included) is printed beside its wall-clock time: on a
shared machine the wall-clock time follows the others' load, the CPU time the work done.

The class is a realistic mix built from the corpus: correct submissions, slow but
correct ones, the usual mistakes, and hostile ones (loops, fork bombs, huge output...).
Each student's copy carries their own comment, so no two students hand in the same
bytes.  Both runs grade everyone (no --out, so nothing is resumed).  The machine's load
average is printed with the figures, and the time of a fixed loop: on a machine
shared with other work the time says more about the others (on this one, within an hour,
a 20-million-step loop took from 1.4 s to 2.2 s).

The class's slow students are correct_star with a check_word that counts every letter
of the alphabet in both words, one character at a time, before its real work (SLOW):
about 6 times the reference's CPU time per call (16.5 against 2.7 microseconds, measured
on this machine), a slowness a class really shows.  The corpus's correct_slow (a
check_word about 100 times slower than the reference, kept to prove that such code
loses no point) is far slower than a class's slow students: its own work alone is
minutes of CPU, so it is graded alone after the class and its time printed apart, not
counted in the target.
"""
import argparse
import csv
import json
import os
import pathlib
import resource
import signal
import subprocess
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
TARGET_SECONDS, STUDENTS = 60.0, 40
CORRECT = ("correct_star", "correct_loops", "correct_counts", "sys_io_and_exit",
           "trailing_space_possible")
BUGGY = ("cw_extra_yellow", "cw_missed_yellow", "cw_triple_letters", "filter_letter_logic",
         "filter_returns_input", "label_grey_letters", "label_known_word", "no_stop_on_win",
         "prompt_missing", "returns_lists", "missing_easy_wordle", "guard_nested",
         "game_at_import", "samples_choices", "no_letters_first_copy", "length_only_validation",
         "case_never_won", "imports_string")
HOSTILE = ("hostile_loop_at_import", "hostile_fork_bomb", "hostile_prints_megabytes",
           "hostile_ignores_sigterm", "hostile_allocates_gigabytes", "hostile_always_equal",
           "hostile_reads_reference", "hostile_spawns_sleepers", "hostile_recursion_bomb",
           "hostile_writes_files")
SLOW = ("def check_word(secret, guess):\n"
        "    counts = []\n"
        "    for letter in \"ABCDEFGHIJKLMNOPQRSTUVWXYZ\":\n"
        "        count = 0\n"
        "        for character in secret + guess:\n"
        "            if character == letter:\n"
        "                count = count + 1\n"
        "        counts.append(count)\n")
VERY_SLOW = "correct_slow"  # graded alone, outside the target


def copy_submission(source, target, student, slow=False):
    target.mkdir(parents=True)
    for path in sorted(source.iterdir()):
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if slow and path.name == "wordle.py":
            assert "def check_word(secret, guess):\n" in text
            text = text.replace("def check_word(secret, guess):\n", SLOW, 1)
        (target / path.name).write_text("# %s\n%s" % (student, text), encoding="utf-8")


def build_class(folder):
    kinds = [(name, False) for name in CORRECT * 2] + [("correct_star", True)] * 2
    kinds += [(name, False) for name in BUGGY + HOSTILE]
    assert len(kinds) == STUDENTS
    for number, (kind, slow) in enumerate(kinds):
        student = "student%02d_%s%s" % (number, kind, "_slow" if slow else "")
        copy_submission(SUBMISSIONS / kind, folder / student, student, slow)


def grade_all(folder, csv_path, jobs, *options):
    return timed(folder, csv_path, jobs, *options)[0]


def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(folder, csv_path, jobs, *options):
    """(wall-clock seconds, CPU seconds) of one grade-all."""
    started, cpu = time.monotonic(), children_cpu()
    result = subprocess.run([sys.executable, "-m", "grader", "grade-all", str(folder),
                             "--csv", str(csv_path), "--jobs", str(jobs), *options],
                            cwd=KIT_ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("grade-all failed: %s" % result.stderr.strip())
    return time.monotonic() - started, children_cpu() - cpu


def interrupted(folder, out, jobs, seconds):
    """grade-all -o out, stopped after seconds; the students it finished."""
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade-all", str(folder),
                                "-o", str(out), "--jobs", str(jobs)], cwd=KIT_ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        process.communicate(timeout=seconds)
        sys.exit("grade-all ended before the interrupt: give a shorter --resume-after")
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGTERM)  # SIGINT is ignored in a background job
    stdout, _ = process.communicate()
    return sum(1 for entry in out.iterdir() if (entry / "results.json").is_file())


def resume(folder, temp, jobs, seconds):
    """The whole class graded into one folder, then interrupted and resumed into another,
    then the whole class again with --force into the first: (whole run's (wall, CPU)
    seconds, the resume's, the forced run's, students the interrupted run finished, same rows)."""
    for name in ("whole", "resumed"):
        (temp / name).mkdir()
    whole = timed(folder, temp / "whole" / "grades.csv", jobs, "-o", str(temp / "whole"))
    finished = interrupted(folder, temp / "resumed", jobs, seconds)
    again = timed(folder, temp / "resumed" / "grades.csv", jobs, "-o", str(temp / "resumed"))
    same = read_rows(temp / "whole" / "grades.csv") == read_rows(temp / "resumed" / "grades.csv")
    print("the slowest gradings of the whole run (seconds, the class's order):",
          ", ".join("%s %.1f" % item for item in slowest(temp / "whole")))
    forced = timed(folder, temp / "whole" / "grades.csv", jobs, "-o", str(temp / "whole"),
                   "--force")
    return whole, again, forced, finished, same


def slowest(out, count=6):
    """The count slowest gradings in out, as their batch.json timed them: (student, seconds)."""
    timed_students = []
    for record in sorted(out.glob("*/batch.json")):
        seconds = json.loads(record.read_text())["record"].get("seconds")
        if seconds is not None:
            timed_students.append((record.parent.name, seconds))
    return sorted(timed_students, key=lambda item: -item[1])[:count]


def machine_speed():
    """Seconds a fixed pure-Python loop takes: this machine's speed varies over time (a
    shared virtual machine whose host takes time the guest does not see as CPU time), so
    the figures are read next to it."""
    started = time.perf_counter()
    total = 0
    for number in range(5_000_000):
        total += number
    return time.perf_counter() - started


def read_rows(path):
    with open(path, encoding="utf-8") as handle:
        return {row["student"]: row for row in csv.DictReader(handle)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--once", action="store_true", help="grade once (no rerun check)")
    parser.add_argument("--resume-after", type=float, metavar="SECONDS",
                        help="grade into -o whole, then interrupted after SECONDS and resumed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wordle-kit-class-") as temp:
        folder = pathlib.Path(temp) / "class"
        build_class(folder)
        load, speed = os.getloadavg()[0], machine_speed()
        if args.resume_after:
            whole, again, forced, finished, same = resume(folder, pathlib.Path(temp), args.jobs,
                                                          args.resume_after)
            print("%d students, --jobs %d, -o: whole %.1f s (CPU %.1f s); interrupted after "
                  "%.0f s with %d graded, the resume %.1f s (CPU %.1f s); --force, the slowest "
                  "first, %.1f s (CPU %.1f s) (load average %.1f, now %.1f; a fixed loop took "
                  "%.2f s); same CSV rows: %s" % (
                      STUDENTS, args.jobs, *whole, args.resume_after, finished, *again,
                      *forced, load, os.getloadavg()[0], speed, "yes" if same else "NO"))
            print("target (the resume no slower than the whole run): %s"
                  % ("met" if again[0] <= whole[0] else "NOT met"))
            return 0 if same else 1
        first = grade_all(folder, pathlib.Path(temp) / "first.csv", args.jobs)
        print("%d students, --jobs %d: %.1f s (load average %.1f on %d cores; a fixed loop "
              "took %.2f s)" % (STUDENTS, args.jobs, first, load, os.cpu_count(), speed))
        same = None
        if not args.once:
            second = grade_all(folder, pathlib.Path(temp) / "second.csv", args.jobs)
            rows = [read_rows(pathlib.Path(temp) / name) for name in ("first.csv", "second.csv")]
            same = rows[0] == rows[1]
            print("rerun: %.1f s; same CSV: %s" % (second, "yes" if same else "NO"))
            for student in rows[0]:
                changed = {column: (value, rows[1][student].get(column))
                           for column, value in rows[0][student].items()
                           if value != rows[1][student].get(column)}
                if changed:
                    print("  %s: %s" % (student, changed))
    print("target (%d students under %.0f s with --jobs 2): %s"
          % (STUDENTS, TARGET_SECONDS, "met" if first < TARGET_SECONDS else "NOT met"))
    with tempfile.TemporaryDirectory(prefix="wordle-kit-slow-") as temp:
        folder = pathlib.Path(temp) / "class"
        copy_submission(SUBMISSIONS / VERY_SLOW, folder / VERY_SLOW, VERY_SLOW)
        load = os.getloadavg()[0]
        alone = grade_all(folder, pathlib.Path(temp) / "slow.csv", 1)
        print("the corpus's %s alone (not in the target): %.1f s (load average %.1f)"
              % (VERY_SLOW, alone, load))
    return 0 if same is not False else 1


if __name__ == "__main__":
    sys.exit(main())
