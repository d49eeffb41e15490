# CSCI 1913 - Project 1 - Easy Wordle
import random
from words import words
from wordle import check_word, print_guesses, take_guess


def could_be_secret(word, clues):
    upper_word = word.upper()
    for guess, clue in clues:
        if check_word(upper_word, guess) != clue:
            return False
    return True


def filter_word_list(words, clues):
    return [word for word in words if could_be_secret(word, clues)]


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        guess = take_guess()
        clues.append((guess, check_word(secret, guess)))
        print_guesses(clues)
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        # random.sample picks without repeats (k can't be bigger than the list)
        for word in random.sample(possible, min(5, len(possible))):
            print(word)
        if guess == secret:
            break
    print("Answer: " + secret)
