"""CSCI 1913 Project 1 - Easy Wordle."""
import random
from words import words
from wordle import check_word, read_guess, print_clues


def filter_word_list(words, clues):
    """Return a new list of the words that would have produced every clue in clues."""
    result = []
    for word in words:
        upper = word.upper()
        matches = True
        for guess, clue in clues:
            if check_word(upper, guess) != clue:
                matches = False
                break
        if matches:
            result.append(word)
    return result


if __name__ == "__main__":
    secret = random.choice(words).upper()
    history = []
    while len(history) < 6:
        guess = read_guess()
        history.append((guess, check_word(secret, guess)))
        print_clues(history)
        possible = filter_word_list(words, history)
        print(f"{len(possible)} words possible:")
        shuffled = possible.copy()
        random.shuffle(shuffled)
        for word in shuffled[:5]:
            print(word)
        if guess == secret:
            break
    print("Answer: " + secret)
