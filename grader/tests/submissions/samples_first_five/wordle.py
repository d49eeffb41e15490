###########################################
# CSCI 1913 Project 1 - Wordle            #
# Spring 2025                             #
###########################################
import random
import display_utility
from words import words


def check_word(secret, guess):
    """
    Makes the clue for guess. Greens first, then yellows left to right,
    then everything else is grey.
    :param secret: the secret word (5 capital letters)
    :param guess: the guess (5 capital letters)
    :return: list of "green" / "yellow" / "grey"
    """
    # how many of each letter in the secret are still "available"
    available = {letter: secret.count(letter) for letter in secret}
    clue = ["grey"] * 5

    # step 1: greens
    for i in range(5):
        if guess[i] == secret[i]:
            clue[i] = "green"
            available[guess[i]] = available[guess[i]] - 1

    # step 2: yellows
    for i in range(5):
        letter = guess[i]
        if clue[i] == "grey" and letter in available and available[letter] > 0:
            clue[i] = "yellow"
            available[letter] = available[letter] - 1

    return clue


def known_word(clues):
    """
    :param clues: list of (guess, clue) tuples
    :return: string like "__ING", letters only where a green was seen
    """
    result = ""
    for i in range(5):
        letter = "_"
        for guess, clue in clues:
            if clue[i] == "green":
                letter = guess[i]
        result = result + letter
    return result


def yes_letters(clues):
    """
    :param clues: list of (guess, clue) tuples
    :return: sorted string of the letters that were green or yellow
    """
    letters = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green" or clue[i] == "yellow":
                if guess[i] not in letters:
                    letters.append(guess[i])
    return "".join(sorted(letters))


def no_letters(clues):
    """
    :param clues: list of (guess, clue) tuples
    :return: sorted string of the letters that were grey every time
    """
    good = yes_letters(clues)
    letters = []
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "grey" and guess[i] not in good and guess[i] not in letters:
                letters.append(guess[i])
    return "".join(sorted(letters))


def show_guesses(clues):
    """Prints every guess so far, coloured."""
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                display_utility.green(guess[i])
            elif clue[i] == "yellow":
                display_utility.yellow(guess[i])
            else:
                display_utility.grey(guess[i])
        print()


def ask_for_guess(word_list):
    """Asks until the user enters a real 5 letter word. Returns it in caps."""
    guess = input("> ")
    while True:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess not in word_list:
            print("Invalid word")
        else:
            break
        guess = input("> ")
    return guess.upper()


def main():
    """Plays one game of normal Wordle."""
    word_list = set(words)
    secret = random.choice(words).upper()
    clues = []
    turns = 0
    while turns < 6:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = ask_for_guess(word_list)
        clues.append((guess, check_word(secret, guess)))
        show_guesses(clues)
        turns = turns + 1
        if guess == secret:
            break
    print("Answer: " + secret)


if __name__ == "__main__":
    main()
