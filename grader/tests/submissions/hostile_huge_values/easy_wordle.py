"""Hostile: filter_word_list returns its input list itself, after appending to it."""


def filter_word_list(words, clues):
    words.append("zzzzz")
    return words
