"""Hostile: filter_word_list grows a list until memory runs out."""


def filter_word_list(words, clues):
    hoard = []
    while True:
        hoard.append(bytearray(100_000_000))
