"""WORDLE.LST played through the whole kit (`python -m atari run --keys --rnd --dump`).

The secret is forced with --rnd: line 3 draws word INT(RND(0)*N) with N=34 in the first game.
Tiles are read from screen memory: bits 7-6 of a character's internal code pick its colour
register, and line 0 made 709 yellow, 710 green and 711 grey.
"""

import pytest

from atari.listings import listing_path
from atari.listings.dictionary import wordle_words
from atari.listings.scripted_run import rnd_choosing, run_scripted

REGISTER_OF = {"green": 2, "yellow": 1, "grey": 3}
EMPTY_TILE = 0xC0  # ATASCII 0x80 (inverse heart) as stored in GRAPHICS 2: grey register, blank glyph
GUESS_ROWS = range(3, 9)
TILE_COLUMNS = range(7, 12)


def original_rule(secret, guess):
    """The colours the seed describes: green in place, yellow anywhere in the word, else grey."""
    return ["green" if guess[i] == secret[i] else "yellow" if guess[i] in secret else "grey" for i in range(5)]


def tile(dump, row, column):
    """(letter, colour register number 0..3) of one screen cell."""
    code = dump["screen"][row][column]
    return chr((code & 0x3F) + 0x20), code >> 6


def row_tiles(dump, row):
    return [tile(dump, row, column) for column in TILE_COLUMNS]


def play(secret_index, keys, later_rnd=()):
    return run_scripted("WORDLE", keys=keys, rnd=[rnd_choosing(secret_index, 34), *later_rnd])


def test_guesses_are_coloured_by_the_original_rule():
    words = wordle_words()
    secret = "EMCEE"
    guesses = ["LEVEL", "DANCE", "EEEEE"]
    dump = play(words.index(secret), "".join(guesses))
    assert dump["mode"] in (2, 18)
    for row, guess in zip(GUESS_ROWS, guesses):
        expected = [(letter, REGISTER_OF[colour]) for letter, colour in zip(guess, original_rule(secret, guess))]
        assert row_tiles(dump, row) == expected, guess
    for row in GUESS_ROWS[len(guesses):]:
        assert [dump["screen"][row][column] for column in TILE_COLUMNS] == [EMPTY_TILE] * 5


def test_repeated_letters_show_where_the_original_differs_from_real_wordle():
    """EMCEE / EEEEE: the Atari paints the two middle Es yellow; wordle.check_word greys them."""
    from atari.compare.retold import python_check_word

    dump = play(wordle_words().index("EMCEE"), "EEEEE")
    registers = [register for _, register in row_tiles(dump, 3)]
    assert registers == [REGISTER_OF[colour] for colour in ["green", "yellow", "yellow", "green", "green"]]
    assert python_check_word()("EMCEE", "EEEEE") == ["green", "grey", "grey", "green", "green"]


def test_keys_other_than_letters_leave_a_grey_box_and_do_not_advance():
    words = wordle_words()
    dump = play(words.index("NINJA"), "N1I?")
    assert row_tiles(dump, 3)[:2] == [("N", 3), ("I", 3)]    # typed, not yet judged: grey
    assert dump["screen"][3][9] == EMPTY_TILE and dump["variables"]["C"] == 8


def test_the_secret_is_the_forced_word():
    words = wordle_words()
    for index in (0, 17, 33):
        dump = play(index, "")
        secret_codes = dump["variables"]["W$"][:5]
        assert "".join(chr(code - 225 + 65) for code in secret_codes) == words[index]


def test_a_win_shows_the_secret_grows_the_dictionary_and_starts_game_two():
    words = wordle_words()
    dump = play(0, "NINJA", later_rnd=[rnd_choosing(45, 46)])
    assert [letter for letter, _ in row_tiles(dump, 1)] == list("NINJA")
    variables = dump["variables"]
    assert variables["N"] == 46 and len(variables["Q$"]) == 93
    assert "".join(chr(code - 225 + 65) for code in variables["W$"][:5]) == words[45] == "NIECE"
    for row in GUESS_ROWS:   # the new game cleared the board
        assert [dump["screen"][row][column] for column in TILE_COLUMNS] == [EMPTY_TILE] * 5


def test_six_misses_lose_and_show_the_secret():
    words = wordle_words()
    dump = play(words.index("ABACK"), "ZZZZZ" * 5 + "ABACA", later_rnd=[rnd_choosing(1, 46)])
    assert [letter for letter, _ in row_tiles(dump, 1)] == list("ABACK")
    assert dump["variables"]["N"] == 46


@pytest.mark.parametrize("secret, guess", [("HELLO", "LLAMA"), ("LABEL", "BELLE")])
def test_more_repeated_letter_guesses(secret, guess):
    words = wordle_words()
    dump = play(words.index(secret), guess)
    assert [register for _, register in row_tiles(dump, 3)] == [REGISTER_OF[c] for c in original_rule(secret, guess)]


@pytest.mark.parametrize("suffix", [".BAS", ".LST.TXT"])
def test_saved_and_lf_versions_play_the_same_game(suffix):
    rnd = [rnd_choosing(17, 34)]
    expected = run_scripted("WORDLE", keys="LEVELEEEEE", rnd=rnd)
    assert run_scripted(str(listing_path("WORDLE", suffix)), keys="LEVELEEEEE", rnd=rnd) == expected
