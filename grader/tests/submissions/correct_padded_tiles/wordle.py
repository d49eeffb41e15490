# CSCI 1913 Project 1: Wordle
# This file has the required wordle functions and the normal wordle game.
import random
import display_utility
from words import words


def check_word(secret, guess):
    """Return the list of 5 colour clues for guess when the answer is secret."""
    # every spot starts grey, and gets upgraded below
    result = ["grey", "grey", "grey", "grey", "grey"]

    # step 1: greens. Letters of the secret that are NOT matched green
    # are saved so they can be used for yellow clues later
    leftover = []
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
        else:
            leftover.append(secret[i])

    # step 2: yellows, left to right, each secret letter can only be used once
    for i in range(5):
        if result[i] != "green" and guess[i] in leftover:
            result[i] = "yellow"
            leftover.remove(guess[i])

    # step 3: anything else just stays grey
    return result


def known_word(clues):
    """Return a string like __ING showing the letters that got a green clue."""
    known = ["_", "_", "_", "_", "_"]
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                known[i] = guess[i]
    return "".join(known)


def no_letters(clues):
    """Return the letters (sorted, no repeats) that are known to not be in the word."""
    grey_letters = []
    for guess, clue in clues:
        for i in range(5):
            letter = guess[i]
            if letter in grey_letters:
                continue
            # only count the letter if EVERY copy of it in this guess is grey
            all_grey = True
            for j in range(5):
                if guess[j] == letter and clue[j] != "grey":
                    all_grey = False
            if all_grey:
                grey_letters.append(letter)
    grey_letters.sort()
    return "".join(grey_letters)


def yes_letters(clues):
    """Return the letters (sorted, no repeats) that got a green or yellow clue."""
    found = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] != "grey" and guess[i] not in found:
                found.append(guess[i])
    found.sort()
    return "".join(found)


def print_history(clues):
    """Print every guess so far with its colours, one guess per line.

    Each letter gets a space on both sides so it looks like a wordle tile.
    """
    for guess, clue in clues:
        for i in range(5):
            tile = " " + guess[i] + " "
            if clue[i] == "green":
                display_utility.green(tile)
            elif clue[i] == "yellow":
                display_utility.yellow(tile)
            else:
                display_utility.grey(tile)
        print()


def get_guess():
    """Keep asking until the user types a valid word, and return it in upper case."""
    while True:
        guess = input("> ")
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess not in words:
            print("Invalid word")
        else:
            return guess.upper()


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    guessed_it = False

    while len(clues) < 6 and not guessed_it:
        # status block before each guess
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))

        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        print_history(clues)

        if guess == secret:
            guessed_it = True

    print("Answer: " + secret)
