"""Grading a whole class: one process per submission at a time, in a pool, into a CSV file.

Each worker grades one student (grading.grade), writes their report and
results.json when asked, and returns their CSV row; a submission that cannot be
graded, or breaks the grader, gets an error row and the class goes on.
Ctrl-C or SIGTERM stops every worker, which cleans up its sandbox.
"""
import concurrent.futures
import ctypes
import json
import multiprocessing
import os
import pathlib
import signal

from grader import grading
from grader.checks import function_cases
from grader.results import csv_table, gradescope_json, text_report
from grader.results.scoring import points
from grader.results.rubric import load_rubric

EXIT_WORKER = 1  # how a stopped worker ends
PR_SET_PDEATHSIG = 1


class BatchError(Exception):
    """The class cannot be graded (no submissions, an output that cannot be written)."""


def student_paths(paths):
    """(student name, path) for each submission: a folder's subfolders and zips, or the paths."""
    if len(paths) == 1 and pathlib.Path(paths[0]).is_dir():
        folder = pathlib.Path(paths[0])
        entries = sorted(p for p in folder.iterdir()
                         if p.is_dir() or p.suffix.lower() == ".zip")
        if not entries:
            raise BatchError("%s holds no submission folders or .zip files" % folder)
    else:
        entries = [pathlib.Path(p) for p in paths]
        missing = [str(p) for p in entries if not p.exists()]
        if missing:
            raise BatchError("no such file or folder: %s" % ", ".join(missing))
    return [(p.stem if p.suffix.lower() == ".zip" else p.name, p) for p in entries]


def write_file(path, text):
    try:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise BatchError("cannot write %s: %s" % (path, error)) from None


def start_pool_worker(main_pid):
    """A worker of the pool: Ctrl-C is left to the main process, which stops the
    workers with SIGTERM; that raises SystemExit here, so the with-blocks clean up.  The
    kernel sends the same SIGTERM when the main process dies, even by SIGKILL."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, stop_pool_worker)
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != main_pid:    # it died before the prctl
        os._exit(EXIT_WORKER)


def stop_pool_worker(signum, frame):
    # Once only: the pool sends SIGTERM again when another worker exits, which must not cut
    # this one's clean-up short.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(EXIT_WORKER)


def grade_student(student, path, rubric_path, reports_dir):
    """Grade one student in a worker process; return (student, CSV row, one-line summary)."""
    try:
        rubric = load_rubric(rubric_path, [spec.id for spec in grading.ALL_SPECS])
        result = grading.grade(path, rubric)
    except SystemExit:  # stopped mid-grading, cleaned up; the pool would only start the next one
        os._exit(EXIT_WORKER)
    except grading.CannotGrade as error:
        return student, csv_table.csv_row(student, error=str(error)), "error: %s" % error
    except Exception as error:  # one broken submission must not stop the class
        message = "internal error: %s: %s" % (type(error).__name__, error)
        return student, csv_table.csv_row(student, error=message), message
    if reports_dir is not None:
        folder = pathlib.Path(reports_dir)
        write_file(folder / (student + ".txt"), text_report.text_report(result))
        write_file(folder / (student + ".json"),
                   json.dumps(gradescope_json.results_json(result), indent=2) + "\n")
    summary = "%s / %s" % (points(result.score), points(result.max_score))
    return student, csv_table.csv_row(student, result), summary


def grade_class(students, csv_path, rubric_path=None, reports_dir=None, jobs=1):
    """Grade (student, path) pairs with jobs workers, printing a line per student as each
    finishes; write the CSV (in the students' order) to csv_path."""
    if reports_dir:
        try:
            os.makedirs(reports_dir, exist_ok=True)
        except OSError as error:
            raise BatchError("cannot create %s: %s" % (reports_dir, error)) from None
    function_cases.all_cases()  # built once here, read from the cache by every worker
    rows = {}
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs,
                                                initializer=start_pool_worker,
                                                initargs=(os.getpid(),)) as pool:
        futures = [pool.submit(grade_student, student, str(path), rubric_path, reports_dir)
                   for student, path in students]
        try:
            for future in concurrent.futures.as_completed(futures):
                student, row, summary = future.result()
                rows[student] = row
                print("%-30s %s" % (student, summary), flush=True)
        except BaseException:   # interrupted or failed: grade no one else, stop who is grading
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in multiprocessing.active_children():
                worker.terminate()
            raise
    write_file(csv_path, csv_table.csv_text([rows[student] for student, _ in students]))
