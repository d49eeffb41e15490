"""Wordle (CSCI 1913, Project 1)."""
import random
import display_utility
from words import words

GREEN = "green"
YELLOW = "yellow"
GREY = "grey"
MAX_GUESSES = 6


def count_letters(word):
    """Return a dictionary letter -> how many times it appears in word."""
    counts = {}
    for letter in word:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def check_word(secret, guess):
    """Colour each letter of guess against secret (see the project PDF)."""
    colors = [GREY] * len(guess)
    remaining = count_letters(secret)
    for index in range(len(guess)):
        if guess[index] == secret[index]:
            colors[index] = GREEN
            remaining[guess[index]] -= 1
    for index in range(len(guess)):
        letter = guess[index]
        if colors[index] != GREEN and remaining.get(letter, 0) > 0:
            colors[index] = YELLOW
            remaining[letter] -= 1
    return colors


def known_word(clues):
    """Letters known from green clues, "_" elsewhere."""
    letters = ["_"] * 5
    for guess, colors in clues:
        for index in range(len(guess)):
            if colors[index] == GREEN:
                letters[index] = guess[index]
    return "".join(letters)


def letters_with(clues, wanted):
    """Set of guessed letters whose colour is one of wanted."""
    found = set()
    for guess, colors in clues:
        for index in range(len(guess)):
            if colors[index] in wanted:
                found.add(guess[index])
    return found


def yes_letters(clues):
    """Letters that got a green or yellow clue, alphabetical."""
    return "".join(sorted(letters_with(clues, (GREEN, YELLOW))))


def no_letters(clues):
    """Letters that were only ever grey, alphabetical."""
    greys = letters_with(clues, (GREY,)) - letters_with(clues, (GREEN, YELLOW))
    return "".join(sorted(greys))


def display_guesses(clues):
    """Print all guesses so far in colour, one per line."""
    for guess, colors in clues:
        for index in range(len(guess)):
            if colors[index] == GREEN:
                display_utility.green(guess[index])
            elif colors[index] == YELLOW:
                display_utility.yellow(guess[index])
            else:
                display_utility.grey(guess[index])
        print()


def read_guess(word_set):
    """Prompt with "> " until a valid word is typed; return it in capitals."""
    guess = input("> ")
    while len(guess) != 5 or guess not in word_set:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ")
    return guess.upper()


def main():
    word_set = set(words)
    secret = random.choice(words[:50]).upper()
    clues = []
    guess = ""
    while guess != secret and len(clues) < MAX_GUESSES:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = read_guess(word_set)
        clues.append((guess, check_word(secret, guess)))
        display_guesses(clues)
    print("Answer: " + secret)


if __name__ == "__main__":
    main()
