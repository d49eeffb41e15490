"""Wordle (check_word loops whenever a grey letter of the guess repeats an earlier one:
find() starts again where the copy was found, so it finds the same copy for ever; a new
user's mistake, the counter keeps growing).

Wordle: the clue rules, what the clues tell us, and a game to play.

A clue is a list of five colours, one per letter of a guess:
"green" (right letter, right place), "yellow" (in the word, elsewhere)
or "grey" (not in the word, or no copies of it left). A record of the
game so far is a list of (guess, clue) pairs, guesses in upper case.

Run it with:  python wordle.py
"""
import random

import display_utility
from words import words

MAX_GUESSES = 6
WORD_LENGTH = 5


def check_word(secret, guess):
    clue = []
    for i in range(5):
        if guess[i] == secret[i]:
            clue.append("green")
        else:
            clue.append("grey")
    for i in range(5):
        if clue[i] == "grey":
            letter = guess[i]
            # how many copies of this letter came earlier in the guess
            earlier = 0
            j = guess.find(letter)
            while j < i:
                earlier = earlier + 1
                j = guess.find(letter, j)
            greens = 0
            for k in range(5):
                if clue[k] == "green" and guess[k] == letter:
                    greens = greens + 1
            if secret.count(letter) - greens > earlier:
                clue[i] = "yellow"
    return clue


def known_word(clues):
    """Return the secret as far as green clues show it, "_" where unknown.

    >>> known_word([("RADIO", check_word("LERED", "RADIO")),
    ...             ("DRUID", check_word("LERED", "DRUID"))])
    '____D'
    """
    known = ["_"] * WORD_LENGTH
    for guess, clue in clues:
        for i in range(len(guess)):
            if clue[i] == "green":
                known[i] = guess[i]
    return "".join(known)


def letters_with_colour(clues, colours):
    """Return the set of guessed letters that got one of the given colours."""
    letters = set()
    for guess, clue in clues:
        for i in range(len(guess)):
            if clue[i] in colours:
                letters.add(guess[i])
    return letters


def yes_letters(clues):
    """Return the letters known to be in the word (yellow or green), sorted.

    >>> yes_letters([("RADIO", check_word("LERED", "RADIO"))])
    'DR'
    """
    return "".join(sorted(letters_with_colour(clues, ["green", "yellow"])))


def no_letters(clues):
    """Return the letters known not to be in the word, sorted.

    A grey letter counts only if no copy of it was ever yellow or green:
    in BOOKS against a secret with one O, one O is yellow and the other
    grey, and O is certainly in the word.

    >>> no_letters([("BOOKS", ["grey", "yellow", "grey", "grey", "green"])])
    'BK'
    """
    grey_letters = letters_with_colour(clues, ["grey"])
    in_word = letters_with_colour(clues, ["green", "yellow"])
    return "".join(sorted(grey_letters - in_word))


def print_clue(guess, clue):
    """Print guess on one line, each letter in the colour of its clue."""
    for i in range(len(guess)):
        if clue[i] == "green":
            display_utility.green(guess[i])
        elif clue[i] == "yellow":
            display_utility.yellow(guess[i])
        else:
            display_utility.grey(guess[i])
    print()


def print_history(clues):
    """Print every guess so far, coloured, one per line."""
    for guess, clue in clues:
        print_clue(guess, clue)


def print_status(clues):
    """Print what the clues tell us: known letters, letters in, letters out."""
    print("Known:  " + known_word(clues))
    print("Green/Yellow Letters: " + yes_letters(clues))
    print("Grey Letters: " + no_letters(clues))


def read_guess():
    """Prompt until a valid word is typed; return it in upper case.

    Invalid input is explained and does not cost a guess.
    """
    while True:
        guess = input("> ").lower()
        if len(guess) != WORD_LENGTH:
            print("Word must be 5 letters long")
        elif guess not in words:
            print("Invalid word")
        else:
            return guess.upper()


def is_won(clues):
    """Return True when the last guess was all green."""
    if len(clues) == 0:
        return False
    last_clue = clues[-1][1]
    return last_clue == ["green"] * WORD_LENGTH


def play_game(secret, before_guess, after_guess):
    """Play one game for secret, calling before_guess(clues) before each
    prompt and after_guess(clues) after each guess and its history.

    The normal and the easy game differ only in those two steps.
    """
    clues = []
    while len(clues) < MAX_GUESSES and not is_won(clues):
        before_guess(clues)
        guess = read_guess()
        clues.append((guess, check_word(secret, guess)))
        print_history(clues)
        after_guess(clues)
    print("Answer: " + secret)


def show_nothing(clues):
    """Print nothing (for a game that shows nothing at that step)."""


def play(secret):
    """Play the normal game: the known letters are shown before each guess."""
    play_game(secret, print_status, show_nothing)


def run(play_function):
    """Play a game with a random secret; Ctrl-D or Ctrl-C ends it quietly."""
    secret = random.choice(words).upper()
    try:
        play_function(secret)
    except (EOFError, KeyboardInterrupt):
        print()


if __name__ == "__main__":
    run(play)
