"""Load a student submission (a folder or a .zip) safely into a private temp dir.

The submission must provide ``wordle.py`` and ``easy_wordle.py``, either at the
top of the folder/zip or one folder down (``project1/wordle.py``).  Only those
two files are ever taken; nothing else in the submission is extracted, so a
zip's paths are never used to build a path on disk.  A missing file is recorded
(it costs the tests that need it), never fatal; a path that is not a readable
folder or zip raises :class:`LoadError`.
"""

import shutil
import stat
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

REQUIRED_FILES = ("wordle.py", "easy_wordle.py")
MAX_FILE_BYTES = 1024 * 1024          # a source file bigger than this is not a real submission
MAX_ZIP_BYTES = 64 * 1024 * 1024      # the archive itself
MAX_ZIP_ENTRIES = 2000
MAX_FOLDER_ENTRIES = 2000


class LoadError(Exception):
    """The submission could not be read at all (bad path, unreadable or corrupt zip)."""


@dataclass
class Submission:
    """The loaded submission: copies of the files found, in a private temp dir.

    ``files`` maps each required name that was found to its copy; missing ones
    are absent.  ``notes`` says what was noticed while loading (found one folder
    down, a file ignored and why).  Call :meth:`cleanup` (or use ``with``) to
    remove the temp dir.
    """

    source: Path
    directory: Path
    files: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)

    @property
    def missing(self):
        """The required file names that were not found."""
        return [name for name in REQUIRED_FILES if name not in self.files]

    def cleanup(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cleanup()


@dataclass
class _Candidate:
    """A file in the submission that may be one of the required files."""

    parts: tuple      # path components inside the submission, e.g. ("project1", "wordle.py")
    size: int
    read: object      # () -> bytes, reading at most MAX_FILE_BYTES + 1 bytes


def load_submission(path):
    """Return a :class:`Submission` for PATH (a folder or a .zip); raise LoadError if unreadable."""
    source = Path(path)
    if source.is_dir():
        try:
            candidates, notes = _folder_candidates(source)
            return _build(source, candidates, notes)
        except OSError as error:
            raise LoadError(f"cannot read folder {source}: {error}") from None
    if source.is_file():
        if not zipfile.is_zipfile(source):
            raise LoadError(f"{source} is neither a folder nor a .zip file")
        if source.stat().st_size > MAX_ZIP_BYTES:
            raise LoadError(f"{source} is larger than {MAX_ZIP_BYTES // (1024 * 1024)} MB")
        try:
            with zipfile.ZipFile(source) as archive:
                candidates, notes = _zip_candidates(archive)
                return _build(source, candidates, notes)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError,
                EOFError, OSError, ValueError) as error:
            raise LoadError(f"cannot read zip {source}: {error}") from None
    if source.exists():
        raise LoadError(f"{source} is neither a folder nor a .zip file")
    raise LoadError(f"{source} does not exist")


def _is_ignored(parts):
    """True for macOS resource forks and hidden files/folders anywhere in the path."""
    return any(part == "__MACOSX" or part.startswith(".") for part in parts)


def _folder_candidates(root):
    """Regular files at depth 0 and 1 of a folder; symlinks are never followed."""
    candidates, notes = [], []
    for entry in _listdir(root):
        if _is_ignored((entry.name,)):
            continue
        if stat.S_ISDIR(entry.lstat().st_mode):
            for inner in _listdir(entry):
                _add_folder_file(candidates, notes, (entry.name, inner.name), inner)
        else:
            _add_folder_file(candidates, notes, (entry.name,), entry)
    return candidates, notes


def _listdir(folder):
    entries = sorted(folder.iterdir())
    if len(entries) > MAX_FOLDER_ENTRIES:
        raise LoadError(f"{folder} holds more than {MAX_FOLDER_ENTRIES} entries")
    return entries


def _add_folder_file(candidates, notes, parts, path):
    if _is_ignored(parts) or parts[-1] not in REQUIRED_FILES:
        return
    mode = path.lstat().st_mode
    if stat.S_ISLNK(mode):
        notes.append(f"ignored {'/'.join(parts)}: it is a symbolic link")
    elif stat.S_ISREG(mode):
        candidates.append(_Candidate(parts, path.lstat().st_size, lambda: _read_capped_path(path)))


def _read_capped_path(path):
    with open(path, "rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


def _zip_candidates(archive):
    """Regular-file entries of a zip; unsafe names and symlinks are reported, never used."""
    infos = archive.infolist()
    if len(infos) > MAX_ZIP_ENTRIES:
        raise LoadError(f"zip holds {len(infos)} entries (more than {MAX_ZIP_ENTRIES})")
    candidates, notes = [], []
    for info in infos:
        name = info.filename.replace("\\", "/")
        parts = PurePosixPath(name).parts
        if info.is_dir() or not parts or parts[-1] not in REQUIRED_FILES:
            continue
        if name.startswith("/") or ".." in parts or ":" in parts[0]:
            notes.append(f"ignored zip entry {info.filename!r}: unsafe path")
        elif _is_ignored(parts):
            continue
        elif stat.S_ISLNK(info.external_attr >> 16):
            notes.append(f"ignored zip entry {info.filename!r}: it is a symbolic link")
        elif len(parts) <= 2:
            candidates.append(_Candidate(parts, info.file_size, _zip_reader(archive, info)))
    return candidates, notes


def _zip_reader(archive, info):
    def read():
        # Read at most one byte past the cap: the header's size may lie (zip bomb).
        with archive.open(info) as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    return read


def _choose(candidates, notes):
    """Pick, for each required name, the top-level copy, else one folder down."""
    chosen = {}
    for name in REQUIRED_FILES:
        matches = [c for c in candidates if c.parts[-1] == name]
        top = [c for c in matches if len(c.parts) == 1]
        nested = sorted((c for c in matches if len(c.parts) == 2), key=lambda c: c.parts)
        if top:
            chosen[name] = top[0]
        elif nested:
            chosen[name] = nested[0]
            where = "/".join(nested[0].parts)
            notes.append(f"found {name} one folder down ({where})")
            if len(nested) > 1:
                others = ", ".join("/".join(c.parts) for c in nested[1:])
                notes.append(f"several folders hold {name}; used {where}, ignored {others}")
    return chosen


def _build(source, candidates, notes):
    chosen = _choose(candidates, notes)
    directory = Path(tempfile.mkdtemp(prefix="wordle-kit-submission-"))
    submission = Submission(source=source, directory=directory, notes=notes)
    try:
        for name, candidate in chosen.items():
            data = candidate.read()
            if len(data) > MAX_FILE_BYTES:
                notes.append(f"ignored {'/'.join(candidate.parts)}: larger than "
                             f"{MAX_FILE_BYTES // 1024} KB")
                continue
            copy = directory / name
            copy.write_bytes(data)
            submission.files[name] = copy
    except BaseException:
        submission.cleanup()
        raise
    for name in submission.missing:
        notes.append(f"{name} is missing")
    return submission
