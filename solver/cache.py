"""The disk cache: pattern tables and opening moves, each in a file whose
name holds a fingerprint of the word lists it was made from, so a changed
list never reads a stale file. A cache that cannot be read or written only
makes things slower.
"""
import hashlib
import json
import os
import pathlib
import tempfile

import numpy as np

FORMAT = 1   # bump when what is stored changes: older files are then ignored


def default_cache_dir():
    """$XDG_CACHE_HOME/wordle-kit, else ~/.cache/wordle-kit."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(pathlib.Path.home(), ".cache")
    return pathlib.Path(base) / "wordle-kit"


def fingerprint(*parts):
    """A short hash of word lists and settings (order matters)."""
    digest = hashlib.sha256(("format %d" % FORMAT).encode("utf-8"))
    for part in parts:
        text = "\n".join(part) if isinstance(part, (list, tuple)) else str(part)
        digest.update(b"\0" + text.encode("utf-8"))
    return digest.hexdigest()[:16]


def path_for(cache_dir, kind, *parts):
    """The file for something of kind made from parts, e.g. patterns-1a2b....npy."""
    suffix = ".npy" if kind == "patterns" else ".json"
    return pathlib.Path(cache_dir or default_cache_dir()) / ("%s-%s%s" % (kind, fingerprint(*parts), suffix))


def load_array(path, shape, dtype):
    """The array stored at path, or None if it is missing, unreadable or not of shape and dtype."""
    try:
        array = np.load(path)
    except (OSError, ValueError, EOFError):
        return None
    if array.shape != shape or array.dtype != dtype:
        return None
    return array


def save_array(path, array):
    _write(path, lambda file: np.save(file, array))


def load_json(path):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError):
        return None


def save_json(path, value):
    _write(path, lambda file: file.write(json.dumps(value).encode("utf-8")))


def _write(path, write):
    """Write to a temporary file beside path, then rename it: readers never see half a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                write(file)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass
