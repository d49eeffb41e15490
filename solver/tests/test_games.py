"""Reading games: clue lines, the kit's own transcripts, and bad input."""
import io
import sys

import pytest

import easy_wordle
import wordle
from solver.games import InputError, parse_games
from wordle import check_word


def transcript(module, secret, typed, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    module.play(secret)
    return capsys.readouterr().out


def clues_for(secret, guesses):
    return [(guess, check_word(secret, guess)) for guess in guesses]


def test_clue_lines_in_every_notation_and_several_games():
    text = ("# my games\nCRANE gy--g\nslate ..Y.G   # a comment\n\n\n"
            "TARES GGyxb\nPOINT \U0001F7E9\U0001F7E8\u2B1B\u2B1C\u2B1B\ufe0f\nNOISE g y - - g\n")
    games = parse_games(text)
    assert [(game.first_line, game.last_line) for game in games] == [(2, 3), (6, 8)]
    assert games[0].clues == [("CRANE", ["green", "yellow", "grey", "grey", "green"]),
                              ("SLATE", ["grey", "grey", "yellow", "grey", "green"])]
    assert games[1].clues[0][1] == ["green", "green", "yellow", "grey", "grey"]
    assert games[1].clues[1] == ("POINT", ["green", "yellow", "grey", "grey", "grey"])
    assert games[1].clues[2] == ("NOISE", ["green", "yellow", "grey", "grey", "green"])


def test_normal_game_transcript_as_the_game_prints_it(monkeypatch, capsys):
    screen = transcript(wordle, "LERED", "radio\ndruid\nlered\n", monkeypatch, capsys)
    [game] = parse_games(screen)
    assert game.clues == clues_for("LERED", ["RADIO", "DRUID", "LERED"])
    assert game.answer == "LERED"


def test_easy_game_transcript_with_typed_words_echoed(monkeypatch, capsys):
    screen = transcript(easy_wordle, "PERIS", "raise\nserif\nperis\n", monkeypatch, capsys)
    echoed = screen.replace("> ", "> typed\n")    # a terminal shows what was typed
    for text in (screen, echoed):
        [game] = parse_games(text)
        assert game.clues == clues_for("PERIS", ["RAISE", "SERIF", "PERIS"])


def test_lost_game_and_invalid_words_in_a_transcript(monkeypatch, capsys):
    typed = "cat\naeiou\nradio\nradio\nradio\nradio\nradio\nradio\n"
    screen = transcript(wordle, "LERED", typed, monkeypatch, capsys)
    [game] = parse_games(screen)
    assert game.clues == clues_for("LERED", ["RADIO"] * 6) and game.answer == "LERED"


def test_transcripts_and_clue_lines_side_by_side(monkeypatch, capsys):
    screen = transcript(wordle, "LERED", "radio\nlered\n", monkeypatch, capsys)
    bracketed = "[R:yellow][A:grey][D:yellow][I:grey][O:grey]\n"
    games = parse_games("CRANE gy--g\n\n" + screen + "\n" + bracketed)
    assert [len(game.clues) for game in games] == [1, 2, 1]
    assert games[2].clues == clues_for("LERED", ["RADIO"])


def problems(text):
    with pytest.raises(InputError) as error:
        parse_games(text)
    return error.value.problems


def test_every_bad_line_is_named_with_its_number():
    found = problems("CRANE gy--g\nCRANE gy--\nCRAN gy--g\nCRANE gyqqg\nhello\n\nCRANE gy--g extra\n")
    assert [problem.split(":")[0] for problem in found] == ["line 2", "line 3", "line 4", "line 5", "line 7"]
    assert "'gy--'" in found[0] and "not 5 letters" in found[1] and "'hello'" in found[3]


def test_bad_transcript_lines():
    tile = "\x1b[42;1m%s\x1b[0m"
    short = "".join(tile % letter for letter in "ABC")
    five = "".join(tile % letter for letter in "CRANE")
    other = "".join(tile % letter for letter in "SLATE")
    assert problems("Known:  _____\n" + short + "\n") == ["line 2: a history line must have 5 coloured letters"]
    assert problems("Known:  _____\nsomething odd here\n")[0].startswith("line 2: not a line of a wordle.py game")
    assert problems(five + "\nKnown:  CRANE\n" + other + "\n")[0].startswith("line 3: this history does not")


def test_no_games_at_all():
    assert "no games" in problems("\n\n# only a comment\n")[0]
    assert "no games" in problems("")[0]
