"""atari.compare: the original WORDLE colour rule against wordle.check_word."""

from collections import Counter

import pytest

from atari import compare
from atari.listings.dictionary import wordle_words

G, Y, X = compare.GREEN, compare.YELLOW, compare.GREY


@pytest.mark.parametrize("secret, guess, expected", [
    ("NINJA", "NINJA", [G, G, G, G, G]),
    ("NINJA", "NNNNN", [G, Y, G, Y, Y]),      # every N yellow or green: no counting of repeats
    ("EMCEE", "EEEEE", [G, Y, Y, G, G]),
    ("HELLO", "LLAMA", [Y, Y, X, X, X]),
    ("ABACK", "ZZZZZ", [X, X, X, X, X]),      # not a word, and the Atari does not mind
])
def test_atari_clue_is_green_in_place_yellow_anywhere(secret, guess, expected):
    assert compare.atari_clue(secret, guess) == expected


def test_repeated_letters_are_where_the_rules_part():
    check_word = compare.python_check_word()
    assert check_word("NINJA", "NNNNN") == [G, X, G, X, X]
    assert check_word("EMCEE", "EEEEE") == [G, X, X, G, G]
    assert check_word("HELLO", "LLAMA") == compare.atari_clue("HELLO", "LLAMA")


def test_over_the_dictionary_the_atari_only_adds_yellows_on_repeated_letters():
    words = wordle_words()
    report = compare.compare_rules(words, compare.python_check_word())
    assert report["pairs"] == 46 * 46
    assert set(report["kinds"]) == {(Y, X)}
    assert sum(report["positions"].values()) == report["kinds"][(Y, X)]
    differing = {(secret, guess) for secret, guess, _, _ in report["differing_pairs"]}
    assert ("NINJA", "ABACK") in differing and ("NINJA", "NINJA") not in differing
    for secret, guess, atari, python in report["differing_pairs"]:
        repeated = [letter for letter, count in Counter(guess).items() if count > 1 and letter in secret]
        assert repeated, (secret, guess)
        assert all(guess[i] in repeated for i in range(5) if atari[i] != python[i])


def test_identical_rules_report_no_difference():
    report = compare.compare_rules(["NINJA", "ABACK"], compare.atari_clue)
    assert report["differing_pairs"] == [] and report["pairs"] == 4


def test_command_line_report_and_help(capsys):
    assert compare.main(["--examples", "2"]) == 0
    out = capsys.readouterr().out
    assert "2116 secret x guess pairs" in out and "Atari yellow, Python grey" in out
    assert out.count("  secret ") == 2
    with pytest.raises(SystemExit) as leaving:
        compare.main(["--help"])
    assert leaving.value.code == 0 and "--replay" in capsys.readouterr().out


@pytest.mark.parametrize("arguments, message", [
    (["--replay", "CRANE", "NINJA"], "not one of WORDLE's 46 words"),
    (["--replay", "NINJA", "NIN"], "five letters"),
    (["--replay", "NINJA", "NINJA", "ABACK"], "wins the game"),
    (["--replay", "NINJA"] + ["ABACK"] * 7, "1 to 6 guesses"),
])
def test_replay_refuses_bad_input_with_a_message(arguments, message, capsys):
    assert compare.main(arguments) == 2
    assert message in capsys.readouterr().err


def test_replay_script_reaches_words_beyond_the_first_34():
    words = wordle_words()
    keys, rnd = compare.replay_script(words, "NIECE", ["OCEAN"])
    assert keys == "NINJAOCEAN"
    assert int(rnd[0] * 34) == 0 and int(rnd[1] * 46) == 45
    keys, rnd = compare.replay_script(words, "EMCEE", ["EMBED"])
    assert keys == "EMBED" and int(rnd[0] * 34) == 17


def test_replay_shows_the_atari_tiles_next_to_both_rules(capsys):
    """A word from beyond the first 34 (game two), with a guess where the rules part."""
    assert compare.main(["--replay", "NIECE", "OCEAN", "NNNNN"]) == 0
    out = capsys.readouterr().out
    assert "secret NIECE (word 46 of 46)" in out
    assert "OCEAN  Atari screen - Y G - Y" in out
    assert "NNNNN  Atari screen G Y Y Y Y" in out and "Python differs" in out


def test_replay_reports_a_screen_that_breaks_the_original_rule(monkeypatch, capsys):
    monkeypatch.setattr(compare, "atari_clue", compare.python_check_word())
    assert compare.main(["--replay", "NIECE", "NNNNN"]) == 1
    assert "do not follow the original rule" in capsys.readouterr().err


def test_replay_of_a_win_reports_the_winning_guess_from_the_rules(capsys):
    assert compare.main(["--replay", "EMCEE", "EEEEE", "EMCEE"]) == 0
    out = capsys.readouterr().out
    assert "EEEEE  Atari screen G Y Y G G" in out and "EMCEE  (ends the game" in out
