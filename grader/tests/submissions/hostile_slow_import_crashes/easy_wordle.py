"""Hostile: see wordle.py (its slow import is imported here too)."""
import os
import wordle


def filter_word_list(words, clues):
    os._exit(1)


if __name__ == '__main__':
    wordle.main()
