"""Each student's submission in a class's folder, whatever made the folder.

- One subfolder or .zip per student, named after the student (`X` and `X.zip` are
  two students: the zip's row is then named `X.zip`).
- A Gradescope export ("Export Submissions", unzipped), as the class's folder or a folder
  in it: submission_metadata.yml names the submitters of each `submission_NNN` folder,
  with their SIDs and emails (read with PyYAML, staff side only).
- A Canvas download: flat files `name_12345_67890_wordle.py` (`name_LATE_...` when
  late, `wordle-1.py` after a resubmission), grouped by the student id 12345.
- The submissions themselves: folders or zips given one by one, or a single student's
  folder (it holds wordle.py or easy_wordle.py, or Python files and no folder or zip).

Outputs are kept apart from inputs (check_apart): grade-all's -o folder is never an input,
inside one or around one, so a rerun never grades its own output as a student.

Names are made printable text whatever the file system holds (a name that is not
valid UTF-8 gets U+FFFD for its bad bytes) and unique.  The grader itself never uses a
name to build a path: layout.folder_name makes the output folders' names.
"""
import os
import re
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from grader.assignment import REQUIRED_FILES
from grader.results.pages.layout import folder_name

GRADESCOPE_METADATA = "submission_metadata.yml"
CANVAS_FILE = re.compile(r"(?P<name>.+?)(?:_late)?_(?P<id>\d+)_(?P<submission>\d+)_(?P<file>.+)",
                         re.IGNORECASE)


class ClassFolderError(Exception):
    """The class's folder cannot be read, or holds no submission."""


@dataclass(frozen=True)
class Student:
    name: str           # printable, unique in the class
    path: Path          # the folder or zip to grade (or the first of files)
    files: tuple = ()   # Canvas: (file on disk, its name in the student's folder) pairs
    sid: str = ""       # Gradescope's SIDs (" & " between partners), or Canvas's user id
    email: str = ""     # Gradescope's emails
    late: bool = False  # Canvas marked a file of it LATE

    def identity(self):
        """The CSV's columns that identify the student beside the name."""
        return {"sid": self.sid, "email": self.email, "late": "late" if self.late else ""}

    @property
    def shown_path(self):
        return printable(os.fsdecode(self.path))


def printable(text):
    """Text that can be written as UTF-8: bytes of a file name that are not UTF-8 (which
    Python keeps as surrogates) replaced with U+FFFD."""
    text = str(text)
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that stands for no byte
        return text.encode("utf-8", "replace").decode("utf-8")


@contextmanager
def opened(student):
    """The path to grade: the student's folder or zip, or, for Canvas's flat files, a
    temporary folder holding them under their own names (removed afterwards)."""
    if not student.files:
        yield student.path
        return
    folder = Path(tempfile.mkdtemp(prefix="wordle-kit-canvas-"))
    try:
        for source, name in student.files:
            shutil.copyfile(source, folder / name)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def find_students(paths):
    """The students of a class folder (one path) or the given submissions (several)."""
    if len(paths) == 1 and Path(paths[0]).is_dir() and not is_submission(Path(paths[0])):
        students = in_folder(Path(paths[0]))
    else:
        entries = [Path(path) for path in paths]
        missing = [printable(str(path)) for path in entries if not path.exists()]
        if missing:
            raise ClassFolderError("cannot grade %s: no such file or folder" % ", ".join(missing))
        students = named_entries(entries)
    return unique(students)


def is_submission(folder):
    """A folder that is one student's submission, not a class's: it holds wordle.py or
    easy_wordle.py, or Python files (not a Canvas download's) and no folder or zip that
    could be a student's."""
    try:
        entries = [entry for entry in folder.iterdir() if not entry.name.startswith(".")]
        files = [entry.name.lower() for entry in entries if entry.is_file()]
        others = [entry for entry in entries if entry.name != "__pycache__" and (
            entry.is_dir() or entry.suffix.lower() == ".zip")]
    except OSError:
        return False
    if set(files) & set(REQUIRED_FILES):
        return True
    python = [name for name in files if name.endswith(".py") and not CANVAS_FILE.fullmatch(name)]
    return bool(python) and not others


def check_apart(paths, out, csv_path=None):
    """ClassFolderError, before anything is read or written, when an output would meet an
    input: the -o folder one of paths, inside one or around one (a rerun would grade it, or
    a submission in it, as a student), or the CSV file an input or inside one."""
    inputs = [(Path(path).resolve(), printable(str(path))) for path in paths]
    if out is not None:
        target, shown = Path(out).resolve(), printable(str(out))
        for source, name in inputs:
            if target == source or source in target.parents:
                raise ClassFolderError("-o %s is %s: its folders would be graded as students; "
                                       "choose an output folder outside it" % (
                                           shown, where(target, source, name)))
            if target in source.parents:
                raise ClassFolderError("-o %s holds the input %s: choose an output folder "
                                       "that holds no submission" % (shown, name))
    if csv_path is not None:
        target, shown = Path(csv_path).resolve(), printable(str(csv_path))
        for source, name in inputs:
            if target == source or source in target.parents:
                raise ClassFolderError("--csv %s is %s: write the scores outside the "
                                       "submissions" % (shown, where(target, source, name)))


def where(target, source, name):
    return ("the input %s" if target == source else "inside the input %s") % name


def only(students, names):
    """The students named (by their name, their SID, or their folder's or file's name), in
    the class's order; ClassFolderError naming each name that is no student's."""
    def names_of(student):
        return {student.name, printable(student.path.name)} | ({student.sid} if student.sid
                                                               else set())
    chosen = [student for student in students if names_of(student) & set(names)]
    known = set().union(*(names_of(student) for student in chosen)) if chosen else set()
    unknown = [name for name in names if name not in known]
    if unknown:
        listed = ", ".join(student.name for student in students[:10])
        raise ClassFolderError("--only: no student named %s in the class (its students: %s%s)"
                               % (", ".join(unknown), listed,
                                  ", ..." if len(students) > 10 else ""))
    return chosen


def in_folder(folder):
    try:
        entries = sorted(entry for entry in folder.iterdir() if not entry.name.startswith("."))
    except OSError as error:
        raise ClassFolderError("cannot read %s: %s" % (printable(str(folder)), error)) from None
    if any(entry.name == GRADESCOPE_METADATA for entry in entries):
        return gradescope_export(folder, entries)
    # an export unzipped inside the class's folder, beside other students' folders
    exports = [entry for entry in entries
               if entry.is_dir() and (entry / GRADESCOPE_METADATA).is_file()]
    canvas = [entry for entry in entries
              if entry.is_file() and CANVAS_FILE.fullmatch(entry.name)]
    submissions = [entry for entry in entries if entry not in canvas and entry not in exports
                   and (entry.is_dir() or entry.suffix.lower() == ".zip")]
    students = named_entries(submissions) + canvas_download(canvas)
    for export in exports:
        students += gradescope_export(export, sorted(
            entry for entry in export.iterdir() if not entry.name.startswith(".")))
    if not students:
        raise ClassFolderError("%s holds no submission folders, .zip files or Canvas files "
                               "(name_12345_67890_wordle.py)" % printable(str(folder)))
    return students


def named_entries(entries):
    """A student per folder or zip, named after it (a zip's name without .zip unless a
    folder has that name)."""
    folders = {entry.name for entry in entries if entry.is_dir()}
    students = []
    for entry in entries:
        name = entry.name
        if entry.is_file() and entry.suffix.lower() == ".zip" and entry.stem not in folders:
            name = entry.stem
        students.append(Student(printable(name), entry))
    return students


def canvas_download(files):
    """Canvas's flat files grouped by the student id in their names: `name_12345`."""
    by_id = {}
    for file in files:
        match = CANVAS_FILE.fullmatch(file.name)
        by_id.setdefault(match.group("id"), []).append((file, match))
    students = []
    for student_id, group in sorted(by_id.items(), key=lambda item: (item[1][0][1].group("name"),
                                                                     item[0])):
        zips = [file for file, _ in group if file.suffix.lower() == ".zip"]
        name = "%s_%s" % (printable(group[0][1].group("name")), student_id)
        if zips:   # a zipped project: grade the zip (the newest submission if several)
            newest = max(zips, key=lambda file: int(CANVAS_FILE.fullmatch(file.name)
                                                    .group("submission")))
            students.append(Student(name, newest, sid=student_id, late=is_late(newest.name)))
        else:
            # the same name twice: the later upload (higher attachment id) is copied last
            group.sort(key=lambda item: int(item[1].group("submission")))
            files = tuple((file, match.group("file")) for file, match in group)
            students.append(Student(name, group[0][0], files, sid=student_id,
                                    late=any(is_late(file.name) for file, _ in group)))
    return students


def is_late(name):
    """Canvas marks a late file name_LATE_12345_67890_file."""
    match = CANVAS_FILE.fullmatch(name)
    return bool(match) and name[match.end("name"):].lower().startswith("_late_")


def gradescope_export(folder, entries):
    """The submission folders of a Gradescope export, named by submission_metadata.yml."""
    metadata = read_metadata(folder / GRADESCOPE_METADATA)
    students = []
    for entry in entries:
        if not entry.is_dir():
            continue
        record = metadata.get(entry.name)
        names = submitter_names(record)
        students.append(Student(printable(" & ".join(names) if names else entry.name), entry,
                                sid=" & ".join(submitter_field(record, "sid")),
                                email=" & ".join(submitter_field(record, "email"))))
    if not students:
        raise ClassFolderError("the Gradescope export %s holds no submission folders"
                               % printable(str(folder)))
    return students


def read_metadata(path):
    try:
        import yaml  # staff side only (PyYAML): Gradescope's grading never reads an export
    except ImportError:
        raise ClassFolderError("reading a Gradescope export needs PyYAML: "
                               "pip install -r requirements.txt") from None

    class Loader(yaml.SafeLoader):
        """Safe, and reads the Ruby tags Gradescope's exports may carry as plain data."""

    Loader.add_multi_constructor("!", lambda loader, suffix, node: (
        loader.construct_mapping(node) if isinstance(node, yaml.MappingNode)
        else loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode)
        else loader.construct_scalar(node)))
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            data = yaml.load(handle, Loader=Loader)
    except (OSError, yaml.YAMLError) as error:
        raise ClassFolderError("cannot read %s: %s" % (printable(str(path)), error)) from None
    if not isinstance(data, dict):
        raise ClassFolderError("%s is not a Gradescope export's metadata (no mapping of "
                               "submission folders)" % printable(str(path)))
    return data


def submitters(record):
    """The submitters' records in one submission's metadata (keys written :submitters)."""
    if not isinstance(record, dict):
        return []
    found = record.get(":submitters", record.get("submitters")) or []
    return [submitter for submitter in (found if isinstance(found, list) else [])
            if isinstance(submitter, dict)]


def submitter_field(record, field):
    """Each submitter's `field` (name, email, sid: written :name or name), where given."""
    values = []
    for submitter in submitters(record):
        value = submitter.get(":" + field, submitter.get(field))
        if value is not None and str(value).strip():
            values.append(printable(str(value).strip()))
    return values


def submitter_names(record):
    """The names in one submission's metadata, each submitter's email or SID where it has
    no name."""
    names = []
    for submitter in submitters(record):
        keys = (":name", "name", ":email", "email", ":sid", "sid")
        name = next((str(submitter[key]) for key in keys if submitter.get(key)), "")
        if name.strip():
            names.append(printable(name.strip()))
    return names


def unique(students):
    """The students, a name given twice made unique with (2), (3)..., and so is a name whose
    output folder (layout.folder_name) is another's, even where the file system ignores case
    (`Mary` and `mary`): two students are never written to the same place."""
    names, folders, result = set(), set(), []
    for student in students:
        name, number = student.name, 1
        while name in names or folder_name(name).casefold() in folders:
            number += 1
            name = "%s (%d)" % (student.name, number)
        names.add(name)
        folders.add(folder_name(name).casefold())
        result.append(replace(student, name=name))
    return result
