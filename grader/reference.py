"""The kit's reference solution, loaded by file path from the kit's root when asked.

The trusted side computes every expected value by calling the reference
(``reference.load().wordle.check_word(...)``). It is loaded from the kit's own
files, never found through ``sys.path``: a grader started inside a student's
folder must not pick up the student's ``wordle.py`` or ``words.py`` by
accident. Importing this module loads nothing; commands that need no
expected value (``tests``, a grading whose cases are cached up to the games)
never run it.
"""
import importlib.util
import pathlib
import sys
import threading
from dataclasses import dataclass

from grader import KIT_ROOT
from grader.assignment import HANDOUT_FILES, REQUIRED_FILES

# In dependency order: each module's imports must already be loaded.
REFERENCE_MODULES = tuple(name[:-len(".py")] for name in HANDOUT_FILES + REQUIRED_FILES)


class ReferenceMissing(Exception):
    """The kit's reference solution is missing or is not the kit's own."""


@dataclass(frozen=True)
class Reference:
    """The loaded reference modules and the kit's word list."""

    wordle: object
    easy_wordle: object
    words: tuple  # the kit's word list (lower case), the one students' programs get too
    word_set: frozenset

    def module(self, name):
        """wordle or easy_wordle, by name."""
        return {"wordle": self.wordle, "easy_wordle": self.easy_wordle}[name]


_loaded = None
_lock = threading.Lock()  # the grading threads may ask at the same moment


def load():
    """The Reference, loaded on the first call."""
    global _loaded
    with _lock:
        if _loaded is None:
            modules = {name: _load(name) for name in REFERENCE_MODULES}
            words = tuple(modules["words"].words)
            _loaded = Reference(modules["wordle"], modules["easy_wordle"], words, frozenset(words))
    return _loaded


def _load(name):
    path = KIT_ROOT / (name + ".py")
    loaded = sys.modules.get(name)
    if loaded is not None:
        if pathlib.Path(getattr(loaded, "__file__", "")).resolve() != path:
            raise ReferenceMissing(
                "a module named %r from %s was imported before the kit's reference %s"
                % (name, getattr(loaded, "__file__", "?"), path))
        return loaded
    if not path.is_file():
        raise ReferenceMissing("the kit's reference file %s is missing" % path)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
