"""Hostile: check_word tries to allocate 8 GB; yes_letters is correct."""


def check_word(secret, guess):
    hog = bytearray(8 * 1024 ** 3)
    return [hog] * 5


def yes_letters(clues):
    found = set()
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            if colour != "grey":
                found.add(letter)
    return "".join(sorted(found))
