# CSCI 1913 Project 1: Wordle (a correct submission, slow: check_word counts letters with nested
# loops over the alphabet, about 100 times slower than the reference; it must keep full marks)
import random
import display_utility
from words import words

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def letter_counts(word):
    """How many times each letter of the alphabet is in word, counted one letter at a time."""
    counts = []
    for letter in ALPHABET:
        count = 0
        for other in ALPHABET:
            for character in word:
                if character == letter and other == letter:
                    count = count + 1
        counts.append(count)
    return counts


def check_word(secret, guess):
    result = []
    greens = ""
    for i in range(5):
        if guess[i] == secret[i]:
            result.append("green")
            greens = greens + guess[i]
        else:
            result.append("grey")
    in_secret = letter_counts(secret)
    in_guess = letter_counts(guess)
    already_green = letter_counts(greens)
    left = []
    for k in range(26):
        left.append(in_secret[k] - already_green[k])
    for i in range(5):
        k = ALPHABET.index(guess[i])
        if result[i] == "grey" and in_secret[k] > 0:
            if in_guess[k] == 1 or left[k] > 0:
                result[i] = "yellow"
                left[k] = left[k] - 1
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
