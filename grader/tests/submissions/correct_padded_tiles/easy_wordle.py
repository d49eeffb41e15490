# CSCI 1913 Project 1: Wordle - easy mode
import random
from words import words
from wordle import check_word, print_history, get_guess


def filter_word_list(words, clues):
    """Return a new list of the words that could still be the secret word."""
    possible = []
    for word in words:
        could_be = True
        # pretend this word is the secret and see if it gives the same clues
        for guess, clue in clues:
            if check_word(word.upper(), guess) != clue:
                could_be = False
                break
        if could_be:
            possible.append(word)
    return possible


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    guessed_it = False

    while len(clues) < 6 and not guessed_it:
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        print_history(clues)

        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        # shuffle a copy (so the real list is not changed) and show the first 5
        shuffled = possible[:]
        random.shuffle(shuffled)
        for word in shuffled[:5]:
            print(word)

        if guess == secret:
            guessed_it = True

    print("Answer: " + secret)
