"""The command line: python -m grader grade | grade-all | tests | prepare.

Arguments, messages and exit statuses only: one submission is graded by
grading.py, a class by batch.py.

    python -m grader grade PATH [--json [FILE.json]] [--rubric FILE] [--all] [--color {auto,always,never}]
    python -m grader grade-all PATH... [--csv FILE.csv] [-o DIR [--html] [--force]]
                                       [--only NAME...] [--jobs N] [--timeout SECONDS]
                                       [--rubric FILE]
    python -m grader tests [--rubric FILE]
    python -m grader prepare
    python -m grader gradescope-bundle -o ZIP [--rubric FILE]
    python -m grader gradescope-test SUBMISSION [--rubric FILE] [--python PYTHON] [--json [FILE.json]]
    python -m grader report DIR
    python -m grader review DIR [--port N] [--no-browser] [--grader NAME] [--rubric FILE]
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
                          parse_arguments, program_name, use_colour)
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
                           "with: %s report DIR" % (pages.missing_message(missing),
                                                    program_name("grader")))


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
        sys.stdout.write(text_report.text_report(result, colour=colour, everything=args.all))
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
        class_folder.check_apart(args.paths, args.out, args.csv)
        students = class_folder.find_students(args.paths)
        if args.only:
            students = class_folder.only(students, args.only)
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


def command_merge_hand_points(args):
    from grader.staff import hand_points  # staff side, not in the bundle
    items = hand_items(args.rubric)
    try:
        with hand_points.HandPoints(args.folder, items) as store:
            for other in args.others:
                merged = store.merge(other)
                print("merged %s: %d added, %d updated, %d unchanged, %d conflicting"
                      % (other, merged.added, merged.updated, merged.unchanged,
                         len(merged.conflicts)))
            for which, student, item in args.take or ():
                entry = store.take(student, item, which)
                print("settled %s %s: %s" % (student, item, hand_points.shown_entry(entry)))
            conflicts = store.conflicts()
    except hand_points.HandPointsError as error:
        raise CommandError(str(error)) from None
    for conflict in conflicts:
        print(hand_points.shown_conflict(conflict))
    if conflicts:
        grader = program_name("grader")
        print("%d conflict%s not settled: give the item's points in review (%s review %s), or "
              "keep one side: %s merge-hand-points %s --take mine|theirs STUDENT ITEM"
              % (len(conflicts), "" if len(conflicts) == 1 else "s", grader, args.folder,
                 grader, args.folder), file=sys.stderr)
        return EXIT_FAILED
    print("no conflicts: %s holds every TA's hand points" % os.path.join(
        args.folder, hand_points.DATABASE))
    return EXIT_OK


def command_export(args):
    from grader.staff import export, hand_points  # staff side, not in the bundle
    rubric = read_rubric(args.rubric)
    if not os.path.isdir(args.folder):
        raise CommandError("%s is not a folder of graded submissions (grade-all -o DIR)"
                           % args.folder)
    assignment = export.DEFAULT_ASSIGNMENT if args.assignment is None else args.assignment.strip()
    if not assignment:
        raise CommandError("--assignment: give the assignment's name as Canvas shows it")
    try:
        paths = export.outputs(args.folder, args.output, args.csv, args.comments)
        for path in paths.values():
            check_writable(path)
        found, strays = export.export(args.folder, rubric, paths, assignment)
    except (export.ExportError, hand_points.HandPointsError) as error:
        raise CommandError(str(error)) from None
    for folder in strays:
        print("hand points saved for %s, which is no graded student's folder in %s: left out"
              % (text_report.visible(folder), args.folder), file=sys.stderr)
    incomplete = [final for final in found if final.missing]
    for final in incomplete:
        print("no total for %s (%s): %s" % (
            text_report.visible(" & ".join(person.student for person in final.people)),
            final.folder, "; ".join(final.missing)), file=sys.stderr)
    print("Canvas gradebook import: %s\nplain CSV: %s\ncomments: %s"
          % (paths["canvas"], paths["plain"], paths["comments"]))
    print("%d of %d students have their total; %s" % (
        len(found) - len(incomplete), len(found),
        "the others' cells are empty (Canvas leaves an empty cell as it was)" if incomplete
        else "every hand point is given"))
    if incomplete and not args.allow_missing:
        print("%d student%s without a total (listed above): give their hand points in review "
              "(%s review %s), or export them empty with --allow-missing"
              % (len(incomplete), "" if len(incomplete) == 1 else "s", program_name("grader"),
                 args.folder),
              file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def hand_items(rubric_path):
    """The rubric's hand items; CommandError when it has none."""
    items = read_rubric(rubric_path).hand
    if not items:
        raise CommandError("the rubric %s has no hand items (its \"hand\" list: "
                           "grader/results/rubric.py)" % (rubric_path or "(the course's)"))
    return items


def command_tests(args):
    rubric = read_rubric(args.rubric)
    maxima = maximum_scores(rubric, grading.ALL_SPECS)
    for group, specs in specs_by_group(grading.ALL_SPECS).items():
        rule = rubric.groups[group]
        print("%s: %s points%s" % (group, points(rule.points),
                                   ", all or nothing" if rule.all_or_nothing else ""))
        for spec in specs:
            print("  %-40s %7s  %s" % (spec.id, points(maxima[spec.id]), spec.name))
    if rubric.hand:
        print("given by hand (%s review; not graded here): %s points"
              % (program_name("grader"), points(sum(item.points for item in rubric.hand))))
        for item in rubric.hand:
            print("  %-40s %7s  %s" % (item.id, points(item.points), item.title))
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
    from grader.staff.class_record import graded_records
    from grader.results import pages  # staff-side extras (Jinja2, ...): loaded only for pages
    from grader.results.pages.layout import LayoutError, folder_name
    try:
        identities = {folder_name(row.get("student") or ""): row for row in graded_records(folder)}
    except LayoutError:
        identities = {}     # pages.build says why the folder cannot be read
    try:
        index, skipped = pages.build(folder, identities)
    except pages.PagesError as error:
        raise CommandError(str(error)) from None
    for problem in {problem.filename: problem for problem in skipped}.values():
        print("skipped %s: not followed, read or written" % printable(problem))
    if not any(problem.filename == str(index) for problem in skipped):
        print("class page: %s" % index)


def command_gradescope_bundle(args):
    from grader.staff.bundle_command import bundle_command  # staff side, not in the bundle
    return bundle_command(args)


def command_review(args):
    from grader.staff.review.command import review_command  # staff side, not in the bundle
    return review_command(args)


def command_gradescope_test(args):
    from grader.staff.gradescope_test import gradescope_test    # staff side, not in the bundle
    return gradescope_test(args)


def command_report(args):
    build_pages(args.folder)
    return EXIT_OK


def parser():
    main = argparse.ArgumentParser(prog=program_name("grader"),
                                   description="Grade CSCI 1913 Project 1 (Wordle) submissions.")
    commands = main.add_subparsers(
        dest="command", required=True, metavar="COMMAND",
        title="commands (%s COMMAND --help for each)" % program_name("grader"))

    grade = commands.add_parser("grade", help="grade one submission (a folder or a .zip)")
    grade.add_argument("path", help="folder or .zip holding wordle.py and easy_wordle.py")
    grade.add_argument("--json", nargs="?", const="-", type=json_target, metavar="FILE.json",
                       help="Gradescope's results.json: to FILE.json as well as the report, or "
                            "to standard output instead of it (no FILE, or -)")
    grade.add_argument("--rubric", metavar="FILE", help="rubric file (default: grader/results/rubric.json)")
    grade.add_argument("--seed", type=seed_number, metavar="N",
                       help="replay a grading: the seed its report or results.json shows "
                            "(default: drawn afresh)")
    grade.add_argument("--all", action="store_true",
                       help="list every test in the report, the passed ones too (by default "
                            "they are counted: the report shows where points were lost)")
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
    grade_all.add_argument("--csv", metavar="FILE.csv", type=csv_target,
                           help="where to write scores, a name ending in .csv (default: "
                                "DIR/grades.csv with -o DIR); with -o, every student graded "
                                "there, not only this run's")
    grade_all.add_argument("-o", "--output", "--out", "--reports", metavar="DIR", dest="out",
                           help="a folder per student (results.json, report.txt, the files "
                                "graded, earlier gradings), written as each finishes; a rerun "
                                "skips students already graded there; never an input's folder, "
                                "one inside it or one around it")
    grade_all.add_argument("--force", action="store_true",
                           help="grade again students already graded in the -o folder (their "
                                "earlier gradings are kept in their folders)")
    grade_all.add_argument("--only", nargs="+", action="extend", metavar="NAME",
                           help="grade only these students of the class (their names as the "
                                "CSV shows them, or their folders' or files' names)")
    grade_all.add_argument("--html", action="store_true",
                           help="then build the staff pages in the -o folder (as the report "
                                "command); the staff libraries are checked before grading")
    grade_all.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1,
                           metavar="N", help="submissions graded at once (default: CPU count)")
    grade_all.add_argument("--timeout", type=positive_int, metavar="SECONDS",
                           help="stop grading one submission after this long and mark its "
                           "row (default: 300 s more than a grading's longest wall-clock "
                           "bound)")
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

    review = commands.add_parser(
        "review", help="give the hand points (style, code review) in a browser, one student "
                       "at a time", description="A local web app (127.0.0.1, with a token as "
        "Jupyter has) over a graded class: each student's code, games and findings beside "
        "the rubric's hand items, every point and comment saved as it is typed in "
        "DIR/hand_points.sqlite3. Ctrl-C ends it.")
    add_review_options(review)
    review.set_defaults(run=command_review)

    merge = commands.add_parser(
        "merge-hand-points", help="merge other TAs' hand points into a graded folder's; list "
                                  "the conflicts (exit 1 while any is not settled)",
        description="Add the hand points of OTHER.sqlite3 files (another TA's DIR/"
                    "hand_points.sqlite3) to DIR's: the union. An item both scored "
                    "differently is a conflict: listed, never chosen for you, until you give "
                    "its points in review or keep one side with --take. Without OTHER, lists "
                    "the conflicts left.")
    merge.add_argument("folder", metavar="DIR", help="graded submissions (grade-all --out)")
    merge.add_argument("others", nargs="*", metavar="OTHER.sqlite3",
                       help="another TA's hand_points.sqlite3 (copy it after closing review)")
    merge.add_argument("--take", nargs=3, action="append", type=str,
                       metavar=("mine|theirs", "STUDENT", "ITEM"),
                       help="settle a conflict: keep DIR's value (mine) or the other file's "
                            "(theirs) for STUDENT's (folder name) ITEM; may be repeated")
    merge.add_argument("--rubric", metavar="FILE",
                       help="rubric file whose hand items the points are checked against")
    merge.set_defaults(run=command_merge_hand_points)

    export = commands.add_parser(
        "export", help="the final grades (the kit's points and the hand points) for Canvas's "
                       "gradebook import and as a plain CSV",
        description="Write every graded student's final grade: the kit's points from DIR's "
                    "folders plus the hand points given in review. A student without every "
                    "hand point (or not graded, or with a conflict) keeps an empty total, "
                    "never 0, and is listed; the command then exits 1 unless "
                    "--allow-missing.")
    export.add_argument("folder", metavar="DIR", help="graded submissions (grade-all --out)")
    export.add_argument("-o", "--output", metavar="FILE.csv", type=csv_target,
                        help="Canvas's gradebook import file (default: DIR/export-canvas.csv)")
    export.add_argument("--csv", metavar="FILE.csv", type=csv_target,
                        help="the plain CSV: a row per student, each part a column "
                             "(default: DIR/export-grades.csv)")
    export.add_argument("--comments", metavar="FILE.csv", type=csv_target,
                        help="the hand items' comments (default: DIR/export-comments.csv)")
    export.add_argument("--assignment", metavar="NAME",
                        help="the Canvas column: the assignment's name, with Canvas's id as "
                             "its own export shows it to fill that assignment, e.g. "
                             "\"Project 1: Wordle (123456)\" (default: Project 1: Wordle, a "
                             "new assignment)")
    export.add_argument("--allow-missing", action="store_true",
                        help="exit 0 even when some students have no total yet (their cells "
                             "stay empty)")
    export.add_argument("--rubric", metavar="FILE", help="rubric file (default: the course's)")
    export.set_defaults(run=command_export)
    return main


def add_review_options(review):
    review.add_argument("out", metavar="DIR", help="graded submissions (grade-all -o DIR): "
                        "the hand points are saved in DIR/hand_points.sqlite3")
    review.add_argument("--port", type=port_number, default=0, metavar="N",
                        help="listen on this port of 127.0.0.1 (default: a free one)")
    review.add_argument("--no-browser", action="store_true",
                        help="only print the address (default: also open it in a browser, "
                             "where there is a desktop to open one on)")
    review.add_argument("--grader", metavar="NAME", default=None,
                        help="saved with every entry, shown when TAs' files are merged "
                             "(default: your login name)")
    review.add_argument("--rubric", metavar="FILE",
                        help="rubric file whose hand items are given (default: the course's)")


def port_number(text):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("expected a port from 0 (any free one) to 65535, "
                                         "got %r" % text)
    return value


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
                       "has (default: the Python this one runs on, outside its virtual environment: a kit "
                       "installed there would lend the bundle what it lacks)")
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


def csv_target(text):
    """grade-all's --csv FILE: a name ending in .csv, so that a misplaced input file's name is
    never taken for the output and overwritten."""
    if not text.lower().endswith(".csv"):
        raise argparse.ArgumentTypeError("%r: the scores are CSV; give a name ending in .csv, "
                                         "e.g. grades.csv" % text)
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
