"""The two games' screens, byte for byte, driven through standard input."""
import io
import os
import signal
import subprocess
import sys
import time

import easy_wordle
import wordle
from .conftest import ROOT
from wordle import check_word
from words import words

PAINT = {"g": "\033[42;1m", "y": "\033[43m", "-": "\033[47m"}


def tiles(word, code):
    """A guess as the game prints it: one coloured letter at a time."""
    return "".join(PAINT[c] + letter + "\033[0m" for letter, c in zip(word, code)) + "\n"


def play(module, secret, typed, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    module.play(secret)
    return capsys.readouterr().out


def test_normal_game_screen_matches_the_course_exactly(monkeypatch, capsys):
    out = play(wordle, "LERED", "radio\ndruid\nlered\n", monkeypatch, capsys)
    radio, druid, lered = tiles("RADIO", "y-y--"), tiles("DRUID", "-y--g"), tiles("LERED", "ggggg")
    assert out == (
        "Known:  _____\nGreen/Yellow Letters: \nGrey Letters: \n> " + radio
        + "Known:  _____\nGreen/Yellow Letters: DR\nGrey Letters: AIO\n> " + radio + druid
        + "Known:  ____D\nGreen/Yellow Letters: DR\nGrey Letters: AIOU\n> " + radio + druid + lered
        + "Answer: LERED\n")


def test_invalid_input_reprompts_and_costs_no_guess(monkeypatch, capsys):
    typed = "aeiou\naaaaa\ndarnit\nbanana\ncat\nrobot\nbeees\nroads\nROTOR\n"
    out = play(wordle, "ROTOR", typed, monkeypatch, capsys)
    robot, roads = tiles("ROBOT", "gg-gy"), tiles("ROADS", "gg---")
    assert out == (
        "Known:  _____\nGreen/Yellow Letters: \nGrey Letters: \n"
        "> Invalid word\n> Invalid word\n> Word must be 5 letters long\n"
        "> Word must be 5 letters long\n> Word must be 5 letters long\n> " + robot
        + "Known:  RO_O_\nGreen/Yellow Letters: ORT\nGrey Letters: B\n> Invalid word\n> " + robot + roads
        + "Known:  RO_O_\nGreen/Yellow Letters: ORT\nGrey Letters: ABDS\n> " + robot + roads
        + tiles("ROTOR", "ggggg") + "Answer: ROTOR\n")


def test_a_loss_ends_after_six_guesses_like_a_win(monkeypatch, capsys):
    guesses = ["radio", "druid", "crane", "slate", "bumps", "fight", "never"]
    out = play(wordle, "LERED", "\n".join(guesses) + "\n", monkeypatch, capsys)
    assert out.count("> ") == 6
    assert out.endswith(tiles("FIGHT", "-----") + "Answer: LERED\n")
    assert "NEVER" not in out


def test_upper_and_mixed_case_guesses_are_accepted(monkeypatch, capsys):
    out = play(wordle, "LERED", "RaDiO\nLERED\n", monkeypatch, capsys)
    assert tiles("RADIO", "y-y--") in out and out.endswith("Answer: LERED\n")


def test_easy_game_screen(monkeypatch, capsys):
    out = play(easy_wordle, "PERIS", "raise\nserif\nmeris\nperis\n", monkeypatch, capsys)
    lines = out.split("\n")
    assert lines[0] == "> " + tiles("RAISE", "y-yyy").rstrip("\n")
    assert lines[1] == "39 words possible:"
    sample = lines[2:7]
    clues = [("RAISE", check_word("PERIS", "RAISE"))]
    assert len(set(sample)) == 5 and set(sample) <= set(easy_wordle.filter_word_list(words, clues))
    assert lines[7] == "> " + tiles("RAISE", "y-yyy").rstrip("\n")
    assert lines[9:12] in (["2 words possible:", "meris", "peris"], ["2 words possible:", "peris", "meris"])
    assert out.endswith(
        tiles("PERIS", "ggggg") + "1 words possible:\nperis\nAnswer: PERIS\n")
    assert "Known" not in out


def test_easy_game_samples_are_random_but_never_repeat(monkeypatch, capsys):
    samples = set()
    for seed in range(5):
        easy_wordle.random.seed(seed)
        out = play(easy_wordle, "PERIS", "raise\nperis\n", monkeypatch, capsys)
        sample = out.split("\n")[2:7]
        assert len(set(sample)) == 5
        samples.add(tuple(sample))
    assert len(samples) > 1


def run_program(name, typed, seed=None):
    code = "import random, runpy; random.seed(%r); runpy.run_path(%r, run_name='__main__')" % (
        seed, str(ROOT / name))
    return subprocess.run([sys.executable, "-c", code], input=typed, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_programs_pick_a_random_secret_from_the_word_list():
    answers = set()
    for seed in range(3):
        result = run_program("wordle.py", "crane\n" * 6, seed)
        answer = result.stdout.rsplit("Answer: ", 1)[1].strip()
        assert answer.lower() in words
        answers.add(answer)
    assert len(answers) > 1


def test_end_of_input_ends_both_games_quietly():
    for name in ("wordle.py", "easy_wordle.py"):
        result = run_program(name, "crane\n")
        assert result.returncode == 0
        assert result.stderr == ""
        assert "Answer" not in result.stdout


def test_ctrl_c_ends_the_game_quietly():
    process = subprocess.Popen([sys.executable, "wordle.py"], cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()  # at the prompt: input() flushes what was printed
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert "Traceback" not in err and err == ""
    assert (first + out).startswith("Known:  _____\n")


def test_importing_the_modules_does_not_start_a_game():
    code = "import wordle, easy_wordle"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
