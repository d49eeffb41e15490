"""Hostile: starts the game at import time, so importing it waits for input()."""
from words import words

secret = words[0].upper()
guess = input("> ")


def check_word(secret, guess):
    return ["green" if guess[i] == secret[i] else "grey" for i in range(5)]
