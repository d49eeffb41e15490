# CSCI 1913 Project 1: easy Wordle, standing on its own (check_word and the screen copied from wordle.py)
import random
from words import words
import display_utility


def check_word(secret, guess):
    result = ["grey", "grey", "grey", "grey", "grey"]
    used = [False, False, False, False, False]
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
            used[i] = True
    for i in range(5):
        if result[i] != "green":
            for j in range(5):
                if not used[j] and secret[j] == guess[i]:
                    result[i] = "yellow"
                    used[j] = True
                    break
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


def filter_word_list(words, clues):
    possible = []
    for word in words:
        fits = True
        for guess, clue in clues:
            if check_word(word.upper(), guess) != clue:
                fits = False
        if fits:
            possible.append(word)
    return possible


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    won = False
    while len(clues) < 6 and not won:
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        show_clues(clues)
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        for word in random.sample(possible, min(5, len(possible))):
            print(word)
        if guess == secret:
            won = True
    print("Answer: " + secret)
