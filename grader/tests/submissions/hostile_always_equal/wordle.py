"""Hostile: check_word returns an object that claims to equal everything; no_letters is correct."""


class Anything:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__


def check_word(secret, guess):
    return Anything()


def no_letters(clues):
    grey, coloured = set(), set()
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            (grey if colour == "grey" else coloured).add(letter)
    return "".join(sorted(grey - coloured))
