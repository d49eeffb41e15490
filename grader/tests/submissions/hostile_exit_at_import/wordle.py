"""Hostile: calls sys.exit() at import time."""
import sys

sys.exit("goodbye from wordle.py")


def check_word(secret, guess):
    return ["grey"] * 5
