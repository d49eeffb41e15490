"""Load a submission (a folder or a .zip) safely into a private temp dir.

The caller names the files it wants (e.g. ``wordle.py`` and ``easy_wordle.py``);
each is taken from the top of the folder/zip or up to two folders down
(``project1/wordle.py``, ``project1/project1/wordle.py``: zipping an unzipped
download nests it twice).  A near-miss name is taken too, with a note: one that
differs only in case (``Wordle.py``: on the student's Windows or macOS machine
``import wordle`` found it), a browser's or Canvas's copy number (``wordle (1).py``,
``wordle-1.py``) or a text editor's extra extension (``wordle.py.txt``).  Only those files are ever taken; nothing else in the
submission is extracted, so a zip's paths are never used to build a path on
disk.  A missing file is recorded (it costs the tests that need it), never
fatal; a path that is not a readable folder or zip raises :class:`LoadError`.
"""

import re
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from grader.sandbox import temp_folders

try:
    from lzma import LZMAError
except ImportError:     # a Python built without lzma reads no LZMA zip at all (NotImplementedError)
    LZMAError = OSError

MAX_FILE_BYTES = 1024 * 1024          # a source file bigger than this is not a real submission
MAX_ZIP_BYTES = 64 * 1024 * 1024      # the archive itself
MAX_ZIP_ENTRIES = 2000
MAX_FOLDER_ENTRIES = 2000
MAX_DEPTH = 2                         # folders down where the required files are looked for
MAX_WALK_ENTRIES = 10000              # entries listed in all, over every folder looked at
# A file name the student meant as NAME.py: NAME.py with a copy number or a .txt after it.
NEAR_MISS = re.compile(r"(?P<stem>.+?)(?: ?\(\d{1,3}\)|-\d{1,3})?\.py(?:\.txt)?", re.IGNORECASE)
PYTHON_FILE = re.compile(r".+\.py(?:\.txt)?", re.IGNORECASE)   # what may be a misnamed Python file
MAX_OTHER_FILES = 20                  # Python files kept by name for the message about a missing one


def required_name(file_name, required):
    """The required name file_name stands for (itself, or a near miss of it), or None."""
    if file_name in required:
        return file_name
    match = NEAR_MISS.fullmatch(file_name)
    name = match.group("stem").lower() + ".py" if match else None
    return name if name in required else None


class LoadError(Exception):
    """The submission could not be read at all (bad path, unreadable or corrupt zip)."""


@dataclass
class Submission:
    """The loaded submission: copies of the files found, in a private temp dir.

    ``required`` names the files wanted; ``files`` maps each one that was found
    to its copy; missing ones are absent.  ``notes`` says what was noticed while loading (found one folder
    down, a file ignored and why).  Call :meth:`cleanup` (or use ``with``) to
    remove the temp dir.
    """

    source: Path
    directory: Path
    required: tuple
    files: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    near_misses: dict = field(default_factory=dict)  # required name -> the file taken for it
    other_python_files: list = field(default_factory=list)  # Python files seen but not taken

    @property
    def missing(self):
        """The required file names that were not found."""
        return [name for name in self.required if name not in self.files]

    def cleanup(self):
        temp_folders.remove(self.directory)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cleanup()


@dataclass
class _Candidate:
    """A file in the submission that may be one of the required files."""

    parts: tuple      # path components inside the submission, e.g. ("project1", "wordle.py")
    read: object      # () -> bytes, reading at most MAX_FILE_BYTES + 1 bytes
    name: str         # the required name it stands for (its own name may be a near miss)

    @property
    def where(self):
        return "/".join(self.parts)


def load_submission(path, required):
    """Return a :class:`Submission` of the files named in required (lower-case names) from
    PATH (a folder or a .zip); raise LoadError if PATH is unreadable."""
    source = Path(path)
    if source.is_dir():
        try:
            return _build(source, required, *_folder_candidates(source, required))
        except OSError as error:
            raise LoadError(f"cannot read folder {source}: {error}") from None
    if source.is_file():
        if not zipfile.is_zipfile(source):
            if _looks_like_a_zip(source):
                raise LoadError(f"{source} is a damaged zip: its list of files cannot be read "
                                "(download or zip it again)")
            raise LoadError(f"{source} is neither a folder nor a .zip file")
        if source.stat().st_size > MAX_ZIP_BYTES:
            raise LoadError(f"{source} is larger than {MAX_ZIP_BYTES // (1024 * 1024)} MB")
        try:
            with zipfile.ZipFile(source) as archive:
                return _build(source, required, *_zip_candidates(archive, required))
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError,
                EOFError, OSError, ValueError, zlib.error, LZMAError) as error:
            # (an OSError here is a seek its damaged directory sent out of the file: EINVAL)
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise LoadError(f"{source} is a damaged zip ({reason}): download or zip it "
                            "again") from None
    if source.exists():
        raise LoadError(f"{source} is neither a folder nor a .zip file")
    raise LoadError("no such file or folder")


def _looks_like_a_zip(source):
    """A file named .zip, or starting as a zip does (PK), that zipfile cannot open."""
    if source.suffix.lower() == ".zip":
        return True
    try:
        with open(source, "rb") as stream:
            return stream.read(2) == b"PK"
    except OSError:
        return False


def _is_ignored(parts):
    """True for macOS resource forks and hidden files/folders anywhere in the path."""
    return any(part == "__MACOSX" or part.startswith(".") for part in parts)


def _folder_candidates(root, required):
    """Regular files up to MAX_DEPTH folders down; symlinks are never followed."""
    candidates, notes, python_files = [], [], []
    folders, listed = [((), root)], 0
    for _ in range(MAX_DEPTH + 1):
        subfolders = []
        for parts, folder in folders:
            entries = _listdir(folder)
            listed += len(entries)
            if listed > MAX_WALK_ENTRIES:
                raise LoadError(f"{root} holds more than {MAX_WALK_ENTRIES} entries")
            for entry in entries:
                inner = parts + (entry.name,)
                if _is_ignored(inner):
                    continue
                if stat.S_ISDIR(entry.lstat().st_mode):
                    subfolders.append((inner, entry))
                else:
                    _add_folder_file(candidates, notes, inner, entry, required)
                    _add_python_file(python_files, inner)
        folders = subfolders
    return candidates, notes, python_files


def _add_python_file(python_files, parts):
    if PYTHON_FILE.fullmatch(parts[-1]) and len(python_files) < MAX_OTHER_FILES:
        python_files.append("/".join(parts))


def _listdir(folder):
    entries = sorted(folder.iterdir())
    if len(entries) > MAX_FOLDER_ENTRIES:
        raise LoadError(f"{folder} holds more than {MAX_FOLDER_ENTRIES} entries")
    return entries


def _add_folder_file(candidates, notes, parts, path, required):
    name = required_name(parts[-1], required)
    if name is None:
        return
    mode = path.lstat().st_mode
    if stat.S_ISLNK(mode):
        notes.append(f"ignored {'/'.join(parts)}: it is a symbolic link")
    elif stat.S_ISREG(mode):
        candidates.append(_Candidate(parts, lambda: _read_capped_path(path), name))


def _read_capped_path(path):
    with open(path, "rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


def _zip_candidates(archive, required):
    """Regular-file entries of a zip; unsafe names and symlinks are reported, never used."""
    infos = archive.infolist()
    if len(infos) > MAX_ZIP_ENTRIES:
        raise LoadError(f"zip holds {len(infos)} entries (more than {MAX_ZIP_ENTRIES})")
    candidates, notes, python_files = [], [], []
    for info in infos:
        name = info.filename.replace("\\", "/")
        parts = PurePosixPath(name).parts
        if parts and not info.is_dir() and not _is_ignored(parts) and len(parts) <= MAX_DEPTH + 1:
            _add_python_file(python_files, parts)
        wanted = required_name(parts[-1], required) if parts else None
        if info.is_dir() or wanted is None:
            continue
        if name.startswith("/") or ".." in parts or ":" in parts[0]:
            notes.append(f"ignored zip entry {info.filename!r}: unsafe path")
        elif _is_ignored(parts):
            continue
        elif stat.S_ISLNK(info.external_attr >> 16):
            notes.append(f"ignored zip entry {info.filename!r}: it is a symbolic link")
        elif len(parts) <= MAX_DEPTH + 1:
            candidates.append(_Candidate(parts, _zip_reader(archive, info), wanted))
    return candidates, notes, python_files


def _zip_reader(archive, info):
    def read():
        # Read at most one byte past the cap: the header's size may lie (zip bomb).
        with archive.open(info) as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    return read


def _choose(required, candidates, notes, near_misses):
    """Pick, for each required name, the shallowest copy (the exact name before a
    near miss, then in path order) and note what was unusual."""
    chosen = {}
    for name in required:
        matches = sorted((c for c in candidates if c.name == name),
                         key=lambda c: (len(c.parts), c.parts[-1] != name, c.parts))
        if not matches:
            continue
        best = chosen[name] = matches[0]
        folders_down = len(best.parts) - 1
        if folders_down:
            distance = "one folder" if folders_down == 1 else f"{folders_down} folders"
            notes.append(f"found {name} {distance} down ({best.where})")
        if best.parts[-1] != name:
            near_misses[name] = best.where
            why = ("differs in case" if best.parts[-1].lower() == name
                   else "is not exactly " + name)
            notes.append(f"took {best.where} as {name}: the name {why} (Python on Linux, "
                         f"and Gradescope, would not find it; rename it {name})")
        if len(matches) > 1:
            others = ", ".join(c.where for c in matches[1:])
            notes.append(f"several copies of {name}; used {best.where}, ignored {others}")
    return chosen


def _build(source, required, candidates, notes, python_files):
    near_misses = {}
    chosen = _choose(required, candidates, notes, near_misses)
    directory = temp_folders.make(temp_folders.SUBMISSION)
    submission = Submission(source=source, directory=directory, required=tuple(required),
                            notes=notes, near_misses=near_misses)
    try:
        for name, candidate in chosen.items():
            data = candidate.read()
            if len(data) > MAX_FILE_BYTES:
                notes.append(f"ignored {candidate.where}: larger than "
                             f"{MAX_FILE_BYTES // 1024} KB")
                continue
            copy = directory / name
            copy.write_bytes(data)
            submission.files[name] = copy
            python_files = [where for where in python_files if where != candidate.where]
    except BaseException:
        submission.cleanup()
        raise
    submission.other_python_files = python_files
    for name in submission.missing:
        notes.append(f"{name} is missing")
    return submission
