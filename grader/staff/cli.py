"""The command line: python -m grader grade | grade-all | tests | prepare.

Arguments, messages and exit statuses only: one submission is graded by
grading.py, a class by batch.py.

    python -m grader grade PATH [--json [FILE.json]] [--rubric FILE] [--color {auto,always,never}]
    python -m grader grade-all PATH... [--csv FILE] [-o DIR [--html] [--force]] [--jobs N]
                                       [--timeout SECONDS] [--rubric FILE]
    python -m grader tests [--rubric FILE]
    python -m grader prepare
    python -m grader gradescope-bundle -o ZIP [--rubric FILE]
    python -m grader gradescope-test SUBMISSION [--rubric FILE] [--python PYTHON] [--json [FILE.json]]
    python -m grader report DIR
    python -m grader play PATH [wordle|easy_wordle] [--seed N] [--game N] [--reveal]
                          [--transcript FILE] [--color {auto,always,never}] [--unsafe-no-jail]

Exit status: 0 when grading finished (whatever the scores), 2 when the input
cannot be used (a bad path, an unreadable zip, a bad rubric, an unwritable
output file, a missing library, a submission without any Python file: --json
still writes its 0), 3 when the sandbox cannot start, 1 for an internal error or
standard output closed early (| head), 130 when interrupted (Ctrl-C, SIGTERM). The
message says which; there is never a traceback.  play also exits 1 when the student's
program crashed or was stopped at a limit (as atari run for a program's error).
"""
import argparse
import json
import os
import sys
import tempfile

from command_line import (EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, add_color_option, json_target,
                          parse_arguments, use_colour)
from grader import grading
from grader.checks import expected_cache, function_cases, transcripts
from grader.staff.command import CommandError, add_bundle_options, check_writable, read_rubric, run
from grader.staff.progress import GradingProgress
from grader.results import gradescope_json, text_report
from grader.results.scoring import maximum_scores, points, specs_by_group

EXIT_SANDBOX = 3    # no safe sandbox here (the kit's one status of its own)
GAMES = (1, 2, 3)   # play --game: a grading's games by their seeds (transcripts.Seeds.runs)


def write_whole(path, text):
    """Write path by renaming a finished file onto it: a reader never sees half of it, and in a
    folder every user writes to (/tmp) a file someone else left there is replaced, not opened."""
    folder = os.path.dirname(os.path.abspath(path))
    handle, partial = tempfile.mkstemp(dir=folder, prefix=".results-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        umask = os.umask(0o022)
        os.umask(umask)
        os.chmod(partial, 0o666 & ~umask)
        os.replace(partial, path)
    except BaseException:
        os.unlink(partial)
        raise


def check_pages_libraries():
    """--html: stop before grading anyone when the staff pages cannot be built."""
    from grader.results import pages  # the layout only: the libraries are looked for, not loaded
    missing = pages.missing_libraries()
    if missing:
        raise CommandError("--html: %s; or grade without --html now and build the pages later "
                           "with: python -m grader report DIR" % pages.missing_message(missing))


def command_grade(args):
    rubric = read_rubric(args.rubric)
    to_file = args.json not in (None, "-")
    if to_file:
        check_writable(args.json)
    try:
        with GradingProgress(args.path) as progress:    # on a terminal only
            result = grading.grade_retrying(args.path, rubric, seed=args.seed,
                                            unsafe_no_jail=args.unsafe_no_jail,
                                            output_files=[args.json] if to_file else [],
                                            watch=progress.watch)
    except grading.CannotGrade as error:
        raise CommandError(str(error), EXIT_SANDBOX if error.sandbox_failed else EXIT_USAGE) \
            from None
    except grading.GraderFailed as error:
        if args.json != "-":
            sys.stdout.write(text_report.grader_failed_report(args.path, error))
        if args.json:
            write_results_json(args.json, gradescope_json.grader_failed_json(args.path, error))
        how = "" if isinstance(error, grading.MachineTooBusy) else " twice"
        raise CommandError("the grader failed%s on %s (not the submission's fault): %s; %s"
                           % (how, args.path, error, text_report.regrade_hint(args.path)),
                           EXIT_FAILED) from None
    if args.json != "-" and not result.no_python_file:
        colour = use_colour(args.color)
        sys.stdout.write(text_report.text_report(result, colour=colour))
    if args.json:   # with no Python file too: Gradescope shows the student its one line
        write_results_json(args.json, gradescope_json.results_json(result))
    if result.no_python_file:
        raise CommandError("cannot grade %s: %s%s" % (args.path, result.headline, (
            "; %s says so with a score of 0" % args.json) if to_file else ""))
    return EXIT_OK


def write_results_json(target, data):
    """results.json to the file target, or to standard output for "-"."""
    text = json.dumps(data, indent=2) + "\n"
    if target == "-":
        sys.stdout.write(text)
        return
    try:
        write_whole(target, text)
    except OSError as error:
        raise CommandError("cannot write %s: %s" % (target, error.strerror or error)) from None


def command_grade_all(args):
    from grader.staff import batch, class_folder  # the class batch: staff side, not in the bundle
    from grader.results.pages.layout import LayoutError
    read_rubric(args.rubric)  # a bad rubric stops everything before any grading
    if args.csv is None and args.out is None:
        raise CommandError("say where the scores go: -o DIR (a folder per student and "
                           "DIR/grades.csv) and/or --csv FILE")
    if args.html and args.out is None:
        raise CommandError("--html builds the pages in the output folder: give -o DIR")
    if args.html:
        check_pages_libraries()
    csv_path = args.csv or os.path.join(args.out, "grades.csv")
    if args.csv:
        check_writable(args.csv)
    try:
        students = class_folder.find_students(args.paths)
        summary = batch.grade_class(students, csv_path, args.rubric, args.out, args.jobs,
                                    args.force, args.timeout, args.unsafe_no_jail)
    except batch.NoSafeSandbox as error:
        raise CommandError(str(error), EXIT_SANDBOX) from None
    except (batch.BatchError, class_folder.ClassFolderError, LayoutError) as error:
        raise CommandError(str(error)) from None
    except KeyboardInterrupt:
        print("interrupted: the scores of those graded so far are in %s%s" % (
            csv_path, "; run the same command again to go on" if args.out else ""),
            file=sys.stderr)
        return EXIT_INTERRUPTED
    print("\n".join(summary))
    print("graded %d submissions; scores in %s" % (len(students), csv_path))
    if args.html:
        build_pages(args.out)
    return EXIT_OK


def command_play(args):
    from grader.staff import play    # a TA's game by hand: staff side, not in the bundle
    if args.transcript:
        check_writable(args.transcript)
    program = transcripts.WORDLE if args.program == "wordle" else transcripts.EASY_WORDLE
    colour = use_colour(args.color)     # the program's coloured letters too: never into a pipe
    try:
        return play.play(args.path, program, seed=args.seed, game=args.game, reveal=args.reveal,
                         transcript=args.transcript, colour=colour, as_text=not colour,
                         unsafe_no_jail=args.unsafe_no_jail)
    except play.CannotPlay as error:
        raise CommandError(str(error), EXIT_SANDBOX if error.sandbox_failed else EXIT_USAGE) \
            from None


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
    transcripts.reference_game_cpus()     # the games' too
    path = expected_cache.cache_file()
    if not path.is_file():
        raise CommandError("cannot write the cache of expected values in %s "
                           "(set WORDLE_KIT_CACHE to a writable folder)" % path.parent)
    print("expected values of the function tests cached in %s" % path)
    return EXIT_OK


def build_pages(folder):
    """Build the pages in folder; print each entry left (a link, not a regular file: never
    followed) and the class page."""
    from grader.staff.class_folder import printable
    from grader.results import pages  # staff-side extras (Jinja2, ...): loaded only for pages
    try:
        index, skipped = pages.build(folder)
    except pages.PagesError as error:
        raise CommandError(str(error)) from None
    for problem in {problem.filename: problem for problem in skipped}.values():
        print("skipped %s: not followed, read or written" % printable(problem))
    if not any(problem.filename == str(index) for problem in skipped):
        print("class page: %s" % index)


def command_gradescope_bundle(args):
    from grader.staff.bundle_command import bundle_command  # staff side, not in the bundle
    return bundle_command(args)


def command_gradescope_test(args):
    from grader.staff.gradescope_test import gradescope_test    # staff side, not in the bundle
    return gradescope_test(args)


def command_report(args):
    build_pages(args.folder)
    return EXIT_OK


def parser():
    main = argparse.ArgumentParser(prog="python -m grader",
                                   description="Grade CSCI 1913 Project 1 (Wordle) submissions.")
    commands = main.add_subparsers(
        dest="command", required=True, metavar="COMMAND",
        title="commands (python -m grader COMMAND --help for each)")

    grade = commands.add_parser("grade", help="grade one submission (a folder or a .zip)")
    grade.add_argument("path", help="folder or .zip holding wordle.py and easy_wordle.py")
    grade.add_argument("--json", nargs="?", const="-", type=json_target, metavar="FILE.json",
                       help="Gradescope's results.json: to FILE.json as well as the report, or "
                            "to standard output instead of it (no FILE, or -)")
    grade.add_argument("--rubric", metavar="FILE", help="rubric file (default: grader/results/rubric.json)")
    grade.add_argument("--seed", type=seed_number, metavar="N",
                       help="replay a grading: the seed its report or results.json shows "
                            "(default: drawn afresh)")
    add_unsafe_option(grade)
    colour = grade.add_mutually_exclusive_group()
    colour.add_argument("--color", "--colour", dest="color", nargs="?", const="always",
                        default="auto", choices=("auto", "always", "never"),
                        help="colour the report: auto (the default) on a terminal unless "
                             "NO_COLOR is set and not empty or TERM is dumb; --color alone is "
                             "always")
    colour.add_argument("--no-color", "--no-colour", dest="color", action="store_const",
                        const="never", help="the same as --color never")
    grade.set_defaults(run=command_grade)

    grade_all = commands.add_parser(
        "grade-all", aliases=["batch"], help="grade a class in parallel into a CSV file",
        description="Grade every submission of a class: a folder with one subfolder or .zip "
                    "per student, a Gradescope export (submission_metadata.yml) or a Canvas "
                    "download (name_12345_67890_wordle.py), or the submissions themselves.")
    grade_all.add_argument("paths", nargs="+", metavar="PATH",
                           help="the class's folder, or the submissions themselves")
    grade_all.add_argument("--csv", metavar="FILE",
                           help="where to write scores (default: DIR/grades.csv with -o DIR)")
    grade_all.add_argument("-o", "--output", "--out", "--reports", metavar="DIR", dest="out",
                           help="a folder per student (results.json, report.txt, the files "
                                "graded), written as each finishes; a rerun skips students "
                                "already graded there")
    grade_all.add_argument("--force", action="store_true",
                           help="grade again students already graded in the -o folder")
    grade_all.add_argument("--html", action="store_true",
                           help="then build the staff pages in the -o folder (as the report "
                                "command); the staff libraries are checked before grading")
    grade_all.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1,
                           metavar="N", help="submissions graded at once (default: CPU count)")
    grade_all.add_argument("--timeout", type=positive_int, metavar="SECONDS",
                           help="stop grading one submission after this long and mark its "
                           "row (default: 600)")
    grade_all.add_argument("--rubric", metavar="FILE", help="rubric file")
    add_unsafe_option(grade_all)
    grade_all.set_defaults(run=command_grade_all)

    play = commands.add_parser(
        "play", help="play a student's game by hand, in the sandbox, with a grading's seed",
        description="Run the student's wordle.py (or easy_wordle.py) as `python wordle.py` "
                    "would, in the same sandbox as a grading: its screen in your terminal, "
                    "your lines as its input (or the lines piped in). Ctrl-D or Ctrl-C ends "
                    "the game; nothing of it is left running.")
    play.add_argument("path", metavar="PATH",
                      help="a folder or .zip as grade takes it, or a student's folder of "
                           "grade-all's output (the files graded, and its seed)")
    play.add_argument("program", nargs="?", default="wordle", choices=("wordle", "easy_wordle"),
                      help="the program to play (default: wordle)")
    play.add_argument("--seed", type=seed_number, metavar="N",
                      help="a grading's seed (its report shows it): its game is played again "
                           "(default: a graded folder's own, else drawn afresh)")
    play.add_argument("--game", type=int, choices=GAMES, default=1,
                      help="which of the grading's games: 1 (the default) the first, lost and "
                           "replayed to win; 2 the second; 3 the third (played when the second "
                           "had the first's secret)")
    play.add_argument("--reveal", action="store_true",
                      help="first find the secret as the grader does (a silent lost game with "
                           "the same seed) and show it")
    play.add_argument("--transcript", metavar="FILE", type=transcript_target,
                      help="keep what was shown and typed in FILE, as text (coloured letters "
                           "as [R:green])")
    add_unsafe_option(play)
    add_color_option(play, "play's own lines and the program's coloured letters (where not "
                           "coloured, e.g. into a pipe, written as [R:green])")
    play.set_defaults(run=command_play)

    tests = commands.add_parser("tests", help="list the tests, their ids and points")
    tests.add_argument("--rubric", metavar="FILE", help="rubric file")
    tests.set_defaults(run=command_tests)

    prepare = commands.add_parser("prepare", help="compute and cache the function tests' expected "
                                  "values (setup.sh does it for Gradescope)")
    prepare.set_defaults(run=command_prepare)
    gradescope = commands.add_parser("gradescope-bundle", help="the autograder zip to upload "
                                     "to Gradescope")
    add_bundle_options(gradescope)
    gradescope.set_defaults(run=command_gradescope_bundle)
    add_gradescope_test_command(commands)

    report_pages = commands.add_parser("report", help="staff pages (class, students, similar "
                                       "code) for a folder of graded submissions")
    report_pages.add_argument("folder", metavar="DIR", help="graded submissions (grade-all --out)")
    report_pages.set_defaults(run=command_report)
    return main


def add_gradescope_test_command(commands):
    trial = commands.add_parser(
        "gradescope-test", help="try the Gradescope bundle here on a submission, as "
                                "Gradescope would run it",
        description="Build the Gradescope bundle, set it up in a temporary folder laid out as "
                    "Gradescope's /autograder (its setup.sh), run its run_autograder on "
                    "SUBMISSION as Gradescope's container would (as root: no namespaces, the "
                    "sandbox's uid mode) and print results.json's summary.")
    trial.add_argument("submission", metavar="SUBMISSION",
                       help="a student's files: a folder, or a .zip as uploaded")
    trial.add_argument("--rubric", metavar="FILE", help="bundle this rubric (as "
                       "gradescope-bundle --rubric)")
    trial.add_argument("--python", metavar="PYTHON", help="the python3 Gradescope's image "
                       "has (default: python3 on the PATH, as setup.sh finds it)")
    trial.add_argument("--json", nargs="?", const="-", type=json_target, metavar="FILE.json",
                       help="the results.json run_autograder wrote: to FILE.json as well as "
                            "the summary, or to standard output instead of it")
    trial.set_defaults(run=command_gradescope_test)


def add_unsafe_option(command):
    command.add_argument("--unsafe-no-jail", action="store_true",
                         help="where no safe sandbox can be made (not root, no user namespaces), "
                         "run student code as yourself anyway (the report says so)")


def seed_number(text):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value < transcripts.SEED_RANGE:
        raise argparse.ArgumentTypeError("expected a seed from a report: a whole number from 0 "
                                         "to %d, got %r" % (transcripts.SEED_RANGE - 1, text))
    return value


def transcript_target(text):
    """play's --transcript FILE: text, never a name the kit reads (a .py or .zip file, a
    results.json), so that a student's file named by mistake is not overwritten."""
    if text.lower().endswith((".py", ".zip", ".json")):
        raise argparse.ArgumentTypeError("%r: a transcript is text; give a name such as "
                                         "alice.txt (a .py, .zip or .json file is never "
                                         "overwritten)" % text)
    return text


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv=None):
    return run(parse_arguments(parser(), argv))
