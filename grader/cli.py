"""The command line: python -m grader grade | grade-all | tests | prepare.

    python -m grader grade PATH [--json FILE] [--rubric FILE] [--color | --no-color]
    python -m grader grade-all PATH... --csv FILE [--jobs N] [--reports DIR] [--rubric FILE]
    python -m grader tests [--rubric FILE]
    python -m grader prepare

Exit status: 0 when grading finished (whatever the scores), 2 when the input
cannot be used (a bad path, an unreadable zip, a bad rubric, an unwritable
output file), 3 when the sandbox cannot start, 1 for an internal error. The
message says which; there is never a traceback.
"""
import argparse
import concurrent.futures
import ctypes
import json
import multiprocessing
import os
import pathlib
import signal
import sys

from grader import expected_cache, function_tests, grading, report
from grader.loading import LoadError
from grader.rubric import RubricError, load_rubric
from grader.sandbox import SandboxError
from grader.scoring import maximum_scores, specs_by_group

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT, EXIT_SANDBOX = 0, 1, 2, 3


class CommandError(Exception):
    """Ends the command with a message and an exit status."""

    def __init__(self, message, status=EXIT_BAD_INPUT):
        super().__init__(message)
        self.status = status


def test_ids():
    return [spec.id for spec in grading.ALL_SPECS]


def read_rubric(path):
    try:
        return load_rubric(path, test_ids())
    except RubricError as error:
        raise CommandError(str(error)) from None


def write_file(path, text):
    try:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise CommandError("cannot write %s: %s" % (path, error)) from None


def grade_submission(path, rubric):
    """grading.grade with its two expected failures turned into CommandErrors."""
    try:
        return grading.grade(path, rubric)
    except LoadError as error:
        raise CommandError("cannot grade %s: %s" % (path, error)) from None
    except SandboxError as error:
        raise CommandError("the sandbox could not start: %s" % error, EXIT_SANDBOX) from None


def check_writable(path):
    """Fail before grading, not after, when an output file cannot be written."""
    folder = pathlib.Path(path).resolve().parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise CommandError("cannot write %s: %s is not a writable folder" % (path, folder))


def command_grade(args):
    rubric = read_rubric(args.rubric)
    if args.json:
        check_writable(args.json)
    result = grade_submission(args.path, rubric)
    colour = args.color if args.color is not None else sys.stdout.isatty()
    sys.stdout.write(report.text_report(result, colour=colour))
    if args.json:
        write_file(args.json, json.dumps(report.results_json(result), indent=2) + "\n")
    return EXIT_OK


# ---------------------------------------------------------------- a whole class

def student_paths(paths):
    """(student name, path) for each submission: a folder's subfolders and zips, or the paths."""
    if len(paths) == 1 and pathlib.Path(paths[0]).is_dir():
        folder = pathlib.Path(paths[0])
        entries = sorted(p for p in folder.iterdir()
                         if p.is_dir() or p.suffix.lower() == ".zip")
        if not entries:
            raise CommandError("%s holds no submission folders or .zip files" % folder)
    else:
        entries = [pathlib.Path(p) for p in paths]
        missing = [str(p) for p in entries if not p.exists()]
        if missing:
            raise CommandError("no such file or folder: %s" % ", ".join(missing))
    return [(p.stem if p.suffix.lower() == ".zip" else p.name, p) for p in entries]


PR_SET_PDEATHSIG = 1


def start_pool_worker(main_pid):
    """A worker of grade-all's pool: Ctrl-C is left to the main process, which stops the
    workers with SIGTERM; that raises SystemExit here, so the with-blocks clean up.  The
    kernel sends the same SIGTERM when the main process dies, even by SIGKILL."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, stop_pool_worker)
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != main_pid:    # it died before the prctl
        os._exit(EXIT_INTERNAL)


def stop_pool_worker(signum, frame):
    # Once only: the pool sends SIGTERM again when another worker exits, which must not cut
    # this one's clean-up short.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(EXIT_INTERNAL)


def grade_student(student, path, rubric_path, reports_dir):
    """Grade one student in a worker process; return (student, CSV row, one-line summary)."""
    try:
        rubric = load_rubric(rubric_path, test_ids())
        result = grade_submission(path, rubric)
    except SystemExit:  # stopped mid-grading, cleaned up; the pool would only start the next one
        os._exit(EXIT_INTERNAL)
    except CommandError as error:
        return student, report.csv_row(student, error=str(error)), "error: %s" % error
    except Exception as error:  # one broken submission must not stop the class
        message = "internal error: %s: %s" % (type(error).__name__, error)
        return student, report.csv_row(student, error=message), message
    if reports_dir is not None:
        folder = pathlib.Path(reports_dir)
        write_file(folder / (student + ".txt"), report.text_report(result))
        write_file(folder / (student + ".json"),
                   json.dumps(report.results_json(result), indent=2) + "\n")
    summary = "%s / %s" % (report.points(result.score), report.points(result.max_score))
    return student, report.csv_row(student, result), summary


def command_grade_all(args):
    read_rubric(args.rubric)  # a bad rubric stops everything before any grading
    check_writable(args.csv)
    students = student_paths(args.paths)
    if args.reports:
        try:
            os.makedirs(args.reports, exist_ok=True)
        except OSError as error:
            raise CommandError("cannot create %s: %s" % (args.reports, error)) from None
    function_tests.all_cases()  # built once here, read from the cache by every worker
    rows = {}
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs,
                                                initializer=start_pool_worker,
                                                initargs=(os.getpid(),)) as pool:
        futures = [pool.submit(grade_student, student, str(path), args.rubric, args.reports)
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
    write_file(args.csv, report.csv_text([rows[student] for student, _ in students]))
    print("graded %d submissions; scores in %s" % (len(students), args.csv))
    return EXIT_OK


def command_tests(args):
    rubric = read_rubric(args.rubric)
    maxima = maximum_scores(rubric, grading.ALL_SPECS)
    for group, specs in specs_by_group(grading.ALL_SPECS).items():
        rule = rubric.groups[group]
        print("%s: %s points%s" % (group, report.points(rule.points),
                                   ", all or nothing" if rule.all_or_nothing else ""))
        for spec in specs:
            print("  %-40s %7s  %s" % (spec.id, report.points(maxima[spec.id]), spec.name))
    return EXIT_OK


def command_prepare(args):
    function_tests.all_cases()
    path = expected_cache.cache_file()
    if not path.is_file():
        raise CommandError("cannot write the cache of expected values in %s "
                           "(set WORDLE_KIT_CACHE to a writable folder)" % path.parent)
    print("expected values of the function tests cached in %s" % path)
    return EXIT_OK


def command_report(args):
    from grader.results import pages  # staff-side extras (Jinja2, ...): loaded only for pages
    try:
        print("class page: %s" % pages.build(args.folder))
    except pages.PagesError as error:
        raise CommandError(str(error)) from None
    return EXIT_OK


def parser():
    main = argparse.ArgumentParser(prog="python -m grader",
                                   description="Grade CSCI 1913 Project 1 (Wordle) submissions.")
    commands = main.add_subparsers(dest="command", required=True)

    grade = commands.add_parser("grade", help="grade one submission (a folder or a .zip)")
    grade.add_argument("path", help="folder or .zip holding wordle.py and easy_wordle.py")
    grade.add_argument("--json", metavar="FILE", help="also write Gradescope's results.json")
    grade.add_argument("--rubric", metavar="FILE", help="rubric file (default: grader/rubric.json)")
    colour = grade.add_mutually_exclusive_group()
    colour.add_argument("--color", "--colour", dest="color", action="store_const", const=True,
                        help="colour the report even when not writing to a terminal")
    colour.add_argument("--no-color", "--no-colour", dest="color", action="store_const",
                        const=False, help="never colour the report")
    grade.set_defaults(run=command_grade)

    grade_all = commands.add_parser("grade-all", help="grade a class in parallel into a CSV file")
    grade_all.add_argument("paths", nargs="+", metavar="PATH",
                           help="a folder of submissions (one subfolder or .zip per student), "
                                "or the submissions themselves")
    grade_all.add_argument("--csv", metavar="FILE", required=True, help="where to write scores")
    grade_all.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1,
                           metavar="N", help="submissions graded at once (default: CPU count)")
    grade_all.add_argument("--reports", metavar="DIR",
                           help="also write each student's report (.txt) and results (.json)")
    grade_all.add_argument("--rubric", metavar="FILE", help="rubric file")
    grade_all.set_defaults(run=command_grade_all)

    tests = commands.add_parser("tests", help="list the tests, their ids and points")
    tests.add_argument("--rubric", metavar="FILE", help="rubric file")
    tests.set_defaults(run=command_tests)

    prepare = commands.add_parser("prepare", help="compute and cache the function tests' expected "
                                  "values (setup.sh does it for Gradescope)")
    prepare.set_defaults(run=command_prepare)
    report_pages = commands.add_parser("report", help="staff pages (class, students, similar "
                                       "code) for a folder of graded submissions")
    report_pages.add_argument("folder", metavar="DIR", help="graded submissions (grade-all --out)")
    report_pages.set_defaults(run=command_report)
    return main


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv=None):
    args = parser().parse_args(argv)
    # SIGTERM (a CI or Gradescope timeout, kill) ends grading like Ctrl-C: the with-blocks
    # then stop the student's processes and remove the temp copies instead of leaving them.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        return args.run(args)
    except CommandError as error:
        print("error: %s" % error, file=sys.stderr)
        return error.status
    except BrokenPipeError:  # the reader went away (e.g. | head): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERNAL
    except Exception as error:  # never a traceback for users; say what happened
        print("internal error: %s: %s" % (type(error).__name__, error), file=sys.stderr)
        return EXIT_INTERNAL
