"""
CSCI 1913 Project 1: Wordle
easy_wordle.py - filter_word_list and the easy Wordle game.
"""
import random
from words import words
from wordle import check_word, print_history, get_guess


def filter_word_list(words, clues):
    """Return a new list of the words that could still be the secret,
    i.e. the words that give every clue in clues when used as the secret."""
    possible = []
    for word in words:
        could_be = True
        for guess, clue in clues:
            if check_word(word.upper(), guess) != clue:
                could_be = False
                break
        if could_be:
            possible.append(word)
    return possible


def print_possible(possible):
    """Print how many words are possible and up to 5 random ones."""
    print(str(len(possible)) + " words possible:")
    sample = random.sample(possible, min(5, len(possible)))
    for word in sample:
        print(word)


if __name__ == "__main__":
    secret = random.choice(words).upper()
    valid_words = set(words)
    clues = []
    while True:
        guess = get_guess(valid_words)
        clues.append((guess, check_word(secret, guess)))
        print_history(clues)
        print_possible(filter_word_list(words, clues))
        if guess == secret or len(clues) == 6:
            break
    print("Answer: " + secret)
