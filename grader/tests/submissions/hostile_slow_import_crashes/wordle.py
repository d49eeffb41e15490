"""Hostile: importing the module sleeps 2 s (no CPU, under the import's wall-clock net) and
every function ends its process with os._exit: each crash used to start the student's code
again, and import it again, once per call (534 s for 0 points with a 9 s sleep)."""
import os
import time

time.sleep(2)


def check_word(secret, guess):
    os._exit(1)


def known_word(clues):
    os._exit(1)


def no_letters(clues):
    os._exit(1)


def yes_letters(clues):
    os._exit(1)


def main():
    print("Known: ", known_word([]))


if __name__ == '__main__':
    main()
