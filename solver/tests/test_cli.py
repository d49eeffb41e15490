"""python -m solver from the outside: analyse, play and bench on a small word
list (the full list's table is the benchmark's business), and bad input
that ends with a message and exit status 2, never a traceback."""
import io
import json
import pathlib
import random
import subprocess
import sys

import pytest

from easy_wordle import filter_word_list
from solver import cli, live
from solver.cli import main
from solver.patterns import PatternTable
from solver.report import Printer
from solver.strategies import MinimaxStrategy
from wordle import check_word
from words import words

ROOT = pathlib.Path(__file__).resolve().parents[2]

SAMPLE = sorted(set(random.Random(5).sample(words, 400)) | {"crane", "lered", "radio", "druid", "slate"})


@pytest.fixture
def word_file(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(SAMPLE) + "\n")
    return str(path)


def run(args, stdin=""):
    """Run python -m solver; return (exit status, stdout, stderr)."""
    done = subprocess.run([sys.executable, "-m", "solver", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_analyse_json_agrees_with_filter_word_list(word_file):
    clues = [("RADIO", check_word("LERED", "RADIO"))]
    status, out, err = run(["--words", word_file, "--json", "--no-cache"], "RADIO y-y--\n\nRADIO y-y--\nLERED ggggg\n")
    assert status == 0, err
    first, second = json.loads(out)
    assert first["count"] == len(filter_word_list(SAMPLE, clues))
    assert first["possible"] == [word.upper() for word in filter_word_list(SAMPLE, clues)]
    assert first["next"]["guess"] in [word.upper() for word in SAMPLE]
    assert first["next"]["worst_left"] >= 1 and first["next"]["expected_left"] > 0
    usage = {row["letter"]: row["usage"] for row in first["grid"]["letters"]}
    assert [usage[letter] for letter in "RADIOZ"] == ["gold", "grey", "gold", "grey", "grey", "untested"]
    assert second["solved"] and second["solution"] == "LERED" and second["next"] is None


def test_analyse_text_from_a_file_with_a_transcript(word_file, tmp_path):
    tile = {"g": "\x1b[42;1m%s\x1b[0m", "y": "\x1b[43m%s\x1b[0m", "-": "\x1b[47m%s\x1b[0m"}
    history = "".join(tile[c] % letter for letter, c in zip("RADIO", "y-y--"))
    games = tmp_path / "games.txt"
    games.write_text("Known:  _____\nGreen/Yellow Letters: \nGrey Letters: \n> %s\n" % history)
    status, out, _ = run(["analyse", str(games), "--words", word_file, "--strategy", "minimax", "--color", "never"])
    assert status == 0
    assert "Game 1 (lines 1-4):" in out and "  RADIO  y-y--" in out
    assert "Letter  Usage     Allowed  Required  Least  Most" in out
    assert "Best next guess: " in out and "(minimax)" in out and "\x1b[" not in out


def code(secret, guess):
    """A clue as typed: g, y and -."""
    return "".join({"green": "g", "yellow": "y", "grey": "-"}[c] for c in check_word(secret, guess))


LERED_MOVES = ["CRANE " + code("LERED", "CRANE"), "RADIO " + code("LERED", "RADIO"),
               "DRUID " + code("LERED", "DRUID")]


def test_solution_once_certain(word_file):
    clues = [(guess, check_word("LERED", guess)) for guess in ("CRANE", "RADIO", "DRUID")]
    assert filter_word_list(SAMPLE, clues) == ["lered"]
    status, out, _ = run(["--words", word_file, "--color", "always"], "\n".join(LERED_MOVES) + "\n")
    assert status == 0 and "Solution: LERED" in out and "\x1b[43mR\x1b[0m" in out


@pytest.mark.parametrize("args, stdin, message", [
    ([], "CRANE gy-\nhello there\n", "line 1: the clue 'gy-'"),
    ([], "", "no games"),
    (["/no/such/file"], "", "cannot read /no/such/file"),
    (["--answers", "/no/such/list"], "CRANE gy--g\n", "cannot read the word list"),
    (["build-tree", "--hard-family", "12", "--hard-widths", "12,x"], "", "--hard-widths: numbers separated"),
    (["build-tree", "--widths", "12,0"], "", "--widths: each width must be at least 1"),
])
def test_bad_input_is_a_message_and_status_2(args, stdin, message, word_file):
    status, out, err = run(args + ["--words", word_file], stdin)
    assert status == 2 and message in err and "Traceback" not in err + out


def test_bad_word_lists(tmp_path, word_file):
    bad = tmp_path / "bad.txt"
    bad.write_text("crane\nslat\n")
    status, _, err = run(["--words", str(bad)], "CRANE gy--g\n")
    assert status == 2 and "line 2: 'slat' is not a five-letter word" in err
    outside = tmp_path / "outside.txt"
    outside.write_text("zzzzz\n")
    status, _, err = run(["--words", word_file, "--answers", str(outside)], "CRANE gy--g\n")
    assert status == 2 and "not allowed guesses (ZZZZZ)" in err
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe\x00junk")
    status, _, err = run([str(binary), "--words", word_file])
    assert status == 2 and "cannot read" in err and "Traceback" not in err


def test_play_follows_the_clues_and_ends_quietly_at_end_of_input(word_file):
    status, out, err = run(["play", "--words", word_file, "--strategy", "minimax"],
                           "\n".join(LERED_MOVES[:2] + ["nonsense"] + LERED_MOVES[2:]) + "\n")
    assert status == 0 and err == ""
    assert "type a clue like 'gy--g'" in out and "Solution: LERED" in out


def test_play_undo_new_and_ctrl_c(capsys):
    table = PatternTable.build(SAMPLE, cache_dir=False)
    typed = iter(["RADIO y-y--", "undo", LERED_MOVES[0], "grid", "new"])

    def read(prompt):
        for line in typed:
            return line
        raise KeyboardInterrupt

    answers = [word.upper() for word in SAMPLE]
    assert live.play(MinimaxStrategy(table, cache_dir=False), answers, Printer(False), read) == 0
    out = capsys.readouterr().out
    assert out.count("%d words possible" % len(answers)) == 3     # at the start, after undo, after new
    assert "  Z       untested" in out                                 # grid shows every letter


def test_build_tree_stopped_with_ctrl_c_says_how_to_go_on(monkeypatch, capsys):
    def interrupted(args):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "run_build_tree", interrupted)
    assert main(["build-tree", "--first", "LANTS"]) == 130
    assert "the same command goes on from there" in capsys.readouterr().err


def test_bench_reports_the_distribution(word_file):
    status, out, err = run(["bench", "--words", word_file, "--sample", "60", "--json"])
    assert status == 0, err
    minimax, strong = json.loads(out)
    for result in (minimax, strong):
        assert result["secrets"] == 60 and sum(result["distribution"].values()) == 60
        assert result["worst"] <= 6 and result["failures_over_6"] == 0
    status, out, _ = run(["bench", "--words", word_file, "--strategy", "strong", "--sample", "30"])
    assert status == 0 and out.startswith("strong over 30 secrets") and "need more than 6" in out


def test_main_runs_in_process(word_file, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("CRANE gy--g\n"))
    assert main(["--words", word_file, "--strategy", "minimax", "--color", "never"]) == 0
    assert "Game 1 (lines 1-1):" in capsys.readouterr().out


def test_a_reader_that_goes_away_ends_it_quietly(word_file):
    games = "SLATE -----\n\n" * 25                      # far more JSON than a pipe holds
    command = [sys.executable, "-m", "solver", "--words", word_file, "--json", "--strategy", "minimax"]
    child = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    child.stdin.write(games)
    child.stdin.close()
    child.stdout.read(10)
    child.stdout.close()
    assert child.wait(timeout=120) == 1
    assert child.stderr.read() == ""


def test_a_sample_plays_some_secrets_against_every_possible_one():
    from solver.bench import bench
    table = PatternTable.build([word.upper() for word in SAMPLE], cache_dir=False)
    everyone = list(range(len(SAMPLE)))
    full = bench(MinimaxStrategy(table, cache_dir=False), everyone)
    some = random.Random(3).sample(everyone, 40)
    sampled = bench(MinimaxStrategy(table, cache_dir=False), some, possible=everyone)
    by_secret = dict(zip(full.secrets.tolist(), full.guesses.tolist()))
    assert sampled.guesses.tolist() == [by_secret[secret] for secret in sampled.secrets.tolist()]


def test_bench_says_what_its_sample_was(word_file):
    status, out, err = run(["bench", "--words", word_file, "--strategy", "minimax", "--sample", "20"])
    assert status == 0, err
    assert out.startswith("minimax over 20 secrets (a sample of 20 of the %d secrets of %s "
                          "(seed 1913), each game against all %d)" % (len(SAMPLE), word_file, len(SAMPLE)))


def test_json_goes_to_a_file_as_well_as_the_text(word_file, tmp_path):
    target = tmp_path / "analyses.json"
    status, out, err = run(["--words", word_file, "--no-cache", "--json", str(target)], "RADIO y-y--\n")
    assert status == 0, err
    assert "Game 1" in out and json.loads(target.read_text())[0]["count"]
    status, out, err = run(["--json", str(tmp_path / "games.txt")], "RADIO y-y--\n")
    assert status == 2 and "a JSON file's name ends in .json" in err and out == ""


@pytest.mark.parametrize("args", [["/nonexistent.txt"], ["--words", "/nonexistent.txt"]])
def test_a_missing_file_is_named_without_an_errno(args):
    status, out, err = run(args, "RADIO y-y--\n")
    assert status == 2
    assert err.strip().endswith("/nonexistent.txt: No such file or directory") and "Errno" not in err


def without_module(name):
    """python -c code that makes `import name` fail, as on a machine without it."""
    return "import sys; sys.modules[%r] = None; " % name


def test_without_numpy_it_says_what_to_install_before_reading_anything():
    done = subprocess.run([sys.executable, "-c", without_module("numpy") +
                           "from solver.cli import main; sys.exit(main(['/nonexistent.txt']))"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "the solver needs NumPy" in done.stderr and "pip install numpy" in done.stderr


@pytest.mark.parametrize("no_color, coloured", [("", True), ("1", False)])
def test_an_empty_no_color_is_unset(monkeypatch, no_color, coloured):
    from solver import cli
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert cli.use_colour("auto") is coloured
