"""Wordle, CSCI 1913 (a correct submission: letter counts, lower-case input only)."""
import random
from display_utility import green, yellow, grey
from words import words

GUESSES = 6


def check_word(secret, guess):
    """Clue for guess: greens first, then yellows while copies of the letter remain."""
    remaining = {}
    for s, g in zip(secret, guess):
        if s != g:
            remaining[s] = remaining.get(s, 0) + 1
    clue = []
    for s, g in zip(secret, guess):
        if s == g:
            clue.append("green")
        elif remaining.get(g, 0) > 0:
            clue.append("yellow")
            remaining[g] -= 1
        else:
            clue.append("grey")
    return clue


def known_word(clues):
    known = "_____"
    for guess, clue in clues:
        for i, colour in enumerate(clue):
            if colour == "green":
                known = known[:i] + guess[i] + known[i + 1:]
    return known


def colour_letters(clues, colours):
    letters = set()
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            if colour in colours:
                letters.add(letter)
    return letters


def no_letters(clues):
    # a letter is out only if every copy of it in every guess was grey
    out = colour_letters(clues, ("grey",)) - colour_letters(clues, ("green", "yellow"))
    return "".join(sorted(out))


def yes_letters(clues):
    return "".join(sorted(colour_letters(clues, ("green", "yellow"))))


def print_guesses(clues):
    show = {"green": green, "yellow": yellow, "grey": grey}
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            show[colour](letter)
        print()


def ask_for_guess():
    guess = input("> ")
    while len(guess) != 5 or guess not in words:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ")
    return guess.upper()


def main():
    secret = random.choice(words).upper()
    clues = []
    for turn in range(GUESSES):
        print("Known: ", known_word(clues))
        print("Green/Yellow Letters:", yes_letters(clues))
        print("Grey Letters:", no_letters(clues))
        guess = ask_for_guess()
        clues.append((guess, check_word(secret, guess)))
        print_guesses(clues)
        if guess == secret:
            break
    print("Answer:", secret)


if __name__ == '__main__':
    main()
