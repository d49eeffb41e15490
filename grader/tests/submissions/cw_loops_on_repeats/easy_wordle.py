# CSCI 1913 Project 1: easy Wordle
import random
from words import words
from wordle import show_clues, get_guess


def clue_for(secret, guess):
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


def filter_word_list(words, clues):
    possible = []
    for word in words:
        fits = True
        for guess, clue in clues:
            if clue_for(word.upper(), guess) != clue:
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
        clues.append((guess, clue_for(secret, guess)))
        show_clues(clues)
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        for word in random.sample(possible, min(5, len(possible))):
            print(word)
        if guess == secret:
            won = True
    print("Answer: " + secret)
