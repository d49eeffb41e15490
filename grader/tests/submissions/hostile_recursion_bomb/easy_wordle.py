"""Hostile: filter_word_list returns a list that contains itself."""


def filter_word_list(words, clues):
    loop = []
    loop.append(loop)
    return loop
