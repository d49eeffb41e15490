"""possible_words must return exactly what the reference's filter_word_list returns."""
import random

import pytest

from grader import reference
from grader.checks.possible_words import possible_words

WORDS = reference.load().words


def reference_filter(words, guess, clue):
    return reference.load().easy_wordle.filter_word_list(list(words), [(guess, list(clue))])


def test_the_whole_list_filtered_by_real_clues_is_the_reference_s():
    rng = random.Random(1913)
    pairs = [(rng.choice(WORDS), rng.choice(WORDS)) for _ in range(60)]
    pairs += [("lered", "radio"), ("sheds", "issue"), ("rover", "error"), ("xviii", "iiixx"),
              ("peris", "raise"), ("bumps", "yelps")]
    for secret, guess in pairs:
        clue = reference.load().wordle.check_word(secret.upper(), guess.upper())
        assert possible_words(guess.upper(), clue) == reference_filter(WORDS, guess.upper(), clue)


def test_parts_of_the_list_keep_their_order_and_clues_no_word_gives_match_nothing():
    rng = random.Random(2025)
    colours = ("green", "yellow", "grey")
    for _ in range(200):
        part = [word for word in WORDS if rng.random() < 0.05]
        guess = rng.choice(WORDS).upper()
        secret = rng.choice(part)
        clue = (reference.load().wordle.check_word(secret.upper(), guess) if rng.random() < 0.7
                else [rng.choice(colours) for _ in range(5)])
        assert possible_words(guess, clue, part) == reference_filter(part, guess, clue)


@pytest.mark.parametrize("guess, clue", [
    ("raise", ["grey", "grey", "grey", "grey", "grey"]),      # lower case: nothing is green
    ("RAISE", ["GREEN", "grey", "grey", "grey", "grey"]),
    ("RAIS", ["grey", "grey", "grey", "grey"]),
    ("RAISE", ["grey", "grey", "grey", "grey"]),
    ("\u0130NANE", ["grey", "green", "green", "green", "green"]),   # "İ".lower() is two letters
    ("\u212aNOBS", ["green", "green", "green", "green", "green"]),  # the Kelvin sign
    ("RAISE", [["grey"], "grey", "grey", "grey", "grey"]),
])
def test_unusual_guesses_and_clues_get_the_reference_s_answer(guess, clue):
    part = ["aaaaa", "raise", "bbbbb", "zzzzz", "inane", "knobs"]
    assert possible_words(guess, clue, part) == reference_filter(part, guess, clue)


def test_a_word_outside_the_word_list_is_still_judged():
    part = ["xqzjv", "lered", "qqqqq"]
    clue = ["grey"] * 5
    assert "xqzjv" not in WORDS
    assert possible_words("RADIO", clue, part) == reference_filter(part, "RADIO", clue) == [
        "xqzjv", "qqqqq"]
