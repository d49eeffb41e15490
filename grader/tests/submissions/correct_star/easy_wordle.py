# Project 1 - easy Wordle
from wordle import *
import random


def filter_word_list(words, clues):
    new_list = []
    for w in words:
        ok = True
        for guess, clue in clues:
            if check_word(w.upper(), guess) != clue:
                ok = False
                break
        if ok:
            new_list.append(w)
    return new_list


if __name__ == "__main__":
    secret = random.choice(words).upper()
    history = []
    while True:
        guess = read_word()
        history.append((guess, check_word(secret, guess)))
        print_board(history)
        possible = filter_word_list(words, history)
        print(str(len(possible)) + " words possible:")
        chosen = []
        while len(chosen) < min(5, len(possible)):
            pick = possible[random.randint(0, len(possible) - 1)]
            if pick not in chosen:
                chosen.append(pick)
                print(pick)
        if guess == secret or len(history) == 6:
            print("Answer: " + secret)
            break
