"""WORDLE's colour rule re-told in Python, and the kit's check_word to hold it against.

The Atari program colours a guessed letter green when it is at that position of the secret,
yellow when it occurs anywhere else in the secret, however many times the guess repeats it;
wordle.check_word gives a repeated letter only as many yellows as the secret has unused copies.
`atari compare wordle` reads the program's own screens; this re-telling is its cross-check.
"""

import importlib
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
GREEN, YELLOW, GREY = "green", "yellow", "grey"


def atari_clue(secret: str, guess: str) -> list[str]:
    """The clue WORDLE's lines 6 and 7 give: green in place, yellow if anywhere in the secret."""
    return [GREEN if letter == secret[i] else YELLOW if letter in secret else GREY
            for i, letter in enumerate(guess)]


def python_check_word():
    """The kit's reference check_word, from wordle.py at the repository root."""
    return _root_module("wordle").check_word


def kit_words():
    """The course's word list (words.py at the repository root), upper case."""
    return [word.upper() for word in _root_module("words").words]


def _root_module(name):
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    return importlib.import_module(name)
