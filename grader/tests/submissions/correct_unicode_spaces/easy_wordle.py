# The labels were copied from the handout's PDF, which gave no-break spaces.
import random
from words import words
from wordle import check_word, show, ask


def filter_word_list(words, clues):
    return [w for w in words if all(check_word(w.upper(), g) == c for g, c in clues)]


if __name__ == "__main__":
    secret = random.choice(words).upper()
    clues = []
    for turn in range(6):
        guess = ask()
        clues.append((guess, check_word(secret, guess)))
        show(clues)
        left = filter_word_list(words, clues)
        print(len(left), "words possible:")
        left = left[:]
        random.shuffle(left)
        print("\n".join(left[:5]))
        if guess == secret:
            break
    print("Answer: " + secret)
