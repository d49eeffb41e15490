"""Hostile: filter_word_list returns the names of the files in / and /work, to show what it can see."""
import os


def filter_word_list(words, clues):
    seen = []
    for folder in ("/", "/work"):
        try:
            seen += os.listdir(folder)
        except OSError:
            pass
    return seen
