"""Easy Wordle (CSCI 1913, Project 1)."""
import random
from words import words
from wordle import check_word, display_guesses, read_guess, MAX_GUESSES


def matches_all(word, clues):
    """True if word, used as the secret, would give every clue in clues."""
    for guess, colors in clues:
        if check_word(word.upper(), guess) != colors:
            return False
    return True


def filter_word_list(words, clues):
    """Return a new list of the words that could be the secret."""
    result = []
    for word in words:
        if matches_all(word, clues):
            result.append(word)
    return result


def show_possible(possible):
    """Print the count and up to five random possible words."""
    print(str(len(possible)) + " words possible:")
    for word in random.sample(possible, min(5, len(possible))):
        print(word)


def main():
    word_set = set(words)
    secret = random.choice(words).upper()
    clues = []
    guess = ""
    while guess != secret and len(clues) < MAX_GUESSES:
        guess = read_guess(word_set)
        clues.append((guess, check_word(secret, guess)))
        display_guesses(clues)
        show_possible(filter_word_list(words, clues))
    print("Answer: " + secret)


if __name__ == "__main__":
    main()
