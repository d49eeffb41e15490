# CSCI 1913 Project 1: easy Wordle (slow: filters clue by clue, a new list each time, with the
# slow check_word; the game narrows the list it has with each new clue)
import random
from words import words
from wordle import check_word, show_clues, get_guess


def filter_word_list(words, clues):
    possible = words[:]
    for guess, clue in clues:
        still_possible = []
        for word in possible:
            if check_word(word.upper(), guess) == clue:
                still_possible.append(word)
        possible = still_possible
    return possible


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    possible = words
    won = False
    while len(clues) < 6 and not won:
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        show_clues(clues)
        possible = filter_word_list(possible, clues[-1:])
        print(str(len(possible)) + " words possible:")
        for word in random.sample(possible, min(5, len(possible))):
            print(word)
        if guess == secret:
            won = True
    print("Answer: " + secret)
