# The code the CSCI 1913 Project 1 (Spring 2025) assignment gives every student: its
# required signatures, the imports it tells them to use and the "standard python
# structure" of section 6.  Similarity ignores it (with the handout files
# display_utility.py and words.py): sharing it is not copying.
import random
import display_utility
from display_utility import green, yellow, grey
from words import words
from wordle import check_word


def check_word(secret, guess):
    pass


def known_word(clues):
    pass


def no_letters(clues):
    pass


def yes_letters(clues):
    pass


def filter_word_list(words, clues):
    pass


if __name__ == "__main__":
    pass
