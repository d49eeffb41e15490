"""Grading a whole class: one child process per submission, JOBS at a time, into a CSV file.

Each child grades one student (grading.grade), writes their folder under --out as it
finishes (the staff pages' layout, results/pages/layout.py, with batch.json: what was
graded, the student's CSV row and their earlier gradings, class_record.py; a rerun skips
those graded from the same files) and sends its record back.  With --out, the CSV and the
summary are rebuilt from every student's folder there, whichever students this run graded.
A student whose grading the grader itself failed (its own code raised, or the child
crashed) is graded once more, in a new child; one that fails again, or runs past the
batch's time limit, gets an error row and the class goes on (a student graded before keeps
that grading when the grader fails).  Ctrl-C or SIGTERM stops
every child, which cleans up its sandbox, and the CSV of everyone graded so far is written
all the same.  Students start the slowest first where an earlier grading timed them, so a
rerun or a resume does not end on one slow student with the other jobs idle.
"""
import ctypes
import hashlib
import multiprocessing
import multiprocessing.connection
import os
import pathlib
import signal
import statistics
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timezone

from command_line import program_name
from grader import assignment, grading
from grader.staff import class_folder, class_record
from grader.staff.class_record import Record
from grader.checks import function_cases, possible_words, transcripts
from grader.results import class_summary, csv_table, gradescope_json, text_report
from grader.results import inside
from grader.results.pages import layout
from grader.results.rubric import grading_part, load_rubric
from grader.results.scoring import maximum_scores, points
from grader.sandbox import cpu_quota, temp_folders
from grader.submission import LoadError, load_submission

EXIT_WORKER = 1                 # how a stopped child ends
PR_SET_PDEATHSIG = 1
STOP_GRACE = 10                 # seconds a stopped child has to clean up before SIGKILL
# Seconds one submission's whole grading may take beyond the longest wall-clock bound of its
# student's code (assignment.longest_grading_wall): loading, the reference, scoring, pages.
BEYOND_THE_BOUND = 300


class BatchError(Exception):
    """The class cannot be graded (no submissions, an output that cannot be written)."""


class NoSafeSandbox(BatchError):
    """No safe sandbox can be made on this machine, and staff did not choose the unsafe mode."""


def error_record(student, message, grader_failed=False):
    message = class_folder.printable(message)  # a path in it may hold bytes that are not UTF-8
    return Record(dict(csv_table.error_row(student.name, message), **student.identity()), None,
                  "error: " + message, grader_failed)


def grader_failed_record(student, what):
    return error_record(student, "the grader failed on this submission, not the student's code "
                        "(%s): %s" % (what, text_report.regrade_hint(student.shown_path)), True)


def fingerprint(student, rubric_text):
    """What a grade depends on: the files the grader takes from the submission, and the rubric."""
    digest = hashlib.sha256(rubric_text.encode("utf-8"))
    try:
        with class_folder.opened(student) as path, \
                load_submission(path, assignment.REQUIRED_FILES) as submission:
            for name, file in sorted(submission.files.items()):
                digest.update(b"%s\0%d\0" % (name.encode(), file.stat().st_size))
                digest.update(file.read_bytes())
            digest.update("\n".join(submission.notes).encode("utf-8", "replace"))
    except (LoadError, OSError) as error:
        digest.update(("unreadable: %s" % error).encode("utf-8", "replace"))
    return digest.hexdigest()


def resumed(saved, out, stamp):
    """The record of a student graded by an earlier run from the same files (saved: their
    class_record.Saved, or None), or None (also when an entry is a link: inside.py reads none)."""
    try:
        if (saved is not None and saved.graded and saved.fingerprint == stamp
                and inside.is_file(out, (saved.folder, layout.RESULTS))):
            return saved.record
    except OSError:
        pass
    return None


def graded_sources(path):
    try:
        with load_submission(path, assignment.REQUIRED_FILES) as submission:
            return [(name, file.read_bytes()) for name, file in submission.files.items()]
    except (LoadError, OSError):
        return []


def style_count(sources):
    """pycodestyle's findings in the student's files, or None without pycodestyle."""
    try:
        from grader.results.pages.style import all_findings
        return len(all_findings({name: data.decode("utf-8", "replace")
                                 for name, data in sources}))
    except ImportError:  # a staff-side extra; the CSV's style column stays empty
        return None


def grade_one(student, rubric_path, out, stamp, unsafe_no_jail=False, csv_path=None):
    """Grade one student (in a child process); write their folder under out; return a Record.
    The student's code is kept from out and from csv_path (a class's scores)."""
    rubric = load_rubric(rubric_path, [spec.id for spec in grading.ALL_SPECS])
    started = time.monotonic()
    try:
        with class_folder.opened(student) as path:
            result = grading.grade(path, rubric, unsafe_no_jail=unsafe_no_jail,
                                   private_paths=[out] if out is not None else [],
                                   output_files=[csv_path] if csv_path is not None else [])
            sources = graded_sources(path)
    except grading.CannotGrade as error:
        record, result, sources = error_record(student, str(error)), None, []
    except grading.GraderFailed as error:
        record, result, sources = grader_failed_record(student, str(error)), None, []
    else:
        record = Record(dict(csv_table.result_row(student.name, result, style_count(sources)),
                             **student.identity()),
                        [test.spec.id for test in result.tests if test.outcome.passed],
                        "%s / %s" % (points(result.score), points(result.max_score)))
    record.seconds = round(time.monotonic() - started, 1)
    if out is not None and result is not None:
        write_student(out, student, record, stamp, result, sources)
    return record


@contextmanager
def uninterrupted():
    """Ctrl-C and SIGTERM held back while a student's folder is written, then delivered:
    a stopped batch leaves no folder half old, half new (the write takes milliseconds)."""
    held = {signal.SIGINT, signal.SIGTERM}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def write_student(out, student, record, stamp, result=None, sources=()):
    """The student's folder: the pages' layout with batch.json, its record and their earlier
    gradings (a graded one is resumed by the next run).  Where an entry of it is a link or
    not a regular file (inside.py follows none) the rest is not written and the record's
    summary says so."""
    folder = layout.folder_name(student.name)
    when = datetime.now(timezone.utc).isoformat(timespec="seconds")
    try:
        with uninterrupted():
            text = class_record.record_text(out, folder, stamp, record, class_record.history_entry(
                record, when, result.seed if result is not None else None))
            if result is None:
                layout.write_submission(out, student.name, error=record.row[csv_table.ERROR],
                                        submission=student.shown_path, record=text)
                inside.remove(out, (folder, layout.RESULTS))
                return
            layout.write_submission(out, student.name, gradescope_json.results_json(result),
                                    text_report.text_report(result), sources,
                                    submission=student.shown_path, record=text)
    except inside.Skipped as problem:
        record.summary += "; skipped %s: not followed, its folder not written" % problem


def child_main(connection, student, rubric_path, out, stamp, main_pid, unsafe_no_jail=False,
               csv_path=None):
    """A child of the batch: Ctrl-C is left to the main process, which stops children
    with SIGTERM; that raises SystemExit here, so the with-blocks clean up.  The kernel
    sends the same SIGTERM when the main process dies, even by SIGKILL."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, stop_child)
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != main_pid:    # it died before the prctl
        os._exit(EXIT_WORKER)
    try:
        record = grade_one(student, rubric_path, out, stamp, unsafe_no_jail, csv_path)
        connection.send(record)
    except SystemExit:  # stopped mid-grading and cleaned up
        temp_folders.remove_own()   # as far as with-blocks could: one may not have begun
        os._exit(EXIT_WORKER)
    except Exception as error:  # the folder could not be written: say so in the row
        connection.send(grader_failed_record(student, "%s: %s" % (type(error).__name__, error)))


def stop_child(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # once: the clean-up must not be cut short
    raise SystemExit(EXIT_WORKER)


@dataclass
class Running:
    student: object
    process: object
    connection: object
    started: float
    stamp: str


def stop(processes):
    """SIGTERM each child, then SIGKILL those not gone after STOP_GRACE seconds."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()


def run_children(todo, jobs, timeout, start, finished):
    """Grade todo [(index, Student, fingerprint)], jobs at a time; finished(index, Record).
    A student the grader failed on is graded once more before their record is final."""
    context = multiprocessing.get_context("fork")
    pending, running, retried = list(todo), {}, set()
    try:
        while pending or running:
            while pending and len(running) < jobs:
                index, student, stamp = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(target=start, args=(sender, student, stamp, os.getpid()),
                                          name="grading %d" % index)
                process.start()
                sender.close()
                running[index] = Running(student, process, receiver, time.monotonic(), stamp)
            first_deadline = min(item.started for item in running.values()) + timeout
            multiprocessing.connection.wait(
                [item.connection for item in running.values()]
                + [item.process.sentinel for item in running.values()],
                timeout=max(0.0, first_deadline - time.monotonic()))
            for index, item in list(running.items()):
                record = outcome_of(item, timeout)
                if record is not None:
                    del running[index]
                    item.connection.close()
                    if record.grader_failed and index not in retried:
                        retried.add(index)
                        pending.append((index, item.student, item.stamp))
                    else:
                        finished(index, record)
    except BaseException:  # interrupted: grade no one else, stop who is grading
        stop([item.process for item in running.values()])
        raise


def outcome_of(item, timeout):
    """The child's Record once it is done (crashed or over time included); None while it runs."""
    if item.connection.poll():
        try:
            record = item.connection.recv()
        except (EOFError, OSError):  # it died without a word
            record = None
        item.process.join(STOP_GRACE)
        stop([item.process])
        if record is not None:
            return record
    if not item.process.is_alive():   # crashed (after a word that could not be read, or none)
        return grader_failed_record(item.student, "its process ended with exit status %s"
                                    % item.process.exitcode)
    if time.monotonic() - item.started > timeout:
        stop([item.process])
        return error_record(item.student, "grading took over %s s and was stopped: grade it "
                            "alone with %s grade" % (points(timeout), program_name("grader")))
    return None


class Progress:
    """A line per student as each finishes; a bar with N/M and the time left when stderr is a
    terminal (tqdm, staff side: without it, the lines alone)."""

    def __init__(self, total, already):
        self.bar = None
        if sys.stderr.isatty():
            try:
                import tqdm
                tqdm.tqdm.monitor_interval = 0  # no monitor thread in a process that forks
                try:
                    known = os.get_terminal_size(sys.stderr.fileno()).columns > 0
                except OSError:
                    known = False
                size = {"dynamic_ncols": True} if known else {"ncols": 80, "nrows": 24}
                self.bar = tqdm.tqdm(total=total, initial=already, unit="student",
                                     file=sys.stderr, **size)
            except ImportError:
                pass

    def done(self, name, summary):
        line = "%-30s %s" % (text_report.visible(name), text_report.visible(summary))
        if self.bar is not None:
            self.bar.write(line, file=sys.stdout)
            self.bar.update(1)
        else:
            print(line, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def write_file(path, text):
    """text to path, renamed into place: a link at path is refused, not followed (inside.py)."""
    path = os.path.abspath(path)
    try:
        inside.write_bytes(os.path.dirname(path), os.path.basename(path),
                           text.encode("utf-8", "replace"))
    except OSError as error:
        raise BatchError("cannot write %s: %s" % (path, error.strerror or error)) from None


def check_csv_place(csv_path, out, students):
    """BatchError, before anyone is graded, when the CSV would be written where a student's
    folder goes (--csv OUT/NAME with a name folder_name gives a student)."""
    csv_file = pathlib.Path(csv_path)
    folders = {layout.folder_name(student.name) for student in students}
    if csv_file.parent.resolve() == pathlib.Path(out).resolve() and csv_file.name in folders:
        raise BatchError("the CSV file %s would take the place of a student's folder in %s: "
                         "choose another --csv" % (class_folder.printable(csv_path),
                                                   class_folder.printable(out)))


def default_timeout():
    """Seconds for one submission's whole grading on this machine, by default."""
    return round(assignment.longest_grading_wall(assignment.GRADING_BUDGET,
                                                 cpu_quota.available_cpus()) + BEYOND_THE_BOUND)


def grade_class(students, csv_path, rubric_path=None, out=None, jobs=1, force=False,
                timeout=None, unsafe_no_jail=False):
    """Grade the Students with jobs children, printing a line per student as each finishes;
    write the CSV to csv_path, even when interrupted; return the summary's lines.  With out,
    each student's folder is written there, students already graded there from the same
    files with the same rubric are skipped unless force, and the CSV and the summary hold
    every student's folder there (class_record.graded_records), not only this run's; without
    it, this run's students in their order.  Where no safe sandbox can be made, BatchError
    before anyone is graded, unless unsafe_no_jail."""
    timeout = timeout or default_timeout()
    try:
        grading.check_sandbox(unsafe_no_jail)
    except grading.CannotGrade as error:
        raise NoSafeSandbox(str(error)) from None
    rubric = load_rubric(rubric_path, [spec.id for spec in grading.ALL_SPECS])
    maxima = maximum_scores(rubric, grading.ALL_SPECS)
    rubric_text = grading_part(rubric_path)
    if out is not None:
        try:
            os.makedirs(out, exist_ok=True)
        except OSError as error:
            raise BatchError("cannot create %s: %s" % (out, error.strerror or error)) from None
        check_csv_place(csv_path, out, students)
    records, todo, earlier = {}, [], {}
    for index, student in enumerate(students):
        stamp, saved = "", None
        if out is not None:
            stamp = fingerprint(student, rubric_text)
            saved = class_record.saved_record(out, layout.folder_name(student.name))
        record = None if force else resumed(saved, out, stamp)
        if record is not None:
            records[index] = class_record.with_identity(out, saved, student.identity())
            continue
        todo.append((index, student, stamp))
        if saved is not None:
            earlier[index] = saved
    skipped = len(records)
    if skipped:
        print("%d of %d already graded in %s (from the same files and rubric): skipped; "
              "--force grades them again" % (skipped, len(students), out), flush=True)
    todo = slowest_first(todo, earlier)
    class_record.kit_version()  # once here, before the children fork
    function_cases.all_cases()  # built once here, read from the cache by every child
    transcripts.reference_game_cpus()  # the same for the games' time limits
    possible_words.index()  # and the word list's index, for the easy games' screens
    progress = Progress(len(students), skipped)
    failed = {}

    def finished(index, record):
        student = students[index]
        if record.passed is None:
            failed[index] = record.row[csv_table.ERROR]
            previous = earlier.get(index)
            if record.grader_failed and previous is not None and previous.graded:
                # the grader's failure says nothing of the student: their grading stands
                record = replace(previous.record, summary=record.summary
                                 + "; their earlier grading is kept")
            elif out is not None:
                write_student(out, student, record, "")
        records[index] = record
        progress.done(student.name, record.summary)

    def start(connection, student, stamp, main_pid):
        child_main(connection, student, rubric_path, out, stamp, main_pid, unsafe_no_jail,
                   csv_path)

    try:
        run_children(todo, jobs, timeout, start, finished)
    finally:
        progress.close()
        held = class_records(out, students, records)
        write_file(csv_path, csv_table.csv_text(grading.ALL_SPECS, maxima,
                                                [record.row for record in held]))
    regraded = [(students[index].name, earlier[index].record.row, records[index].row)
                for index in sorted(earlier) if index in records]
    failures = [(students[index].name, failed[index]) for index in sorted(failed)]
    return (class_summary.summary_lines(grading.ALL_SPECS, maxima, held)
            + class_summary.score_changes(regraded)
            + [class_summary.closing_line(len(todo) - len(failed), skipped, failures, held,
                                          out, csv_path)])


def class_records(out, students, records):
    """The records the CSV and the summary hold: with out, every student's folder there
    (class_record.folder_records: graded_records' rows), then this run's students whose
    folder could not be written (a link there is not followed), so no one graded is left
    out; without out, this run's records {index: Record} in the students' order."""
    this_run = [(students[index].name, records[index]) for index in sorted(records)]
    if out is None:
        return [record for _, record in this_run]
    held = class_record.folder_records(out)
    in_folder = {record.row.get(csv_table.STUDENT) for record in held}
    return held + [record for name, record in this_run if name not in in_folder]


def slowest_first(todo, earlier):
    """todo with the students an earlier grading timed as slow first (a student not yet
    timed counts as the median of those timed): the jobs then end together, instead of one
    slow student graded alone at the end while the other jobs sit idle."""
    timed = {index: saved.seconds for index, saved in earlier.items() if saved.seconds is not None}
    if not timed:
        return todo
    typical = statistics.median(timed.values())
    return sorted(todo, key=lambda item: -timed.get(item[0], typical))
