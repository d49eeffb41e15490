###########################################
# CSCI 1913 Project 1 - Easy Wordle       #
# Spring 2025                             #
###########################################
import random
from words import words
from wordle import check_word, show_guesses, ask_for_guess


def filter_word_list(words, clues):
    """
    Brute force: keep a word if, used as the secret, it gives every clue we saw.
    :param words: list of lowercase words (not changed)
    :param clues: list of (guess, clue) tuples (not changed)
    :return: new list of the words that could be the secret
    """
    possible = []
    for word in words:
        matches = True
        for guess, clue in clues:
            if check_word(word.upper(), guess) != clue:
                matches = False
        if matches:
            possible.append(word)
    return possible


def main():
    """Plays one game of easy Wordle."""
    word_list = set(words)
    secret = random.choice(words).upper()
    clues = []
    turns = 0
    while turns < 6:
        guess = ask_for_guess(word_list)
        clues.append((guess, check_word(secret, guess)))
        show_guesses(clues)
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        # show up to 5 of the possible words
        for word in possible[:5]:
            print(word)
        turns = turns + 1
        if guess == secret:
            break
    print("Answer: " + secret)


if __name__ == "__main__":
    main()
