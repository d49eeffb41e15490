"""Hostile: known_word returns a str subclass that equals everything; yes_letters a generator."""


class SlyString(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


def known_word(clues):
    return SlyString("_____")


def yes_letters(clues):
    return (letter for letter in "")
