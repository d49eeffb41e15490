"""Hostile: check_word lifts the recursion limit and recurses through C code until the C stack overflows
(the child dies of SIGSEGV); known_word recurses until RecursionError; yes_letters returns a list nested
100000 deep."""
import sys


def dive(depth):
    return list(map(dive, [depth + 1]))


def check_word(secret, guess):
    sys.setrecursionlimit(10 ** 8)
    return dive(0)


def known_word(clues):
    return known_word(clues)


def yes_letters(clues):
    nested = []
    for _ in range(100_000):
        nested = [nested]
    return nested
