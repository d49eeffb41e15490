"""A cache folder holding a known seed key, for tests that grade without --seed through the
command line: the games (and so the scores of submissions whose bugs show only for some
secrets) are then the same on every machine, not drawn from the machine's own key."""
import atexit
import os
import shutil

from grader.sandbox import temp_folders

PINNED_KEY = "00000000000000000000000000000000"
PREFIX = "wordle-kit-pinned-cache-"
_folder = None


def cache_folder():
    """The folder (made once per test process, removed at its end, or by the next test
    process when this one is killed)."""
    global _folder
    if _folder is None:
        temp_folders.sweep((PREFIX,))
        _folder = temp_folders.make(PREFIX)
        key = _folder / "seed.key"
        key.write_text(PINNED_KEY + "\n", encoding="ascii")
        os.chmod(key, 0o600)
        atexit.register(shutil.rmtree, _folder, True)
    return str(_folder)
