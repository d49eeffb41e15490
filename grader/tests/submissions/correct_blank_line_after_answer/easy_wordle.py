# Project 1 - Easy Wordle (CSCI 1913)
import random
from words import words
from wordle import check_word, color_line, valid_guess


def filter_word_list(words, clues):
    still_possible = []
    for word in words:
        keep = True
        for guess, clue in clues:
            # pretend word is the secret: would it give the same clue?
            if check_word(word.upper(), guess) != clue:
                keep = False
        if keep:
            still_possible.append(word)
    return still_possible


if __name__ == "__main__":
    answer = random.choice(words).upper()
    clues = []
    for round_num in range(6):
        guess = valid_guess()
        clues.append((guess, check_word(answer, guess)))
        for g, c in clues:
            color_line(g, c)
        possible = filter_word_list(words, clues)
        print(len(possible), "words possible:")
        random.shuffle(possible)  # possible is our own new list, ok to shuffle
        for word in possible[:5]:
            print(word)
        if guess == answer:
            break
    print("Answer: " + answer)
    print()  # blank line so the terminal prompt isn't right under the answer
