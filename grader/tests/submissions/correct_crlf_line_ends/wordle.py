# Wordle project - CSCI 1913
# I wrote this on my windows laptop so every line ends with \r\n (windows style)

import random
import display_utility
from words import words


# check_word makes the colors for a guess
def check_word(secret, guess):
    colors = []
    used = []   # True if that letter of the secret is already used up
    i = 0
    while i < 5:
        colors.append("grey")
        used.append(False)
        i = i + 1

    # first find the greens
    i = 0
    while i < 5:
        if guess[i] == secret[i]:
            colors[i] = "green"
            used[i] = True
        i = i + 1

    # now the yellows, going left to right
    i = 0
    while i < 5:
        if colors[i] != "green":
            j = 0
            found = False
            while j < 5 and found == False:
                if used[j] == False and secret[j] == guess[i]:
                    colors[i] = "yellow"
                    used[j] = True
                    found = True
                j = j + 1
        i = i + 1

    return colors


# known_word shows the green letters and _ for the rest
def known_word(clues):
    answer = ""
    i = 0
    while i < 5:
        letter = "_"
        for pair in clues:
            if pair[1][i] == "green":
                letter = pair[0][i]
        answer = answer + letter
        i = i + 1
    return answer


# no_letters gives the letters that are only ever grey
def no_letters(clues):
    answer = ""
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        guessed = False
        only_grey = True
        for pair in clues:
            guess = pair[0]
            clue = pair[1]
            i = 0
            while i < 5:
                if guess[i] == letter:
                    guessed = True
                    if clue[i] != "grey":
                        only_grey = False
                i = i + 1
        if guessed == True and only_grey == True:
            answer = answer + letter
    return answer


# yes_letters gives the letters that were green or yellow at least once
def yes_letters(clues):
    answer = ""
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        for pair in clues:
            guess = pair[0]
            clue = pair[1]
            i = 0
            while i < 5:
                if guess[i] == letter and clue[i] != "grey" and letter not in answer:
                    answer = answer + letter
                i = i + 1
    return answer


if __name__ == "__main__":
    secret = random.choice(words)
    secret = secret.upper()
    clues = []
    done = False

    while done == False:
        print("Known:  " + known_word(clues), end="\r\n")
        print("Green/Yellow Letters: " + yes_letters(clues), end="\r\n")
        print("Grey Letters: " + no_letters(clues), end="\r\n")

        # ask until the word is ok
        guess = input("> ")
        while len(guess) != 5 or guess not in words:
            if len(guess) != 5:
                print("Word must be 5 letters long", end="\r\n")
            else:
                print("Invalid word", end="\r\n")
            guess = input("> ")
        guess = guess.upper()

        clues.append((guess, check_word(secret, guess)))

        # print all the guesses with colors
        for pair in clues:
            i = 0
            while i < 5:
                if pair[1][i] == "green":
                    display_utility.green(pair[0][i])
                elif pair[1][i] == "yellow":
                    display_utility.yellow(pair[0][i])
                else:
                    display_utility.grey(pair[0][i])
                i = i + 1
            print(end="\r\n")

        if guess == secret or len(clues) == 6:
            done = True

    print("Answer: " + secret, end="\r\n")
