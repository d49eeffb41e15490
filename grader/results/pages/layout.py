"""The folder of graded submissions the staff pages are built from (standard library only).

``grade-all --out OUT`` writes one folder per submission, as each finishes::

    OUT/
      <folder>/             one per submission: the student's name made safe (folder_name)
        results.json        Gradescope's results.json (as `python -m grader grade SUB --json`)
        report.txt          the text report, without colour
        student.json        {"student": NAME, "submission": PATH}: the name as given (any text)
                            (optional: without it the folder's name is the student's)
        error.txt           why the submission could not be graded (instead of results.json)
        src/                the files that were graded (wordle.py, easy_wordle.py), as loaded;
                            handout files here are shown but not checked for style or similarity

``python -m grader report OUT`` then adds the pages: ``OUT/index.html`` (the class),
``OUT/<folder>/index.html`` (each student) and ``OUT/_similar/`` (pairs side by side).
Folders whose names start with ``_`` or ``.`` are never submissions; folder_name never
makes such a name.  Everything in a submission's folder is student data: it is read as
plain text and JSON, never imported or run.
"""
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

HANDOUT_FILES = ("display_utility.py", "words.py")  # the course's, even when handed in
RESULTS, REPORT, STUDENT, ERROR, SOURCES = (
    "results.json", "report.txt", "student.json", "error.txt", "src")
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
                     submission=""):
    """Write one submission's folder under OUT and return it.

    results: the results.json dict (None when grading failed, with error saying why);
    sources: (file name, bytes) pairs of the files graded."""
    folder = Path(out) / folder_name(student)
    try:
        (folder / SOURCES).mkdir(parents=True, exist_ok=True)
        (folder / STUDENT).write_text(
            json.dumps({"student": student, "submission": str(submission)}) + "\n",
            encoding="utf-8")
        for name, data in sources:
            (folder / SOURCES / Path(name).name).write_bytes(data)
        if results is not None:
            (folder / REPORT).write_text(report, encoding="utf-8")
            _write_last(folder / RESULTS, json.dumps(results, indent=2) + "\n")
            (folder / ERROR).unlink(missing_ok=True)
        else:
            (folder / ERROR).write_text(error + "\n", encoding="utf-8")
    except OSError as problem:
        raise LayoutError("cannot write %s: %s" % (folder, problem)) from None
    return folder


def _write_last(path, text):
    """results.json last and whole (renamed into place): its presence means graded."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


@dataclass
class Submission:
    """One submission's folder, read back as plain data."""

    folder: str                 # the folder's name (links point to it)
    student: str                # the student's name as given
    results: dict = None        # results.json, or None when not graded
    error: str = ""             # why it was not graded
    report: str = ""
    sources: dict = field(default_factory=dict)   # file name -> text


def read_text(path):
    with open(path, "rb") as handle:
        return handle.read(MAX_TEXT_BYTES).decode("utf-8", "replace")


def read_submission(folder):
    """A Submission from its folder; a folder without results.json or error.txt is not one."""
    results_file, error_file = folder / RESULTS, folder / ERROR
    if not results_file.is_file() and not error_file.is_file():
        return None
    submission = Submission(folder=folder.name, student=folder.name)
    try:
        if (folder / STUDENT).is_file():
            student = json.loads(read_text(folder / STUDENT)).get("student")
            if isinstance(student, str) and student.strip():
                submission.student = student
        if results_file.is_file():
            submission.results = _checked_results(json.loads(read_text(results_file)))
        else:
            submission.error = read_text(error_file).strip()
        if (folder / REPORT).is_file():
            submission.report = read_text(folder / REPORT)
        sources = folder / SOURCES
        if sources.is_dir():
            submission.sources = {path.name: read_text(path) for path in sorted(sources.iterdir())
                                  if path.is_file() and not path.is_symlink()}
    except (OSError, ValueError, AttributeError) as problem:
        submission.results = None
        submission.error = "cannot read %s: %s" % (folder.name, problem)
    return submission


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


def read_batch(out):
    """Every submission folder under OUT, in folder order."""
    root = Path(out)
    if not root.is_dir():
        raise LayoutError("%s is not a folder" % root)
    try:
        folders = sorted(p for p in root.iterdir()
                         if p.is_dir() and not p.is_symlink() and p.name[:1] not in "_.")
    except OSError as problem:
        raise LayoutError("cannot read %s: %s" % (root, problem)) from None
    submissions = [s for s in map(read_submission, folders) if s is not None]
    if not submissions:
        raise LayoutError("%s holds no graded submissions (folders with %s or %s)"
                          % (root, RESULTS, ERROR))
    return submissions
