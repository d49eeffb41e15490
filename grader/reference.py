"""The kit's reference solution, loaded by file path from the kit's root.

The trusted side computes every expected value by calling the reference.
It is loaded from the kit's own files, never found through ``sys.path``:
a grader started inside a student's folder must not pick up the student's
``wordle.py`` or ``words.py`` by accident.
"""
import importlib.util
import pathlib
import sys

from grader import KIT_ROOT


# In dependency order: each module's imports must already be loaded.
REFERENCE_MODULES = ("words", "display_utility", "wordle", "easy_wordle")


class ReferenceMissing(Exception):
    """The kit's reference solution is missing or is not the kit's own."""


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


def _load_all():
    return {name: _load(name) for name in REFERENCE_MODULES}


_modules = _load_all()

words_module = _modules["words"]
wordle = _modules["wordle"]
easy_wordle = _modules["easy_wordle"]

#: The kit's word list (lower case), the one students' programs get too.
WORDS = tuple(words_module.words)
WORD_SET = frozenset(WORDS)
