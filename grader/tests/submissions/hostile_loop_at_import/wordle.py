"""Hostile: loops forever at import time (a game loop with no __main__ guard and no input)."""
while True:
    pass


def check_word(secret, guess):
    return ["grey"] * 5
