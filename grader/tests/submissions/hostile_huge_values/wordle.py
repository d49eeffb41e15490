"""Hostile: check_word returns a list of two million strings (too big to send); known_word an enormous string."""


def check_word(secret, guess):
    return ["green"] * 2_000_000


def known_word(clues):
    return "_" * 20_000_000
