"""Hostile: also waits for input at import, by importing the hostile wordle.py."""
import wordle


def filter_word_list(words, clues):
    return list(words)
