"""Easy Wordle, CSCI 1913 (right, but its filter sleeps 0.01 s a word: about 150 s on the
whole list while using almost no CPU time)."""
import random
import time
import wordle
from words import words


def filter_word_list(words, clues):
    possible = []
    for word in words:
        time.sleep(0.01)
        if all(wordle.check_word(word.upper(), guess) == clue for guess, clue in clues):
            possible.append(word)
    return possible


def main():
    secret = random.choice(words).upper()
    clues = []
    while len(clues) < 6:
        guess = wordle.ask_for_guess()
        clues.append((guess, wordle.check_word(secret, guess)))
        wordle.print_guesses(clues)
        possible = filter_word_list(words, clues)
        print(len(possible), "words possible:")
        shuffled = possible[:]
        random.shuffle(shuffled)
        for word in shuffled[:5]:
            print(word)
        if guess == secret:
            break
    print("Answer:", secret)


if __name__ == '__main__':
    main()
