"""The function tests' cases, kept on disk so a new grading process need not
rebuild them.

Building the cases runs the reference solution about fifty times over the
full word list (about a second). Every Gradescope run, and every process of
``grade-all``, starts afresh, so the cases are stored once (setup.sh runs
``python -m grader prepare``) and read back after. The file's name carries a
fingerprint of everything that decides the cases (the reference, words.py,
the test definitions, the Python version), so any change to them misses the
cache instead of reading stale values; a damaged file is ignored. The file is
JSON in the sandbox's exact-type encoding, never pickle. It also keeps the
reference's CPU time for each call, measured when the cases were built on this
machine (setup.sh prepares them on the machine that grades): the calls' time
limits are set against it.
"""
import hashlib
import json
import os
import pathlib
import sys
import tempfile

from grader.sandbox.child.codec import BadValue, decode, encode
from grader import KIT_ROOT

SOURCES = ("wordle.py", "easy_wordle.py", "words.py", "grader/reference.py",
           "grader/assignment.py", "grader/checks/function_cases.py")


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


def cache_file():
    return cache_folder() / ("function-cases-%s.json" % fingerprint())


def load(test_ids):
    """{test id: [(args, expected, call_text, reference_cpu), ...]} from the cache, or None
    when there is no usable file for exactly these tests."""
    try:
        table = decode(json.loads(cache_file().read_text(encoding="utf-8")))
    except (OSError, ValueError, RecursionError, BadValue):
        return None
    if type(table) is not dict or set(table) != set(test_ids):
        return None
    for cases in table.values():
        if type(cases) is not list or not all(type(case) is tuple and len(case) == 4
                                              and type(case[3]) is float for case in cases):
            return None
    return table


def save(table):
    """Store {test id: [(args, expected, call_text, reference_cpu), ...]}; written whole or not at
    all (another process may be reading), and not at all when the folder is not
    writable (a read-only home still grades, just more slowly)."""
    path = cache_file()
    handle = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False,
                                         encoding="utf-8") as handle:
            json.dump(encode(table), handle, separators=(",", ":"))
        os.replace(handle.name, path)
    except OSError:
        if handle is not None:  # a disk that filled up mid-write: leave no half file behind
            pathlib.Path(handle.name).unlink(missing_ok=True)
