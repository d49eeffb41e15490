# Project 1 - Wordle
# a correct submission: star imports, strings built by hand, a while True game loop
from display_utility import *
from words import *
import random


def check_word(secret, guess):
    answer = [None] * 5
    secret_left = list(secret)
    for i in range(5):
        if guess[i] == secret[i]:
            answer[i] = "green"
            secret_left[i] = None
    for i in range(5):
        if answer[i] is None:
            if guess[i] in secret_left:
                answer[i] = "yellow"
                secret_left[secret_left.index(guess[i])] = None
            else:
                answer[i] = "grey"
    return answer


def known_word(clues):
    result = ""
    for i in range(5):
        letter = "_"
        for clue in clues:
            if clue[1][i] == "green":
                letter = clue[0][i]
        result += letter
    return result


def no_letters(clues):
    # per guess: a letter is out when each of its copies in that guess is grey
    out = ""
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        for clue in clues:
            guess = clue[0]
            colours = [clue[1][i] for i in range(5) if guess[i] == letter]
            if len(colours) > 0 and colours.count("grey") == len(colours):
                if letter not in out:
                    out += letter
    return out


def yes_letters(clues):
    found = ""
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        for clue in clues:
            for i in range(5):
                if clue[0][i] == letter and clue[1][i] != "grey" and letter not in found:
                    found += letter
    return found


def print_board(history):
    for guess, clue in history:
        i = 0
        while i < 5:
            if clue[i] == "green":
                green(guess[i])
            if clue[i] == "yellow":
                yellow(guess[i])
            if clue[i] == "grey":
                grey(guess[i])
            i += 1
        print("")


def read_word():
    while True:
        word = input("> ").strip().lower()
        if len(word) != 5:
            print("Word must be 5 letters long")
            continue
        if word in words:
            return word.upper()
        print("Invalid word")


if __name__ == "__main__":
    secret = random.choice(words).upper()
    history = []
    while True:
        print("Known: " + known_word(history))
        print("Green/Yellow Letters: " + yes_letters(history))
        print("Grey Letters: " + no_letters(history))
        guess = read_word()
        history.append((guess, check_word(secret, guess)))
        print_board(history)
        if guess == secret or len(history) == 6:
            print("Answer: " + secret)
            break
