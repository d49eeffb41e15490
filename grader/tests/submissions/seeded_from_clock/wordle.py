# CSCI 1913 - Project 1 - Wordle
import random
import time
import display_utility
from words import words

GREEN = "green"
YELLOW = "yellow"
GREY = "grey"


def check_word(secret, guess):
    # pass 1 - greens; remember the secret letters that are still free
    result = []
    free = ""
    for s, g in zip(secret, guess):
        if s == g:
            result.append(GREEN)
        else:
            result.append(GREY)
            free += s
    # pass 2 - yellows from left to right, using up free letters
    for i in range(5):
        if result[i] == GREY and guess[i] in free:
            result[i] = YELLOW
            free = free.replace(guess[i], "", 1)
    return result


def known_word(clues):
    known = "_____"
    for guess, clue in clues:
        known = "".join(guess[i] if clue[i] == GREEN else known[i] for i in range(5))
    return known


def letters_of(guess, clue, colours):
    return [guess[i] for i in range(5) if clue[i] in colours]


def no_letters(clues):
    result = set()
    for guess, clue in clues:
        hinted = letters_of(guess, clue, (GREEN, YELLOW))
        result.update(x for x in letters_of(guess, clue, (GREY,)) if x not in hinted)
    return "".join(sorted(result))


def yes_letters(clues):
    result = set()
    for guess, clue in clues:
        result.update(letters_of(guess, clue, (GREEN, YELLOW)))
    return "".join(sorted(result))


def print_guesses(clues):
    painters = {GREEN: display_utility.green,
                YELLOW: display_utility.yellow,
                GREY: display_utility.grey}
    for guess, clue in clues:
        for i in range(5):
            painters[clue[i]](guess[i])
        print()


def take_guess():
    while True:
        text = input("> ")
        if len(text) != 5:
            print("Word must be 5 letters long")
        elif text not in words:
            print("Invalid word")
        else:
            return text.upper()


if __name__ == "__main__":
    random.seed(int(time.time()))  # a new game every second
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = take_guess()
        clues.append((guess, check_word(secret, guess)))
        print_guesses(clues)
        if guess == secret:
            break
    print("Answer: " + secret)
