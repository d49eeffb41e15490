"""Time the reference solution: check_word per call, and one easy-mode turn
(filter_word_list over the full word list) with 1 and with 6 clues.

Target: an easy-mode turn with 6 clues under 100 ms.

    python benchmarks/reference_speed.py
"""
import pathlib
import random
import sys
import timeit

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from easy_wordle import filter_word_list  # noqa: E402
from wordle import check_word  # noqa: E402
from words import words  # noqa: E402


def best_of(statement, repeat, number):
    """Best time of one run of statement, in seconds."""
    return min(timeit.repeat(statement, repeat=repeat, number=number)) / number


def clues_for(secret, guesses):
    return [(guess, check_word(secret, guess)) for guess in guesses]


def main():
    rng = random.Random(1913)
    pairs = [(rng.choice(words).upper(), rng.choice(words).upper()) for _ in range(10000)]
    per_call = best_of(lambda: [check_word(s, g) for s, g in pairs], 5, 1) / len(pairs)
    print("check_word: %.2f microseconds per call" % (per_call * 1e6))

    one_clue = clues_for("PERIS", ["RAISE"])
    # Six guesses whose clues all still fit the secret, the slowest realistic turn.
    six_clues = clues_for("LERED", ["RADIO", "DRUID", "CERED", "MERED", "SERED", "TYRED"])
    for label, clues in (("1 clue", one_clue), ("6 clues", six_clues)):
        seconds = best_of(lambda: filter_word_list(words, clues), 5, 3)
        verdict = "ok" if seconds < 0.1 else "OVER the 100 ms target"
        print("easy-mode turn, %s: %.1f ms  (%d word(s) left; target < 100 ms: %s)"
              % (label, seconds * 1000, len(filter_word_list(words, clues)), verdict))


if __name__ == "__main__":
    main()
