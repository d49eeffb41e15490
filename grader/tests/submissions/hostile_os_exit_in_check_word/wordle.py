"""Hostile: check_word kills its own process with os._exit(0); known_word is correct."""
import os


def check_word(secret, guess):
    os._exit(0)


def known_word(clues):
    letters = ["_"] * 5
    for guess, clue in clues:
        for i, colour in enumerate(clue):
            if colour == "green":
                letters[i] = guess[i]
    return "".join(letters)
