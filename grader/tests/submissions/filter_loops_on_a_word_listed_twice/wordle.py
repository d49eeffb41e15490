# CSCI 1913 Project 1: Wordle (right; its easy_wordle.py's filter_word_list loops forever
# when a word the list holds twice fits the clues: written from the spec alone)
import random
import display_utility
from words import words


def check_word(secret, guess):
    result = ["grey", "grey", "grey", "grey", "grey"]
    used = [False, False, False, False, False]
    # green rule first
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
            used[i] = True
    # yellow rule, left to right, each letter of the secret used once
    for i in range(5):
        if result[i] != "green":
            for j in range(5):
                if result[i] == "grey" and not used[j] and secret[j] == guess[i]:
                    result[i] = "yellow"
                    used[j] = True
    return result


def known_word(clues):
    known = ["_", "_", "_", "_", "_"]
    for clue in clues:
        guess = clue[0]
        colors = clue[1]
        for i in range(5):
            if colors[i] == "green":
                known[i] = guess[i]
    result = ""
    for letter in known:
        result = result + letter
    return result


def yes_letters(clues):
    letters = []
    for guess, colors in clues:
        for i in range(5):
            if colors[i] != "grey" and guess[i] not in letters:
                letters.append(guess[i])
    letters.sort()
    return "".join(letters)


def no_letters(clues):
    in_word = yes_letters(clues)
    letters = []
    for guess, colors in clues:
        for i in range(5):
            if colors[i] == "grey" and guess[i] not in in_word and guess[i] not in letters:
                letters.append(guess[i])
    letters.sort()
    return "".join(letters)


def print_guess(guess, colors):
    for i in range(5):
        if colors[i] == "green":
            display_utility.green(guess[i])
        elif colors[i] == "yellow":
            display_utility.yellow(guess[i])
        else:
            display_utility.grey(guess[i])
    print()


def get_guess():
    guess = input("> ").lower()
    while len(guess) != 5 or guess not in words:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ").lower()
    return guess.upper()


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        for old_guess, colors in clues:
            print_guess(old_guess, colors)
        if guess == secret:
            break
    print("Answer: " + secret)
