# seed_len_sample: seeds random with len(possible) before each sample (fixed value per list, varies per turn)
import random
import display_utility
from words import words


def check_word(secret, guess):
    result = ["grey", "grey", "grey", "grey", "grey"]
    leftover = []
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
        else:
            leftover.append(secret[i])
    for i in range(5):
        if result[i] != "green" and guess[i] in leftover:
            result[i] = "yellow"
            leftover.remove(guess[i])
    return result


def known_word(clues):
    known = "_____"
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                known = known[:i] + guess[i] + known[i + 1:]
    return known


def yes_letters(clues):
    letters = ""
    for guess, clue in clues:
        for i in range(5):
            if clue[i] != "grey" and guess[i] not in letters:
                letters = letters + guess[i]
    return "".join(sorted(letters))


def no_letters(clues):
    yes = yes_letters(clues)
    letters = ""
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "grey" and guess[i] not in yes and guess[i] not in letters:
                letters += guess[i]
    return "".join(sorted(letters))


def show_guesses(clues):
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
        guess = input("> ")
        if len(guess) != 5:
            print("Word must be 5 letters long")
        elif guess.lower() not in words:
            print("Invalid word")
        else:
            return guess.upper()


def main():
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        show_guesses(clues)
        if guess == secret:
            break
    print("Answer: " + secret)


if __name__ == "__main__":
    main()
