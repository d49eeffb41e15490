"""CSCI 1913 Project 1 - Wordle.

Functions for scoring wordle guesses and the normal wordle game.
"""
import random
import display_utility
from words import words

WORD_SET = set(words)  # faster lookups than searching the list every time
LENGTH = 5


def check_word(secret, guess):
    """Give the clue (list of "green"/"yellow"/"grey") for guess against secret."""
    clue = [None] * LENGTH
    counts = {}  # how many of each secret letter are still free for a yellow

    for i in range(LENGTH):
        if guess[i] == secret[i]:
            clue[i] = "green"
        else:
            counts[secret[i]] = counts.get(secret[i], 0) + 1

    for i in range(LENGTH):
        if clue[i] is None:
            letter = guess[i]
            if counts.get(letter, 0) > 0:
                clue[i] = "yellow"
                counts[letter] -= 1
            else:
                clue[i] = "grey"
    return clue


def known_word(clues):
    """Letters at green positions, '_' everywhere else."""
    result = "_" * LENGTH
    for guess, clue in clues:
        for i in range(LENGTH):
            if clue[i] == "green":
                result = result[:i] + guess[i] + result[i + 1:]
    return result


def no_letters(clues):
    """Letters whose every occurrence in a guess was grey, alphabetical."""
    letters = set()
    for guess, clue in clues:
        colours_of = {}
        for letter, colour in zip(guess, clue):
            colours_of.setdefault(letter, []).append(colour)
        for letter, colours in colours_of.items():
            if colours.count("grey") == len(colours):
                letters.add(letter)
    return "".join(sorted(letters))


def yes_letters(clues):
    """Letters that got at least one green or yellow, alphabetical."""
    letters = set()
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            if colour == "green" or colour == "yellow":
                letters.add(letter)
    return "".join(sorted(letters))


def problem_with(word):
    """Return the error message for a bad guess, or None if the guess is fine."""
    if len(word) != LENGTH:
        return "Word must be 5 letters long"
    if word.lower() not in WORD_SET:
        return "Invalid word"
    return None


def read_guess():
    """Prompt with '> ' until a valid word is typed (any case). Returns it upper case."""
    word = input("> ")
    message = problem_with(word)
    while message is not None:
        print(message)
        word = input("> ")
        message = problem_with(word)
    return word.upper()


def print_clues(clues):
    """Print each guess so far on its own line, one coloured letter at a time."""
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            if colour == "green":
                display_utility.green(letter)
            elif colour == "yellow":
                display_utility.yellow(letter)
            else:
                display_utility.grey(letter)
        print()


if __name__ == "__main__":
    secret = random.choice(words).upper()
    history = []
    while len(history) < 6:
        print("Known:  " + known_word(history))
        print("Green/Yellow Letters: " + yes_letters(history))
        print("Grey Letters: " + no_letters(history))
        guess = read_guess()
        history.append((guess, check_word(secret, guess)))
        print_clues(history)
        if guess == secret:
            break
    print("Answer: " + secret)
