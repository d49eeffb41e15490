# CSCI 1913 Project 1: Easy Wordle
import random
from words import words
from wordle import check_word, print_guess, get_guess


def filter_word_list(words, clues):
    possible = []
    for word in words:
        ok = True
        for guess, clue in clues:
            if check_word(word.upper(), guess) != clue:
                ok = False
                break
        if ok:
            possible.append(word)
    # take out repeated words so the easy game never shows the same word twice
    seen = {}
    i = 0
    while i < len(possible):
        word = possible[i]
        if word in seen:
            possible[:i] + possible[i + 1:]  # take the repeat out
        else:
            seen[word] = True
            i += 1
    return possible


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        guess = get_guess()
        clues.append((guess, check_word(secret, guess)))
        for old_guess, colors in clues:
            print_guess(old_guess, colors)
        possible = filter_word_list(words, clues)
        print(str(len(possible)) + " words possible:")
        shown = possible[:]
        random.shuffle(shown)
        for word in shown[:5]:
            print(word)
        if guess == secret:
            break
    print("Answer: " + secret)
