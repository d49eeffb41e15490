"""python -m atari compare wordle: WORDLE.LST's own screens against wordle.check_word."""

import json
import subprocess
import sys
from collections import Counter

import pytest
from PIL import Image

from atari.cli import main
from atari.compare import wordle_compare
from atari.compare.retold import GREEN as G, GREY as X, YELLOW as Y, atari_clue, python_check_word
from atari.compare.wordle_play import (ROWS_PER_GAME, Game, SessionError, WordleSession,
                                       plan_games, replay_games)
from atari.listings import load_listing
from atari.listings.dictionary import wordle_words
from atari.listings.scripted_run import rnd_choosing
from atari.machine.palette import color_rgb

WORDS = wordle_words()


@pytest.fixture(scope="module")
def dictionary_comparison():
    """All 46 x 46 pairs of the dictionary, played in WORDLE.LST (about two seconds)."""
    return wordle_compare.run_comparison(WORDS, examples=5)


def test_all_dictionary_pairs_are_played_and_467_differ(dictionary_comparison):
    figures, differing, rows = dictionary_comparison
    assert figures["pairs_played"] == 46 * 46
    assert {(row.secret, row.guess) for row in rows} == {(s, g) for s in WORDS for g in WORDS}
    assert figures["pairs_differing"] == 467
    kind, = figures["tiles_differing_by_kind"]
    assert (kind["atari"], kind["check_word"], kind["tiles"]) == (Y, X, 500)
    assert sum(kind["by_position"].values()) == 500 and list(kind["by_position"]) == ["1", "2", "3", "4", "5"]


def test_every_difference_is_a_letter_repeated_beyond_the_secret(dictionary_comparison):
    figures, differing, _ = dictionary_comparison
    assert figures["differing_tiles_on_a_letter_the_guess_repeats_beyond_the_secret"] == 500
    for row, python in differing:
        for letter, atari, ours in zip(row.guess, row.colours, python):
            if atari != ours:
                assert Counter(row.guess)[letter] > Counter(row.secret)[letter], (row.secret, row.guess)


def test_the_retold_rule_matches_every_screen(dictionary_comparison):
    figures, _, rows = dictionary_comparison
    assert figures["pairs_where_the_retold_rule_matches_the_screen"] == len(rows)


def test_first_game_draws_from_34_words_and_later_games_from_46(dictionary_comparison):
    figures, _, _ = dictionary_comparison
    assert figures["first_game_words"] == WORDS[:34]
    assert figures["later_game_only_words"] == WORDS[34:]
    assert figures["never_shown_words"] == []
    assert figures["non_word_probe"] == {"guess": "ZZZZZ", "rows": 46 * 6, "coloured_grey": 46 * 6}


def test_report_names_the_figures_and_the_rules(dictionary_comparison):
    text = "\n".join(wordle_compare.report_lines(dictionary_comparison[0]))
    assert "46 secrets x 46 guesses = 2,116 pairs" in text and "Pairs that differ: 467 (22.1%)" in text
    assert "Atari yellow, check_word grey: 500 tiles" in text
    assert "words 1-34 (NINJA..CABAL) came up in a first game" in text
    assert "words 35-46 (LIMBO..NIECE) only in later games" in text


@pytest.mark.parametrize("secret, guess, expected", [
    ("NINJA", "NNNNN", [G, Y, G, Y, Y]),      # every N yellow or green: no counting of repeats
    ("EMCEE", "EEEEE", [G, Y, Y, G, G]),
    ("ABACK", "ZZZZZ", [X, X, X, X, X]),      # not a word, and the Atari does not mind
])
def test_retold_rule_examples(secret, guess, expected):
    assert atari_clue(secret, guess) == expected


@pytest.mark.parametrize("guesses", [WORDS[:13], WORDS[1:13], WORDS[1:7], [WORDS[0]]])
def test_plan_games_plays_each_guess_once_in_games_that_end(guesses):
    secret = WORDS[0]
    games = plan_games(WORDS, secret, guesses)
    played = [guess for game in games for guess, counted in zip(game.guesses, game.counted) if counted]
    assert sorted(played) == sorted(guesses)
    for game in games:
        assert len(game.guesses) == ROWS_PER_GAME or game.guesses[-1] == secret
        assert secret not in game.guesses[:-1]


def test_a_session_notices_a_secret_other_than_the_planned_one():
    wrong = Game(rnd_choosing(0, 34), ("ABACK",) * 6, (True,) * 6, secret="KEBAB")
    with pytest.raises(SessionError, match="showed the secret 'NINJA' where 'KEBAB' was planned"):
        WordleSession(load_listing("WORDLE")).play([wrong])


def test_replay_reaches_a_later_word_after_a_first_game():
    games = replay_games(WORDS, "NIECE", ["OCEAN", "NNNNN"])
    assert games[0].secret == "NINJA" and games[0].counted == (False,)
    rows = WordleSession(load_listing("WORDLE")).play(games)
    assert [(row.guess, row.colours) for row in rows] == [("OCEAN", (X, Y, G, X, Y)), ("NNNNN", (G, Y, Y, Y, Y))]
    assert python_check_word()("NIECE", "NNNNN") == [G, X, X, X, X]


def test_command_with_a_guess_file_writes_json_and_png(tmp_path, capsys):
    guess_file = tmp_path / "guesses.txt"
    guess_file.write_text("# two guesses\nnnnnn\n\nEMCEE\nnnnnn\n")
    json_path, png_path = tmp_path / "out.json", tmp_path / "rows.png"
    assert main(["compare", "wordle", "--guesses", str(guess_file), "--examples", "2",
                 "--json", str(json_path), "--png", str(png_path)]) == 0
    out = capsys.readouterr().out
    assert "46 secrets x 2 guesses = 92 pairs" in out
    assert "NINJA NNNNN  N:G N:Y N:G N:Y N:Y  |  N:G N:- N:G N:- N:-" in out
    figures = json.loads(json_path.read_text())
    assert figures["pairs_played"] == 92 and figures["guesses"] == 2
    assert figures["examples"][0] == {"secret": "NINJA", "guess": "NNNNN", "atari": [G, Y, G, Y, Y],
                                      "check_word": [G, X, G, X, X]}
    with Image.open(png_path) as image:
        assert image.size[1] > image.size[0] / 4


@pytest.mark.parametrize("content, message", [
    ("NINJA\nNIN\n", "line 2: 'NIN' is not five letters A-Z"),
    ("# nothing\n", "holds no guesses"),
    (b"\xff\xfe\x00", "not a text file"),
])
def test_unusable_guess_files_exit_2_with_a_message(tmp_path, capsys, content, message):
    path = tmp_path / "guesses.txt"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert main(["compare", "wordle", "--guesses", str(path)]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("arguments, message", [
    (["--guesses", "/no/such/file"], "cannot read /no/such/file"),
    (["--json", "/no/such/folder/out.json"], "cannot write /no/such/folder/out.json"),
    (["--replay", "CRANE", "NINJA"], "not one of WORDLE's 46 words"),
    (["--replay", "NINJA", "NIN"], "five letters"),
    (["--replay", "NINJA", "NINJA", "ABACK"], "wins the game"),
    (["--replay", "NINJA"] + ["ABACK"] * 7, "1 to 6 guesses"),
    (["--replay", "NINJA", "ABACK", "--json", "/no/such/folder/x.json"], "cannot write /no/such/folder/x.json"),
])
def test_bad_options_exit_2_with_a_message(capsys, arguments, message):
    assert main(["compare", "wordle"] + arguments) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("arguments", [["--repeated", "-1"], ["--repeated", "x"], ["--guesses", "a", "--repeated", "3"]])
def test_bad_option_values_are_usage_errors(capsys, arguments):
    with pytest.raises(SystemExit) as leaving:
        main(["compare", "wordle"] + arguments)
    assert leaving.value.code == 2 and "usage:" in capsys.readouterr().err


def test_replay_command_shows_the_rows(capsys):
    assert main(["compare", "wordle", "--replay", "EMCEE", "EEEEE", "EMCEE"]) == 0
    out = capsys.readouterr().out
    assert "secret EMCEE (word 18 of 46)" in out
    assert "EEEEE  E:G E:Y E:Y E:G E:G  |  E:G E:- E:- E:G E:G  differs" in out
    assert "EMCEE  E:G M:G C:G E:G E:G  |  E:G M:G C:G E:G E:G  same" in out


def test_python_m_atari_compare_is_an_alias():
    finished = subprocess.run([sys.executable, "-m", "atari.compare", "--replay", "NINJA", "NNNNN"],
                              capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr
    assert "NNNNN  N:G N:Y N:G N:Y N:Y" in finished.stdout


def test_on_a_colour_terminal_rows_are_drawn_as_the_atari_colours_them(monkeypatch, capsys):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["compare", "wordle", "--replay", "NINJA", "NNNNN"]) == 0
    row = capsys.readouterr().out.splitlines()[1]
    yellow, grey = ("48;2;%d;%d;%d" % color_rgb(value) for value in (0xEC, 0x0A))  # 709, 711
    atari, python = row.split("\x1b[0m")[:2]
    assert yellow in atari and grey not in atari   # N: green, yellow, green, yellow, yellow
    assert yellow not in python and grey in python


def test_replay_draws_its_rows_as_a_png_and_writes_them_as_json(tmp_path, capsys):
    png_path, json_path = tmp_path / "game.png", tmp_path / "game.json"
    assert main(["compare", "wordle", "--replay", "EMCEE", "LEVEL", "EEEEE",
                 "--png", str(png_path), "--json", str(json_path)]) == 0
    assert "EEEEE  E:G E:Y E:Y E:G E:G  |  E:G E:- E:- E:G E:G  differs" in capsys.readouterr().out
    assert json.loads(json_path.read_text())["rows"][1] == {
        "guess": "EEEEE", "atari": [G, Y, Y, G, G], "check_word": [G, X, X, G, G], "same": False}
    with Image.open(png_path) as image:
        assert image.size[1] > image.size[0] / 8


def test_json_with_no_file_is_printed_instead_of_the_text(capsys):
    assert main(["compare", "wordle", "--replay", "NINJA", "NNNNN", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"][0]["guess"] == "NNNNN"


@pytest.mark.parametrize("setting, no_color, coloured", [
    ("auto", "", True), ("auto", "1", False), ("never", "", False), ("always", "1", True)])
def test_color_option_and_no_color(monkeypatch, capsys, setting, no_color, coloured):
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["compare", "wordle", "--replay", "NINJA", "NNNNN", "--color", setting]) == 0
    assert ("\x1b[" in capsys.readouterr().out) is coloured
