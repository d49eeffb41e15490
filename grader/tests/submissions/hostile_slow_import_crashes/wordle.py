"""Hostile: importing the module sleeps 3 s (no CPU, under the import's wall-clock net, over
the 1.5 s a restart's import is given) and every function ends its process with os._exit:
each crash used to start the student's code again, and import it again, once per call (534 s
for 0 points with a 9 s sleep)."""
import os
import time

time.sleep(3)


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
