"""The command line: python -m grader grade | grade-all | tests | prepare.

Arguments, messages and exit statuses only: one submission is graded by
grading.py, a class by batch.py.

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
import json
import os
import pathlib
import signal
import sys

from grader import batch, grading
from grader.checks import expected_cache, function_cases, transcripts
from grader.results import gradescope_json, text_report
from grader.results.rubric import RubricError, load_rubric
from grader.results.scoring import maximum_scores, points, specs_by_group

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT, EXIT_SANDBOX = 0, 1, 2, 3


class CommandError(Exception):
    """Ends the command with a message and an exit status."""

    def __init__(self, message, status=EXIT_BAD_INPUT):
        super().__init__(message)
        self.status = status


def read_rubric(path):
    try:
        return load_rubric(path, [spec.id for spec in grading.ALL_SPECS])
    except RubricError as error:
        raise CommandError(str(error)) from None


def check_writable(path):
    """Fail before grading, not after, when an output file cannot be written."""
    folder = pathlib.Path(path).resolve().parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise CommandError("cannot write %s: %s is not a writable folder" % (path, folder))


def command_grade(args):
    rubric = read_rubric(args.rubric)
    if args.json:
        check_writable(args.json)
    try:
        private = [pathlib.Path(args.json).resolve().parent] if args.json else []
        result = grading.grade(args.path, rubric, seed=args.seed,
                               unsafe_no_jail=args.unsafe_no_jail, private_paths=private)
    except grading.CannotGrade as error:
        raise CommandError(str(error), EXIT_SANDBOX if error.sandbox_failed else EXIT_BAD_INPUT) \
            from None
    colour = args.color if args.color is not None else sys.stdout.isatty()
    sys.stdout.write(text_report.text_report(result, colour=colour))
    if args.json:
        text = json.dumps(gradescope_json.results_json(result), indent=2) + "\n"
        try:
            pathlib.Path(args.json).write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError("cannot write %s: %s" % (args.json, error)) from None
    return EXIT_OK


def command_grade_all(args):
    read_rubric(args.rubric)  # a bad rubric stops everything before any grading
    check_writable(args.csv)
    try:
        students = batch.student_paths(args.paths)
        batch.grade_class(students, args.csv, args.rubric, args.reports, args.jobs)
    except batch.BatchError as error:
        raise CommandError(str(error)) from None
    print("graded %d submissions; scores in %s" % (len(students), args.csv))
    return EXIT_OK


def command_tests(args):
    rubric = read_rubric(args.rubric)
    maxima = maximum_scores(rubric, grading.ALL_SPECS)
    for group, specs in specs_by_group(grading.ALL_SPECS).items():
        rule = rubric.groups[group]
        print("%s: %s points%s" % (group, points(rule.points),
                                   ", all or nothing" if rule.all_or_nothing else ""))
        for spec in specs:
            print("  %-40s %7s  %s" % (spec.id, points(maxima[spec.id]), spec.name))
    return EXIT_OK


def command_prepare(args):
    function_cases.all_cases()
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
    grade.add_argument("--rubric", metavar="FILE", help="rubric file (default: grader/results/rubric.json)")
    grade.add_argument("--seed", type=seed_number, metavar="N",
                       help="replay a grading: the seed its report or results.json shows "
                            "(default: drawn afresh)")
    grade.add_argument("--unsafe-no-jail", action="store_true",
                       help="where no safe sandbox can be made (not root, no user namespaces), "
                       "run student code as yourself anyway (the report says so)")
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


def seed_number(text):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value < transcripts.SEED_RANGE:
        raise argparse.ArgumentTypeError("expected a seed from a report: a whole number from 0 "
                                         "to %d, got %r" % (transcripts.SEED_RANGE - 1, text))
    return value


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def interrupt_once(signum, frame):
    """SIGTERM as Ctrl-C, once: a second one (a process group signalled again) must not cut
    the clean-up short."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def main(argv=None):
    args = parser().parse_args(argv)
    # SIGTERM (a CI or Gradescope timeout, kill) ends grading like Ctrl-C: the with-blocks
    # then stop the student's processes and remove the temp copies instead of leaving them.
    signal.signal(signal.SIGTERM, interrupt_once)
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
