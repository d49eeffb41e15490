# The labels were copied from the handout's PDF, which gave no-break spaces.
import random
from display_utility import green, yellow, grey
from words import words

PAINT = {"green": green, "yellow": yellow, "grey": grey}


def check_word(secret, guess):
    out = ["green" if g == s else "grey" for g, s in zip(guess, secret)]
    spare = [s for s, c in zip(secret, out) if c != "green"]
    for i, g in enumerate(guess):
        if out[i] == "grey" and g in spare:
            out[i] = "yellow"
            spare.remove(g)
    return out


def known_word(clues):
    known = list("_____")
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                known[i] = guess[i]
    return "".join(known)


def no_letters(clues):
    shown = {g for guess, clue in clues for g, c in zip(guess, clue) if c != "grey"}
    greys = {g for guess, clue in clues for g, c in zip(guess, clue) if c == "grey"}
    return "".join(sorted(greys - shown))


def yes_letters(clues):
    return "".join(sorted({g for guess, clue in clues for g, c in zip(guess, clue) if c != "grey"}))


def show(clues):
    for guess, clue in clues:
        for g, c in zip(guess, clue):
            PAINT[c](g)
        print()


def ask():
    while True:
        w = input("> ")
        if len(w) != 5:
            print("Word must be 5 letters long")
        elif w not in words:
            print("Invalid word")
        else:
            return w.upper()


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    for turn in range(6):
        print("Known: " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = ask()
        clues.append((guess, check_word(secret, guess)))
        show(clues)
        if guess == secret:
            break
    print("Answer: " + secret)
