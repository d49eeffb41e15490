"""Which Python runs the children: the grader's own (its links resolved), or as root a system
python3 that an unprivileged uid can run."""

import functools
import os
import sys
from pathlib import Path

from grader.sandbox import sealing

SYSTEM_PYTHONS = ("/usr/bin/python3", "/usr/local/bin/python3")


def own_python():
    """The interpreter running the grader, its links resolved (a venv's python is a link to
    its base interpreter, which finds its standard library from its own place)."""
    return os.path.realpath(sys.executable)


@functools.lru_cache(maxsize=1)
def find_system_python():
    """A python3 >= 3.10 outside any private directory, so an unprivileged user can run it.
    Its version is read with its layout (sealing.python_paths), which the children's seal
    needs next: one interpreter start for both."""
    for candidate in SYSTEM_PYTHONS + (sys.executable,):
        real = os.path.realpath(candidate)
        if not real.startswith("/usr/") or not _world_executable(real):
            continue
        try:
            version = sealing.python_paths(real)["version"]
        except sealing.SealingError:
            continue
        if version >= [3, 10]:
            return real
    return None


def _world_executable(path):
    """True when every directory on the way is world-searchable and the file world-executable."""
    current = Path(path)
    if not os.stat(current).st_mode & 0o001:
        return False
    return all(os.stat(parent).st_mode & 0o001 for parent in current.parents)
