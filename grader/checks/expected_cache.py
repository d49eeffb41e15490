"""The function tests' cases, kept on disk so a new grading process need not
rebuild them.

Building the cases runs the reference solution about fifty times over the
full word list (about a second). Every Gradescope run, and every process of
``grade-all``, starts afresh, so the cases are stored once (setup.sh runs
``python -m grader prepare``) and read back after. The file's name carries a
fingerprint of everything that decides the cases (the reference, words.py,
the test definitions, the Python version), so any change to them misses the
cache instead of reading stale values; a damaged file is ignored. The file is
JSON in the sandbox's exact-type encoding, never pickle, with the word list that
most filter cases take written once and named (0.9 MB instead of 2.9 MB, read in
half the time by every grading process). It also keeps the
reference's CPU time for each call, measured when the cases were built on this
machine (setup.sh prepares them on the machine that grades): the calls' time
limits are set against it.  The reference games' CPU times (the games' limits are
set against them) are kept the same way, in a file of their own.
"""
import hashlib
import json
import os
import pathlib
import sys
import tempfile

from grader.sandbox.child.codec import BadValue, KnownLists, decode, encode
from grader import KIT_ROOT, reference

_trusted = True     # False once student code may run as this process's user (--unsafe-no-jail)

SOURCES = ("wordle.py", "easy_wordle.py", "words.py", "grader/reference.py",
           "grader/assignment.py", "grader/checks/function_cases.py",
           "grader/sandbox/child/codec.py")


def cache_folder():
    """$WORDLE_KIT_CACHE, or wordle-kit in the user's cache folder."""
    if os.environ.get("WORDLE_KIT_CACHE"):
        return pathlib.Path(os.environ["WORDLE_KIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "wordle-kit"


def fingerprint():
    """A short digest of the files and Python version the cases depend on."""
    digest = hashlib.sha256(("python %d.%d" % sys.version_info[:2]).encode())
    for name in SOURCES:
        digest.update(name.encode() + b"\0" + (KIT_ROOT / name).read_bytes())
    return digest.hexdigest()[:20]


def cache_file(kind="function-cases"):
    return cache_folder() / ("%s-%s.json" % (kind, fingerprint()))


def distrust():
    """Stop reading and writing the cache for the rest of this process: student code now runs
    as this user and could have changed it.  True the first time (values read from the
    cache before must then be dropped and rebuilt)."""
    global _trusted
    was, _trusted = _trusted, False
    return was


def safe_to_read(path):
    """The file and its folder are ours and nobody else may write them (student code running
    under another uid cannot have planted or changed it)."""
    for item in (path.parent, path):
        status = os.stat(item)
        if status.st_uid != os.geteuid() or status.st_mode & 0o022:
            return False
    return True


def load(test_ids):
    """{test id: [(args, expected, call_text, reference_cpu), ...]} from the cache, or None
    when there is no usable file for exactly these tests (or it cannot be trusted)."""
    table = load_table()
    if type(table) is not dict or set(table) != set(test_ids):
        return None
    for cases in table.values():
        if type(cases) is not list or not all(type(case) is tuple and len(case) == 4
                                              and type(case[3]) is float for case in cases):
            return None
    return table


def save(table):
    """Store {test id: [(args, expected, call_text, reference_cpu), ...]}."""
    save_table(table)


def known_lists():
    """The lists the cache names rather than writes out: the kit's word list."""
    return KnownLists(lists={"words": reference.load().words})


def load_table(kind="function-cases"):
    """The plain data stored under kind, or None (no file, a damaged one, or one that cannot be
    trusted); its shape is the caller's to check."""
    try:
        path = cache_file(kind)
        if not _trusted or not safe_to_read(path):
            return None
        return decode(json.loads(path.read_text(encoding="utf-8")), known=known_lists())
    except (OSError, ValueError, RecursionError, BadValue, reference.ReferenceMissing):
        return None


def save_table(table, kind="function-cases"):
    """Store plain data under kind: written whole or not at all (another process may be
    reading), and not at all when the folder is not writable (a read-only home still
    grades, just more slowly)."""
    if not _trusted:
        return
    path = cache_file(kind)
    handle = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False,
                                         encoding="utf-8") as handle:
            json.dump(encode(table, known=known_lists()), handle, separators=(",", ":"))
        os.replace(handle.name, path)
    except (OSError, reference.ReferenceMissing):
        if handle is not None:  # a disk that filled up mid-write: leave no half file behind
            pathlib.Path(handle.name).unlink(missing_ok=True)
