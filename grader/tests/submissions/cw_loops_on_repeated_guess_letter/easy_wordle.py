"""Easy Wordle: after each guess, how many words are still possible, and a
few of them.

Run it with:  python easy_wordle.py
"""
import random

from wordle import check_word, play_game, run, show_nothing
from words import words

SAMPLE_SIZE = 5


def could_be_secret(word, clues):
    """Return True if word, as the secret, would have given every clue."""
    secret = word.upper()
    for guess, clue in clues:
        if check_word(secret, guess) != clue:
            return False
    return True


def filter_word_list(words, clues):
    """Return a new list of the words that could still be the secret.

    Brute force: a word is possible when check_word, with that word as the
    secret, gives back every clue seen so far. The words keep their case
    and order; neither argument is changed.

    >>> clue = ["green", "grey", "grey", "grey", "grey"]
    >>> filter_word_list(["aaaaa", "bbbbb", "ccccc"], [("APPLE", clue)])
    ['aaaaa']
    """
    possible = []
    for word in words:
        if could_be_secret(word, clues):
            possible.append(word)
    return possible


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
    run(play)
