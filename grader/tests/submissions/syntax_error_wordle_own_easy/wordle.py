# CSCI 1913 Project 1: Wordle (a colon missing on line 17: the file does not parse)
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
                if not used[j] and secret[j] == guess[i]
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


if __name__ == "__main__":
    secret = words[random.randint(0, len(words) - 1)].upper()
    clues = []
    won = False
    while len(clues) < 6 and not won:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        show_clues(clues)
        if guess == secret:
            won = True
    print("Answer: " + secret)
