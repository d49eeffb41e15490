"""The reference filter_word_list."""
from easy_wordle import filter_word_list
from wordle import check_word
from words import words


def clue_list(secret, guesses):
    return [(guess, check_word(secret, guess)) for guess in guesses]


def test_official_cases_on_the_full_list():
    assert len(filter_word_list(words, clue_list("PERIS", ["RAISE"]))) == 39
    assert {"peris", "meris", "siver", "icers"} <= set(filter_word_list(words, clue_list("PERIS", ["RAISE"])))
    assert filter_word_list(words, clue_list("PERIS", ["RAISE", "SERIF"])) == ["peris", "meris"]
    assert filter_word_list(words, clue_list("PERIS", ["RAISE", "SERIF", "MERIS"])) == ["peris"]
    assert len(filter_word_list(words, clue_list("AUNTS", ["TUNES"]))) == 11
    assert filter_word_list(words, clue_list("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY"])) == ["aunts"]
    assert filter_word_list(words, clue_list("BUMPS", ["YELPS", "ZUMBA", "YELPS"])) == ["bumps"]
    assert filter_word_list(words, clue_list("LERED", ["RADIO", "DRUID"])) == [
        "gyred", "cered", "mered", "spred", "shred", "sered", "sherd", "lered", "tyred"]
    assert filter_word_list(words, clue_list("ELBOW", ["BOOKS", "ELECT"])) == ["elbow"]
    assert set(filter_word_list(words, clue_list("ELBOW", ["BEBOP"]))) == {
        "elbow", "embox", "syboe", "embow", "embog"}


def test_every_kept_word_gives_every_clue_and_no_possible_word_is_dropped():
    clues = clue_list("CRANE", ["SLATE", "BEEPS"])
    kept = filter_word_list(words, clues)
    for word in words:
        gives_all = all(check_word(word.upper(), guess) == clue for guess, clue in clues)
        assert (word in kept) == gives_all, word


def test_foreign_list_keeps_case_and_order_and_needs_no_real_words():
    own = ["aaaaa", "bbbbb", "ccccc", "ddddd"]
    assert filter_word_list(own, [("APPLE", ["green", "grey", "grey", "grey", "grey"])]) == ["aaaaa"]
    mixed = ["Qeris", "zzzzz", "PERIS", "meris"]
    assert filter_word_list(mixed, clue_list("PERIS", ["RAISE", "SERIF"])) == ["Qeris", "PERIS", "meris"]


def test_no_clues_gives_a_new_equal_list_and_arguments_are_untouched():
    own = ["rossa", "jetty", "wizzo"]
    clues = []
    result = filter_word_list(own, clues)
    assert result == own and result is not own
    clues = clue_list("PERIS", ["RAISE"])
    clues_before = [(g, list(c)) for g, c in clues]
    words_before = list(words)
    filter_word_list(words, clues)
    assert clues == clues_before and words == words_before
