# Project 1 - Wordle (CSCI 1913)
import random
from display_utility import *
from words import words


def check_word(secret, guess):
    # letters of the secret we have not "spent" on a clue yet
    unused = list(secret)
    colors = []
    for i in range(len(guess)):
        colors.append("grey")

    # greens first so they get priority over yellows
    for i in range(len(guess)):
        if guess[i] == secret[i]:
            colors[i] = "green"
            unused[i] = None

    # yellows, left to right
    for i in range(len(guess)):
        if colors[i] == "grey" and guess[i] in unused:
            colors[i] = "yellow"
            unused[unused.index(guess[i])] = None
    return colors


def known_word(clues):
    word = ""
    for pos in range(5):
        char = "_"
        for guess, clue in clues:
            if clue[pos] == "green":
                char = guess[pos]
        word += char
    return word


def no_letters(clues):
    not_grey = ""
    grey_only = ""
    # first collect every letter that was ever yellow/green
    for guess, clue in clues:
        for pos in range(5):
            if clue[pos] != "grey":
                not_grey += guess[pos]
    # then every grey letter that never showed up as yellow/green
    for guess, clue in clues:
        for pos in range(5):
            letter = guess[pos]
            if clue[pos] == "grey" and letter not in not_grey and letter not in grey_only:
                grey_only += letter
    return "".join(sorted(grey_only))


def yes_letters(clues):
    letters = ""
    for guess, clue in clues:
        for pos in range(5):
            if clue[pos] in ("green", "yellow") and guess[pos] not in letters:
                letters += guess[pos]
    return "".join(sorted(letters))


def color_line(guess, clue):
    # prints one guess in colour then ends the line
    for pos in range(5):
        if clue[pos] == "green":
            green(guess[pos])
        elif clue[pos] == "yellow":
            yellow(guess[pos])
        else:
            grey(guess[pos])
    print()


def valid_guess():
    guess = input("> ")
    while True:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess not in words:
            print("Invalid word")
        else:
            break
        guess = input("> ")
    return guess.upper()


if __name__ == "__main__":
    answer = random.choice(words).upper()
    clues = []
    for round_num in range(6):
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = valid_guess()
        clues.append((guess, check_word(answer, guess)))
        for g, c in clues:
            color_line(g, c)
        if guess == answer:
            break
    print("Answer: " + answer)
    print()  # blank line so the terminal prompt isn't right under the answer
