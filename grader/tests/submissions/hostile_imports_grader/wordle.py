"""Hostile: known_word tries to import the grader, pytest and the reference (also via sys.path hacks) and patch
them so every test passes; returns the names it managed to import (empty string when none)."""
import importlib
import sys


def known_word(clues):
    imported = []
    for folder in ("/work/main", "/autograder/source", ".."):
        if folder not in sys.path:
            sys.path.append(folder)
    for name in ("grader", "grader.sandbox", "pytest", "_pytest", "test_wordle_funcs", "reference_wordle"):
        try:
            module = importlib.import_module(name)
        except BaseException:
            continue
        imported.append(name)
        setattr(module, "check_word", lambda secret, guess: ["green"] * 5)
    return ",".join(imported)


def check_word(secret, guess):
    known_word([])
    return ["green"] * 5
