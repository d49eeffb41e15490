"""
Easy Wordle - CSCI 1913 Project 1 (Spring 2025)
"""
import random
from words import words
from wordle import check_word, score_guess, print_guess, read_guess


def filter_word_list(words, clues):
    """New list of the words that give all the clues when used as the secret."""
    return [word for word in words
            if all(score_guess(word.upper(), guess) == clue for guess, clue in clues)]


if __name__ == "__main__":
    valid = set(words)
    secret = random.choice(words).upper()
    clues = []
    remaining = list(words)
    while True:
        guess = read_guess(valid)
        clue = check_word(secret, guess)
        clues.append((guess, clue))
        for past_guess, past_clue in clues:
            print_guess(past_guess, past_clue)
        # only the newest clue can remove more words, so just check that one
        remaining = [word for word in remaining if check_word(word.upper(), guess) == clue]
        print(str(len(remaining)) + " words possible:")
        for word in random.sample(remaining, min(5, len(remaining))):
            print(word)
        if guess == secret or len(clues) == 6:
            break
    print("Answer: " + secret)
