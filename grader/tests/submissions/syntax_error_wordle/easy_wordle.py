# CSCI 1913 Project 1: easy Wordle
import random
from words import words
from wordle import check_word, show_clues, get_guess


def filter_word_list(words, clues):
    possible = []
    for word in words:
        fits = True
        for guess, clue in clues:
            if check_word(word.upper(), guess) != clue:
                fits = False
        if fits:
            possible.append(word)
    return possible


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    won = False
    while len(clues) < 6 and not won:
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        show_clues(clues)
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        for word in random.sample(possible, min(5, len(possible))):
            print(word)
        if guess == secret:
            won = True
    print("Answer: " + secret)
