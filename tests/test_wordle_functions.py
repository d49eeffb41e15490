"""The reference wordle.py functions against the assignment's examples and
against an independent statement of the clue rule."""
import random
from collections import Counter

import pytest

from wordle import check_word, known_word, no_letters, yes_letters
from words import words

CODES = {"g": "green", "y": "yellow", "-": "grey"}


def colours(code):
    return [CODES[c] for c in code]


@pytest.mark.parametrize("secret, guess, code", [
    # the assignment and the official tester
    ("LERED", "RADIO", "y-y--"), ("LERED", "DRUID", "-y--g"), ("LERED", "LERED", "ggggg"),
    ("PERIS", "RAISE", "y-yyy"), ("OPENS", "EPICS", "yg--g"), ("MISTS", "MISTY", "gggg-"),
    ("ELUDE", "LEDGE", "yyy-g"), ("CRANE", "BEEPS", "-y---"), ("ROBOT", "REORG", "g-y--"),
    ("BOOKS", "SHOES", "--g-g"), ("OCTAL", "BOOKS", "-y---"), ("OUTGO", "BOOKS", "-yy--"),
    # repeated letters real submissions get wrong
    ("STEDS", "ISSUE", "-yy-y"), ("ISSUE", "STEDS", "y-y-y"), ("ROVER", "ERROR", "yy-yg"),
    ("XVIII", "IIIXV", "yygyy"), ("EERIE", "EEEEE", "gg--g"), ("SASSY", "SISSY", "g-ggg"),
    ("ABBEY", "BABES", "yygg-"), ("SPEED", "ERASE", "y--yy"),
])
def test_check_word_examples(secret, guess, code):
    assert check_word(secret, guess) == colours(code)


def counting_rule(secret, guess):
    """The clue rule stated by counting: a letter gets as many green and
    yellow marks as the secret has copies of it, greens first, then yellows
    from the left."""
    clue = ["grey"] * 5
    left = Counter(s for s, g in zip(secret, guess) if s != g)
    for i, (s, g) in enumerate(zip(secret, guess)):
        if s == g:
            clue[i] = "green"
    for i, g in enumerate(guess):
        if clue[i] == "grey" and left[g] > 0:
            clue[i] = "yellow"
            left[g] -= 1
    return clue


def test_check_word_agrees_with_counting_rule_on_random_pairs():
    rng = random.Random(1913)
    for _ in range(20000):
        secret = rng.choice(words).upper()
        guess = rng.choice(words).upper()
        assert check_word(secret, guess) == counting_rule(secret, guess), (secret, guess)


def test_check_word_returns_a_new_list_of_str_and_leaves_inputs_alone():
    first = check_word("CRANE", "BEEPS")
    second = check_word("CRANE", "BEEPS")
    assert type(first) is list and all(type(c) is str for c in first)
    first[0] = "green"
    assert second == colours("-y---")


def clue_list(secret, guesses):
    return [(guess, check_word(secret, guess)) for guess in guesses]


@pytest.mark.parametrize("secret, guesses, expected", [
    ("LERED", [], "_____"), ("LERED", ["RADIO"], "_____"), ("LERED", ["RADIO", "DRUID"], "____D"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "LERED"), ("AUNTS", ["TUNES"], "_UN_S"),
    ("AUNTS", ["TUNES", "ALPHA"], "AUN_S"), ("AUNTS", ["TUNES", "ALPHA", "MONTH"], "AUNTS"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"], "AUNTS"),
])
def test_known_word(secret, guesses, expected):
    assert known_word(clue_list(secret, guesses)) == expected


@pytest.mark.parametrize("secret, guesses, expected", [
    ("LERED", [], ""), ("LERED", ["RADIO"], "AIO"), ("LERED", ["RADIO", "DRUID"], "AIOU"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "AIOU"), ("BUMPS", ["YELPS"], "ELY"),
    ("BUMPS", ["YELPS", "ZUMBA"], "AELYZ"), ("BUMPS", ["YELPS", "ZUMBA", "YELPS"], "AELYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS"], "AEKLOYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO"], "AEHIKLOYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO", "SOCKS"], "ACEHIKLOYZ"),
    ("OASIS", ["BOOKS"], "BK"), ("ROBOT", ["ROBOT"], ""),
    # a grey O before the green one: O is still in the word
    ("PROXY", ["BOOKS"], "BKS"), ("OTTER", ["BOOKS"], "BKS"),
])
def test_no_letters(secret, guesses, expected):
    assert no_letters(clue_list(secret, guesses)) == expected


@pytest.mark.parametrize("secret, guesses, expected", [
    ("LERED", [], ""), ("LERED", ["RADIO"], "DR"), ("LERED", ["RADIO", "DRUID"], "DR"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "DELR"), ("ELBOW", ["BOOKS"], "BO"),
    ("ELBOW", ["BOOKS", "ELECT"], "BELO"), ("ELBOW", ["BEBOP"], "BEO"),
])
def test_yes_letters(secret, guesses, expected):
    assert yes_letters(clue_list(secret, guesses)) == expected


def test_letter_functions_return_plain_str_and_leave_clues_alone():
    clues = clue_list("BUMPS", ["YELPS", "ZUMBA", "HIPPO"])
    before = [(guess, list(clue)) for guess, clue in clues]
    for function in (known_word, no_letters, yes_letters):
        assert type(function(clues)) is str
    assert clues == before
