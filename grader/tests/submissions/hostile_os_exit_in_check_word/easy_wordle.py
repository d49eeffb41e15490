"""Hostile: filter_word_list ends the process mid-call."""
import os


def filter_word_list(words, clues):
    os._exit(1)
