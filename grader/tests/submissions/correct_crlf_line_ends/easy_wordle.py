# Easy Wordle - CSCI 1913
# also written on windows, lines end with \r\n

import random
import display_utility
from words import words
from wordle import check_word


# filter_word_list keeps the words that give the same clues as we got
def filter_word_list(words, clues):
    good_words = []
    for word in words:
        ok = True
        for pair in clues:
            if check_word(word.upper(), pair[0]) != pair[1]:
                ok = False
        if ok == True:
            good_words.append(word)
    return good_words


if __name__ == "__main__":
    secret = random.choice(words)
    secret = secret.upper()
    clues = []
    done = False

    while done == False:
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

        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:", end="\r\n")
        # shuffle a copy and print the first 5 (or less)
        mixed = list(possible)
        random.shuffle(mixed)
        i = 0
        while i < 5 and i < len(mixed):
            print(mixed[i], end="\r\n")
            i = i + 1

        if guess == secret or len(clues) == 6:
            done = True

    print("Answer: " + secret, end="\r\n")
