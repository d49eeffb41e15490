# CSCI 1913 Project 1: Wordle (check_word loops forever when the secret has a letter three
# times and its first and last copies are taken before the middle one: GEESE against EERIE;
# written from the spec alone, every other function right)
import random
import display_utility
from words import words


def check_word(secret, guess):
    result = ["grey", "grey", "grey", "grey", "grey"]
    used = [False, False, False, False, False]
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
            used[i] = True
    for i in range(5):
        if result[i] == "green":
            continue
        letter = guess[i]
        # how many copies of this letter in the secret are still not used
        left = 0
        for j in range(5):
            if secret[j] == letter and not used[j]:
                left += 1
        if left > 0:
            result[i] = "yellow"
            # now use up one copy: start at the first copy of the letter,
            # and if that one is taken go to the other copy (double letters)
            j = secret.find(letter)
            while used[j]:
                if j == secret.find(letter):
                    j = secret.rfind(letter)
                else:
                    j = secret.find(letter)
            used[j] = True
    return result


def known_word(clues):
    known = ["_", "_", "_", "_", "_"]
    for clue in clues:
        guess = clue[0]
        colors = clue[1]
        for i in range(5):
            if colors[i] == "green":
                known[i] = guess[i]
    result = ""
    for letter in known:
        result = result + letter
    return result


def yes_letters(clues):
    letters = []
    for guess, colors in clues:
        for i in range(5):
            if colors[i] != "grey" and guess[i] not in letters:
                letters.append(guess[i])
    letters.sort()
    return "".join(letters)


def no_letters(clues):
    in_word = yes_letters(clues)
    letters = []
    for guess, colors in clues:
        for i in range(5):
            if colors[i] == "grey" and guess[i] not in in_word and guess[i] not in letters:
                letters.append(guess[i])
    letters.sort()
    return "".join(letters)


def print_guess(guess, colors):
    for i in range(5):
        if colors[i] == "green":
            display_utility.green(guess[i])
        elif colors[i] == "yellow":
            display_utility.yellow(guess[i])
        else:
            display_utility.grey(guess[i])
    print()


def get_guess():
    guess = input("> ").lower()
    while len(guess) != 5 or guess not in words:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ").lower()
    return guess.upper()


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        for old_guess, colors in clues:
            print_guess(old_guess, colors)
        if guess == secret:
            break
    print("Answer: " + secret)
