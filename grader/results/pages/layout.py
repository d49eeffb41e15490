"""The folder of graded submissions the staff pages are built from (standard library only).

``grade-all --out OUT`` writes one folder per submission, as each finishes::

    OUT/
      <folder>/             one per submission: the student's name made safe (folder_name)
        results.json        Gradescope's results.json (as `python -m grader grade SUB --json`)
        report.txt          the text report, without colour
        student.json        {"student": NAME, "submission": PATH}: the name as given (any text)
                            (optional: without it the folder's name is the student's)
        error.txt           why the submission could not be graded (instead of results.json)
        batch.json          grade-all's record: the student's CSV row, what was graded, and
                            the earlier gradings (grader/staff/class_record.py reads it)
        src/                the files that were graded (wordle.py, easy_wordle.py), as loaded;
                            handout files here are shown but not checked for style or similarity

``python -m grader report OUT`` then adds the pages: ``OUT/index.html`` (the class),
``OUT/<folder>/index.html`` (each student) and ``OUT/_similar/`` (pairs side by side).
A submission's folder is one holding results.json or error.txt (submission_folders): the
CSV and the class page list the same ones, and nothing else in OUT (a file, ``_similar``,
a staff database) is ever taken for a student.  Folders whose names start with ``_`` or
``.`` are never submissions; folder_name never makes such a name.  Everything in a submission's folder is student data: it is read as
plain text and JSON, never imported or run.
"""
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from grader.results import inside

HANDOUT_FILES = ("display_utility.py", "words.py")  # the course's, even when handed in
RESULTS, REPORT, STUDENT, ERROR, SOURCES, RECORD = (
    "results.json", "report.txt", "student.json", "error.txt", "src", "batch.json")
MAX_TEXT_BYTES = 4 * 1024 * 1024  # a report or a source file bigger than this is cut
UNSAFE = re.compile(r"[^\w.@+-]+")
HASHED = re.compile(r"-[0-9a-f]{8}$")   # how folder_name ends a name it had to change


class LayoutError(Exception):
    """The folder is not one of graded submissions, or cannot be read or written."""


def folder_name(student):
    """A file name for the student's folder: the name itself when it is safe, has no dot (so
    it is never one of the kit's files in OUT: grades.csv, index.html) and does not end as a
    hashed name does; otherwise its safe characters and a short hash of the whole name, so
    two names never share a folder (class_folder.unique makes sure of it, case aside)."""
    safe = UNSAFE.sub("_", student).strip("._ ")[:60] or "student"
    if safe == student and "." not in student and not HASHED.search(student):
        return safe
    return "%s-%s" % (safe, hashlib.sha256(student.encode("utf-8", "replace")).hexdigest()[:8])


def write_submission(out, student, results=None, report="", sources=(), error="",
                     submission="", record=""):
    """Write one submission's folder under OUT and return it (inside.py: no link in OUT is
    followed; inside.Skipped names an entry that is a link or not a file and was left).

    results: the results.json dict (None when grading failed, with error saying why);
    sources: (file name, bytes) pairs of the files graded; record: batch.json's text,
    written before results.json or error.txt, so a folder they mark is never without it."""
    name = folder_name(student)
    try:
        os.makedirs(out, exist_ok=True)     # OUT itself as staff named it
        inside.write_text(out, (name, STUDENT),
                          json.dumps({"student": student, "submission": str(submission)}) + "\n")
        for file, data in sources:
            inside.write_bytes(out, (name, SOURCES, PurePath(file).name), data)
        if record:
            inside.write_text(out, (name, RECORD), record)
        if results is not None:
            inside.write_text(out, (name, REPORT), report)
            # last and whole (renamed into place): its presence means graded
            inside.write_text(out, (name, RESULTS), json.dumps(results, indent=2) + "\n")
            inside.remove(out, (name, ERROR))
        else:
            inside.write_text(out, (name, ERROR), error + "\n")
    except inside.Skipped:
        raise
    except OSError as problem:
        raise LayoutError("cannot write %s: %s" % (Path(out) / name, problem)) from None
    return Path(out) / name


@dataclass
class Submission:
    """One submission's folder, read back as plain data."""

    folder: str                 # the folder's name (links point to it)
    student: str                # the student's name as given
    results: dict = None        # results.json, or None when not graded
    error: str = ""             # why it was not graded
    report: str = ""
    sources: dict = field(default_factory=dict)   # file name -> text


def read_text(out, relative):
    return inside.read_bytes(out, relative, MAX_TEXT_BYTES).decode("utf-8", "replace")


def read_submission(out, name, skipped):
    """A Submission from OUT/name; a folder without results.json or error.txt is not one.
    What is a link or not a regular file is left and added to skipped."""
    submission = Submission(folder=name, student=name)
    try:
        graded = inside.is_file(out, (name, RESULTS))
        if not graded and not inside.is_file(out, (name, ERROR)):
            return None
        submission.student = student_name(out, name, skipped)
        if graded:
            submission.results = _checked_results(json.loads(read_text(out, (name, RESULTS))))
        else:
            submission.error = read_text(out, (name, ERROR)).strip()
        submission.report = _read_if_there(out, (name, REPORT), skipped)
        try:
            _, files, links = inside.entries(out, (name, SOURCES))
        except FileNotFoundError:
            files, links = [], []
        except inside.Skipped as problem:      # src/ itself a link
            files, links = [], [problem]
        skipped += links
        submission.sources = {file: read_text(out, (name, SOURCES, file)) for file in files}
    except inside.Skipped as problem:
        skipped.append(problem)
        submission.results = None
        submission.error = "not read: %s" % problem
    except (OSError, ValueError, AttributeError) as problem:
        submission.results = None
        submission.error = "cannot read %s: %s" % (name, problem)
    return submission


def student_name(out, name, skipped):
    """The student's name as given (student.json), or the folder's name without one."""
    student = _read_if_there(out, (name, STUDENT), skipped)
    if student:
        student = json.loads(student).get("student")
        if isinstance(student, str) and student.strip():
            return student
    return name


def _read_if_there(out, relative, skipped):
    """The file's text; "" when it is not there, or is a link or no regular file (skipped)."""
    try:
        return read_text(out, relative)
    except FileNotFoundError:
        return ""
    except inside.Skipped as problem:
        skipped.append(problem)
        return ""


def _checked_results(results):
    """results.json as the pages need it: a score and a list of tests with names and scores."""
    if not isinstance(results, dict) or not isinstance(results.get("tests"), list):
        raise ValueError("results.json has no list of tests")
    for test in results["tests"]:
        if not isinstance(test, dict) or not isinstance(test.get("name"), str):
            raise ValueError("results.json has a test without a name")
        for key in ("score", "max_score"):
            if not isinstance(test.get(key, 0), (int, float)):
                raise ValueError("results.json has a test whose %s is not a number" % key)
    return results


def submission_folders(out):
    """(names, skipped): the submissions' folders under OUT in name order, those holding
    results.json or error.txt (or an entry of that name that is a link: shown as not read),
    and the entries of OUT left because they are links or not folders (inside.Skipped)."""
    root = Path(out)
    if not root.is_dir():
        raise LayoutError("%s is not a folder" % root)
    try:
        folders, _, skipped = inside.entries(root)
    except OSError as problem:
        raise LayoutError("cannot read %s: %s" % (root, problem)) from None
    names = []
    for name in folders:
        if name[:1] in "_.":
            continue
        try:
            if inside.is_file(root, (name, RESULTS)) or inside.is_file(root, (name, ERROR)):
                names.append(name)
        except OSError:     # a link or unreadable: read_submission says so
            names.append(name)
    return names, skipped


def read_batch(out):
    """(submissions, skipped): every submission folder under OUT, in folder order, and the
    entries left because they are links or not what they should be (inside.Skipped)."""
    root = Path(out)
    folders, skipped = submission_folders(root)
    submissions = [read_submission(root, name, skipped) for name in folders]
    submissions = [submission for submission in submissions if submission is not None]
    if not submissions:
        raise LayoutError("%s holds no graded submissions (folders with %s or %s)"
                          % (root, RESULTS, ERROR))
    return submissions, skipped
