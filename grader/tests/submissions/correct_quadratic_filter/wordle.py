"""
CSCI 1913 Project 1: Wordle (normal mode)

Functions for working out Wordle clues, and a playable game at the bottom.
"""
import random
import display_utility
import words

GREEN = "green"
YELLOW = "yellow"
GREY = "grey"


def check_word(secret, guess):
    """
    Work out the clue for guess when the hidden word is secret.
    Both are 5 uppercase letters. Returns a list of 5 colour strings.
    """
    clue = [GREY, GREY, GREY, GREY, GREY]

    # how many of each letter of the secret are not matched yet
    unmatched = {}
    for i in range(5):
        if guess[i] == secret[i]:
            clue[i] = GREEN
        else:
            if secret[i] in unmatched:
                unmatched[secret[i]] += 1
            else:
                unmatched[secret[i]] = 1

    # now hand out yellows, left to right, while there are letters left
    for i in range(5):
        if clue[i] == GREEN:
            continue
        letter = guess[i]
        if letter in unmatched and unmatched[letter] > 0:
            clue[i] = YELLOW
            unmatched[letter] -= 1

    return clue


def sort_letters(letters):
    """Bubble sort a list of letters into ABC order (returns a string)."""
    letters = list(letters)
    n = len(letters)
    for i in range(n):
        for j in range(n - 1 - i):
            if letters[j] > letters[j + 1]:
                temp = letters[j]
                letters[j] = letters[j + 1]
                letters[j + 1] = temp
    return "".join(letters)


def known_word(clues):
    """
    Returns a string like "__ING" showing which letters are known from
    green clues (underscore where nothing is known).
    """
    known = ["_", "_", "_", "_", "_"]
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == GREEN:
                known[i] = guess[i]
    return "".join(known)


def no_letters(clues):
    """
    Returns the letters (uppercase, ABC order, no repeats) that we know are
    NOT in the word: letters where every copy in the guesses was grey.
    """
    grey_ones = []
    coloured_ones = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == GREY:
                if guess[i] not in grey_ones:
                    grey_ones.append(guess[i])
            else:
                if guess[i] not in coloured_ones:
                    coloured_ones.append(guess[i])
    result = []
    for letter in grey_ones:
        if letter not in coloured_ones:
            result.append(letter)
    return sort_letters(result)


def yes_letters(clues):
    """
    Returns the letters (uppercase, ABC order, no repeats) that got a
    green or yellow clue at some point.
    """
    found = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] != GREY and guess[i] not in found:
                found.append(guess[i])
    return sort_letters(found)


def print_guess(guess, clue):
    """Print one guess with its colours."""
    for i in range(5):
        if clue[i] == GREEN:
            display_utility.green(guess[i])
        elif clue[i] == YELLOW:
            display_utility.yellow(guess[i])
        else:
            display_utility.grey(guess[i])
    print()


def print_board(clues):
    """Print all of the guesses made so far."""
    for guess, clue in clues:
        print_guess(guess, clue)


def get_guess(word_list):
    """Ask for guesses until a valid one is typed in. Returns it uppercase."""
    guess = input("> ").lower()
    while len(guess) != 5 or guess not in word_list:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ").lower()
    return guess.upper()


if __name__ == "__main__":
    word_list = words.words
    secret = word_list[random.randint(0, len(word_list) - 1)].upper()
    clues = []
    for turn in range(6):
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = get_guess(word_list)
        clues.append((guess, check_word(secret, guess)))
        print_board(clues)
        if guess == secret:
            break
    print("Answer: " + secret)
