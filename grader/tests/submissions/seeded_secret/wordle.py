"""
CSCI 1913 Project 1: Wordle
wordle.py - the required clue functions and the normal Wordle game.
"""
import random
import display_utility
from words import words


def check_word(secret, guess):
    """Return the list of colours ("green", "yellow", "grey") that guess
    gets when the secret word is secret. Both are 5 uppercase letters."""
    result = ["grey", "grey", "grey", "grey", "grey"]
    used = [False, False, False, False, False]

    # Green rule first: right letter in the right place.
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
            used[i] = True

    # Yellow rule: left to right, only use each secret letter once.
    for i in range(5):
        if result[i] == "green":
            continue
        for j in range(5):
            if not used[j] and secret[j] == guess[i]:
                result[i] = "yellow"
                used[j] = True
                break

    # Anything left over stays grey.
    return result


def known_word(clues):
    """Return the known-letters string, "_" where no green clue was seen."""
    known = ["_", "_", "_", "_", "_"]
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                known[i] = guess[i]
    return "".join(known)


def yes_letters(clues):
    """Return the letters that got a yellow or green clue, sorted, no repeats."""
    found = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] != "grey" and guess[i] not in found:
                found.append(guess[i])
    found.sort()
    return "".join(found)


def no_letters(clues):
    """Return the letters that were grey every time they were guessed."""
    in_word = yes_letters(clues)
    grey_letters = []
    for guess, clue in clues:
        for i in range(5):
            letter = guess[i]
            if clue[i] == "grey" and letter not in in_word and letter not in grey_letters:
                grey_letters.append(letter)
    grey_letters.sort()
    return "".join(grey_letters)


def print_clue(guess, clue):
    """Print one guess with its colours on one line."""
    for i in range(5):
        if clue[i] == "green":
            display_utility.green(guess[i])
        elif clue[i] == "yellow":
            display_utility.yellow(guess[i])
        else:
            display_utility.grey(guess[i])
    print()


def print_history(clues):
    """Print every guess so far with its clue."""
    for guess, clue in clues:
        print_clue(guess, clue)


def print_status(clues):
    """Print the Known / Green/Yellow / Grey block."""
    print("Known:  " + known_word(clues))
    print("Green/Yellow Letters: " + yes_letters(clues))
    print("Grey Letters: " + no_letters(clues))


def get_guess(valid_words):
    """Keep asking until the user types a valid word; return it uppercase."""
    while True:
        guess = input("> ")
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess not in valid_words:
            print("Invalid word")
        else:
            return guess.upper()


if __name__ == "__main__":
    random.seed(1913)  # debugging: same word every time
    secret = random.choice(words).upper()
    valid_words = set(words)
    clues = []
    while True:
        print_status(clues)
        guess = get_guess(valid_words)
        clues.append((guess, check_word(secret, guess)))
        print_history(clues)
        if guess == secret or len(clues) == 6:
            break
    print("Answer: " + secret)
