"""The pattern table gives check_word's clue for every pair, and its cache
is found again, ignored when the list changes, and survives damage."""
import random

import numpy as np

from solver import cache
from solver.patterns import ALL_GREEN, PatternTable, compute_clues, decode_clue, encode_clue
from wordle import check_word
from words import words


def test_every_clue_is_check_words_including_repeated_letters():
    rng = random.Random(7)
    repeats = [word for word in words if len(set(word)) < 4]
    guesses = rng.sample(words, 60) + rng.sample(repeats, 60) + ["eerie", "geese", "speed", "added"]
    secrets = rng.sample(words, 60) + rng.sample(repeats, 60) + ["lered", "abide", "eerie"]
    table = compute_clues(guesses, secrets)
    for g, guess in enumerate(guesses):
        for s, secret in enumerate(secrets):
            assert decode_clue(int(table[g, s])) == check_word(secret.upper(), guess.upper()), (guess, secret)


def test_clue_numbers():
    assert encode_clue(["green"] * 5) == ALL_GREEN
    assert encode_clue(["yellow", "grey", "grey", "grey", "grey"]) == 1
    for number in range(ALL_GREEN + 1):
        assert encode_clue(decode_clue(number)) == number


def test_the_table_is_cached_and_a_changed_list_gets_its_own(tmp_path):
    some = words[:300]
    first = PatternTable.build(some, cache_dir=tmp_path, cache_min_words=0)
    [stored] = list(tmp_path.glob("patterns-*.npy"))
    again = PatternTable.build(some, cache_dir=tmp_path, cache_min_words=0)
    assert np.array_equal(first.by_secret, again.by_secret)
    assert first.clue(first.index["ROSSA"], first.index["JETTY"]) == encode_clue(check_word("JETTY", "ROSSA"))
    changed = PatternTable.build(some[:-1] + ["zymic"], cache_dir=tmp_path, cache_min_words=0)
    assert len(list(tmp_path.glob("patterns-*.npy"))) == 2
    assert changed.index["ZYMIC"] == 299
    stored.write_bytes(b"not a table")          # a damaged file is computed again
    repaired = PatternTable.build(some, cache_dir=tmp_path, cache_min_words=0)
    assert np.array_equal(repaired.by_secret, first.by_secret)


def test_an_unwritable_cache_only_costs_time(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder should be")
    table = PatternTable.build(words[:50], cache_dir=blocked / "cache", cache_min_words=0)
    assert table.by_secret.shape == (50, 50)


def test_fingerprints_differ_with_order_and_content():
    assert cache.fingerprint(["A", "B"]) != cache.fingerprint(["B", "A"])
    assert cache.fingerprint(["A", "B"]) == cache.fingerprint(["A", "B"])
