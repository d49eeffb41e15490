import random
import display_utility
from words import words
from wordle import check_word

# Project 1 easy wordle


def filter_word_list(words, clues):
    new_list = []
    for word in words:
        keep = True
        for pair in clues:
            if check_word(word.upper(), pair[0]) != pair[1]:
                keep = False
        if keep == True:
            new_list.append(word)
    return new_list


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    guesses_left = 6
    game_over = False
    while game_over == False:
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
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        if len(possible) <= 5:
            for word in possible:
                print(word)
        else:
            random.shuffle(possible)
            i = 0
            while i < 5:
                print(possible[i])
                i = i + 1
        guesses_left = guesses_left - 1
        if guess == secret or guesses_left == 0:
            game_over = True
    print("Answer: " + secret)
