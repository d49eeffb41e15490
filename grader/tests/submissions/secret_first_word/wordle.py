import random
import display_utility
from words import words

# Project 1 wordle
# name: (student)


def check_word(secret, guess):
    answer = ["grey", "grey", "grey", "grey", "grey"]
    secret_letters = list(secret)
    # greens
    i = 0
    while i < 5:
        if guess[i] == secret[i]:
            answer[i] = "green"
            secret_letters[i] = "*"
        i = i + 1
    # yellows
    i = 0
    while i < 5:
        if answer[i] != "green":
            j = 0
            found = False
            while j < 5 and found == False:
                if secret_letters[j] == guess[i]:
                    answer[i] = "yellow"
                    secret_letters[j] = "*"
                    found = True
                j = j + 1
        i = i + 1
    return answer


def known_word(clues):
    word = "_____"
    for pair in clues:
        guess = pair[0]
        clue = pair[1]
        new_word = ""
        i = 0
        while i < 5:
            if clue[i] == "green":
                new_word = new_word + guess[i]
            else:
                new_word = new_word + word[i]
            i = i + 1
        word = new_word
    return word


def yes_letters(clues):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    result = ""
    for letter in alphabet:
        for pair in clues:
            i = 0
            while i < 5:
                if pair[0][i] == letter and pair[1][i] != "grey":
                    if letter not in result:
                        result = result + letter
                i = i + 1
    return result


def no_letters(clues):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    result = ""
    for letter in alphabet:
        seen_grey = False
        seen_color = False
        for pair in clues:
            i = 0
            while i < 5:
                if pair[0][i] == letter:
                    if pair[1][i] == "grey":
                        seen_grey = True
                    else:
                        seen_color = True
                i = i + 1
        if seen_grey == True and seen_color == False:
            result = result + letter
    return result


if __name__ == "__main__":
    secret = words[0].upper()
    clues = []
    guesses_left = 6
    game_over = False
    while game_over == False:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        valid = False
        while valid == False:
            guess = input("> ")
            if len(guess) != 5:
                print("Word must be 5 letters long")
            elif guess not in words:
                print("Invalid word")
            else:
                valid = True
        guess = guess.upper()
        clues.append((guess, check_word(secret, guess)))
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
            print()
        guesses_left = guesses_left - 1
        if guess == secret or guesses_left == 0:
            game_over = True
    print("Answer: " + secret)
