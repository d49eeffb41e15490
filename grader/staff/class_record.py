"""A class's record is its output folder: what grade-all saved in each student's folder.

Each submission's folder under OUT (results/pages/layout.py: one holding results.json or
error.txt) holds batch.json, written by the batch with the folder:

    {"fingerprint": what the grade depends on (batch.fingerprint): a rerun skips the same,
     "record": the student's Record (their CSV row, identity columns included),
     "history": [{"when", "kit", "seed", "score", "max_score", "error", "seconds"}, ...]}

the history being the student's gradings, the newest last (HISTORY_LENGTH kept), so a
regrade keeps its past.  The CSV, the run's summary and the export are all rebuilt from
every such folder (graded_records), whichever students one run graded: they always agree
with the folder and with the class page, which lists the same folders.  Nothing else in
OUT (grades.csv, the pages, a staff database such as hand_points.sqlite3) is read here.
"""
import functools
import hashlib
import json
from dataclasses import asdict, dataclass, field, replace

from grader import KIT_ROOT
from grader.results import csv_table, inside
from grader.results.pages import layout

HISTORY_LENGTH = 20
KIT_FILES = ("grader/**/*.py", "grader/results/rubric.json", "*.py")


@dataclass
class Record:
    """One student's line in the class: their CSV row, the tests whose check passed
    (None when not graded) and a short summary for the terminal."""

    row: dict
    passed: list = None
    summary: str = ""
    grader_failed: bool = False     # not graded through a fault of the grader's, not the student's
    seconds: float = None           # the grading's seconds (the next run starts the slowest first)


@dataclass
class Saved:
    """A student's folder as the batch left it (batch.json)."""

    folder: str
    fingerprint: str
    record: Record
    history: list = field(default_factory=list)

    @property
    def graded(self):
        return self.record.passed is not None

    @property
    def seconds(self):
        """How long the latest timed grading took, or None."""
        timed = [entry.get("seconds") for entry in self.history if isinstance(entry, dict)]
        timed = [seconds for seconds in timed if isinstance(seconds, (int, float))]
        return self.record.seconds if self.record.seconds is not None else (
            timed[-1] if timed else None)

    def text(self):
        """batch.json's text."""
        return json.dumps({"fingerprint": self.fingerprint, "record": asdict(self.record),
                           "history": self.history[-HISTORY_LENGTH:]}) + "\n"


def saved_record(out, folder):
    """OUT/folder's batch.json as a Saved, or None when it has none that can be read (a link
    included: inside.py reads none)."""
    try:
        saved = json.loads(inside.read_bytes(out, (folder, layout.RECORD), layout.MAX_TEXT_BYTES))
        record = Record(**saved["record"])
        history, fingerprint = saved.get("history", []), str(saved["fingerprint"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if well_formed(record) and isinstance(history, list):
        return Saved(folder, fingerprint, record, history)
    return None


def well_formed(record):
    """A record of the shapes the batch writes (what a shared folder holds is not trusted)."""
    return (isinstance(record.row, dict) and isinstance(record.summary, str)
            and (record.passed is None or (isinstance(record.passed, list)
                                           and is_number(record.row.get(csv_table.SCORE))))
            and type(record.seconds) in (type(None), int, float)
            and isinstance(record.grader_failed, bool))


def is_number(text):
    try:
        float(text)
        return True
    except (TypeError, ValueError):
        return False


def folder_records(out):
    """A Record for every submission's folder under OUT, in the folders' order (the class
    page's): the saved one, or an error row where none can be read."""
    skipped = []
    folders, _ = layout.submission_folders(out)
    records = []
    for folder in folders:
        saved = saved_record(out, folder)
        if saved is None:
            try:
                name = layout.student_name(out, folder, skipped)
            except (OSError, ValueError, AttributeError):
                name = folder
            saved = Saved(folder, "", Record(csv_table.error_row(
                name, "no grade-all record (%s) in its folder %s: grade it again with "
                "grade-all --force --only %s" % (layout.RECORD, folder, name))))
        for column in csv_table.IDENTITY:   # a record written before they were kept
            saved.record.row.setdefault(column, "")
        records.append(saved.record)
    return records


def graded_records(out):
    """For every graded student's folder under OUT (every submission folder, graded or
    not), its CSV row: a dict with the columns of csv_table.header (student, sid, email and
    late always; score, max_score, each group and test, flags and style when graded; error
    when not), in the folders' order, the class page's."""
    return [record.row for record in folder_records(out)]


@functools.lru_cache(maxsize=None)
def kit_version():
    """Which kit graded: a short digest of the grader's code, the rubric and the reference,
    the same for two gradings by the same kit wherever it is installed."""
    digest = hashlib.sha256()
    for pattern in KIT_FILES:
        for path in sorted(KIT_ROOT.glob(pattern)):
            relative = path.relative_to(KIT_ROOT)
            if "tests" in relative.parts or "__pycache__" in relative.parts:
                continue
            digest.update(b"%s\0%s\0" % (str(relative).encode(), path.read_bytes()))
    return digest.hexdigest()[:12]


def history_entry(record, when, seed=None, kit=None):
    """The history's line for a grading that gave record (kit: this kit's by default)."""
    row = record.row
    return {"when": when, "kit": kit or kit_version(), "seed": seed,
            "score": row.get(csv_table.SCORE), "max_score": row.get(csv_table.MAX_SCORE),
            "error": row.get(csv_table.ERROR, ""), "seconds": record.seconds}


def record_text(out, folder, fingerprint, record, entry):
    """batch.json's new text: record, with entry after the student's earlier gradings."""
    earlier = saved_record(out, folder)
    history = earlier.history if earlier is not None else []
    if earlier is not None and not history:     # written before gradings were kept
        history = [history_entry(earlier.record, None, kit="unknown")]
    history = history + [entry]
    return Saved(folder, fingerprint, record, history).text()


def with_identity(out, saved, identity):
    """A resumed student's record, its row given the identity the class's folder says now
    (sid, email, late: a record written before they were kept, or an export that now
    has their email), saved when it changed."""
    row = dict(saved.record.row, **identity)
    if row != saved.record.row:
        saved = replace(saved, record=replace(saved.record, row=row))
        try:
            inside.write_text(out, (saved.folder, layout.RECORD), saved.text())
        except OSError:     # a link or an unwritable folder: the CSV has the row all the same
            pass
    return saved.record
