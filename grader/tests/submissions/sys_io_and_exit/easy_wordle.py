# a correct submission: secret from a shuffled copy, samples by shuffling, f-strings,
# quit() when the game is over
from wordle import *
import wordle
import random
import words


def filter_word_list(words, clues):
    out = []
    for w in words:
        if all(check_word(w.upper(), g) == c for g, c in clues):
            out.append(w)
    return out


def main():
    pool = list(words.words)
    random.shuffle(pool)
    secret = pool[0].upper()
    clues = []
    for turn in range(6):
        while True:
            guess = input("> ")
            if len(guess) != 5:
                print("Word must be 5 letters long")
                continue
            if guess.lower() not in words.words:
                print("Invalid word")
                continue
            break
        guess = guess.upper()
        clues.append((guess, check_word(secret, guess)))
        for g, c in clues:
            wordle.show(g, c)
        possible = filter_word_list(words.words, clues)
        print(f"{len(possible)} words possible:")
        picks = possible[:]
        random.shuffle(picks)
        for w in picks[:5]:
            print(w)
        if guess == secret:
            break
    print(f"Answer: {secret}")
    quit()


if __name__ == "__main__":
    main()
