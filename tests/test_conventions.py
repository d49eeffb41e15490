"""One set of conventions across the kit's four tools (docs/conventions.md): every command's
--help, the shared options, the table of commands, and the small promises the manual (the
README and docs/) makes about the reference files."""
import argparse
import json
import re
import subprocess
import sys

import pytest

import command_line

from .conftest import ROOT

MANUAL = "\n".join(path.read_text(encoding="utf-8")
                   for path in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")))
CONVENTIONS = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")


def parsers():
    """{the table's command name: its argparse parser}, every command and subcommand."""
    from atari.cli import build_parser as atari_parser
    from grader.staff.cli import parser as grader_parser
    from solver.cli import build_parser as solver_parser

    found = {}

    def walk(prefix, parser):
        subcommands = [action for action in parser._actions
                       if isinstance(action, argparse._SubParsersAction)]
        if not subcommands:
            found[prefix] = parser
            return
        seen = set()
        for name, sub in subcommands[0].choices.items():
            if id(sub) not in seen:   # an alias (batch, analyze) is the same parser
                seen.add(id(sub))
                walk("%s %s" % (prefix, name), sub)

    walk("python -m grader", grader_parser())
    walk("python -m solver", solver_parser())
    walk("python -m atari", atari_parser())
    return found


def table_rows():
    """{command: its row's text} from the table of commands (docs/conventions.md)."""
    rows = {}
    for line in CONVENTIONS.splitlines():
        match = re.match(r"\| `(python[^`]*)`[^|]*\| (.*) \|$", line)
        if match:
            rows[match.group(1).replace(" [analyse]", " analyse")] = match.group(2)
    return rows


def options(parser):
    return [action for action in parser._actions
            if action.option_strings and not isinstance(action, argparse._HelpAction)]


HELP_COMMANDS = [["test_wordle_funcs.py"]] + [
    ["-m"] + command.split()[2:] for command in [
        "python -m grader", "python -m solver", "python -m atari", "python -m atari compare",
        "python -m atari.compare"]]


@pytest.mark.parametrize("command", HELP_COMMANDS + [
    ["-m"] + name.split()[2:] for name in sorted(parsers())], ids=" ".join)
def test_help_prints_the_usage_and_does_nothing_else(command, tmp_path):
    """From an empty folder: no command may grade, run a program or test anything."""
    script = [str(ROOT / command[0])] if command[0].endswith(".py") else command
    done = subprocess.run([sys.executable] + script + ["--help"], cwd=tmp_path,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and done.stderr == ""
    assert list(tmp_path.iterdir()) == []


def test_the_table_lists_every_command_and_each_of_its_options():
    rows = table_rows()
    commands = parsers()
    assert set(commands) - {"python -m grader batch"} <= set(rows)
    assert "python test_wordle_funcs.py" in rows
    for name, parser in commands.items():
        row = rows[name]
        for action in options(parser):
            assert any(re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(option), row)
                       for option in action.option_strings), (name, action.option_strings)


def test_shared_options_mean_the_same_everywhere():
    for name, parser in parsers().items():
        for action in options(parser):
            if "--color" in action.option_strings:
                assert list(action.choices) == ["auto", "always", "never"], name
                assert action.default == "auto", name
            if "--json" in action.option_strings:
                assert action.nargs == "?" and action.const == "-", name
                with pytest.raises(argparse.ArgumentTypeError):
                    action.type("games.txt")
                assert action.type("out.JSON") == "out.JSON" and action.type("-") == "-"
            if "-o" in action.option_strings:
                assert action.option_strings[:2] == ["-o", "--output"], name
            assert "--out" not in action.option_strings or "-o" in action.option_strings, name


@pytest.mark.parametrize("name", ["wordle.py", "easy_wordle.py", "display_utility.py"])
def test_the_reference_files_keep_pycodestyles_defaults(name):
    """A student who keeps the given docstrings gets no style finding for them (E501 at 80)."""
    pycodestyle = pytest.importorskip("pycodestyle")
    report = pycodestyle.StyleGuide(quiet=True).check_files([str(ROOT / name)])
    assert report.total_errors == 0


def test_the_default_rubric_points_to_its_format():
    about = json.loads((ROOT / "grader" / "results" / "rubric.json").read_text())["about"]
    path = re.search(r"Format: (\S+)\.$", about).group(1)
    assert (ROOT / path).is_file()


def test_the_manual_lists_every_benchmark_with_its_command():
    listed = set(re.findall(r"^    python benchmarks/(\w+\.py)", MANUAL, re.MULTILINE))
    assert listed == {path.name for path in (ROOT / "benchmarks").glob("*.py")}


def test_the_manual_says_how_deep_submissions_are_looked_for():
    from grader import submission
    assert submission.MAX_DEPTH == 2 and "up to two folders down" in MANUAL


def test_no_guess_the_grader_types_has_spaces_around_it():
    """The manual's promise: stripping spaces around a guess, or not, costs nothing."""
    from grader.checks import transcripts
    from grader.checks.transcripts import scripts
    for number in range(10):
        seeds = transcripts.Seeds(number)
        for program in transcripts.PROGRAMS:
            for line in (scripts.loss_script(program, seeds) + scripts.second_script(program, seeds)
                         + scripts.win_script(program, "CRANE", seeds)):
                assert line == line.strip()


@pytest.mark.parametrize("module, alias", [("grader", "batch"), ("solver", "analyze")])
def test_an_alias_is_shown_beside_its_command_not_as_another(module, alias):
    done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.count(alias) == 1 and "(%s)" % alias in done.stdout


def into_a_closed_pipe(arguments, cwd):
    """Run python with arguments, its standard output a pipe whose reader has gone."""
    import os
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable] + arguments, cwd=cwd, stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=240,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    finally:
        os.close(writer)
    return done.returncode, done.stderr


@pytest.mark.parametrize("arguments", [
    ["-m", "grader", "tests"], ["-m", "atari", "list", "wordle"],
    ["-m", "solver", "games.txt", "--words", "list.txt", "--no-cache"],
    ["test_wordle_funcs.py"]], ids=" ".join)
def test_output_closed_early_is_status_1_and_no_message(arguments, tmp_path):
    for name in ("wordle.py", "easy_wordle.py", "words.py", "display_utility.py",
                 "test_wordle_funcs.py"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    (tmp_path / "games.txt").write_text("CRANE gy--g\n")
    (tmp_path / "list.txt").write_text("crane\ngrace\nglaze\nslate\n")
    assert into_a_closed_pipe(arguments, tmp_path) == (1, "")


def top_parser(name):
    from atari.cli import build_parser as atari_parser
    from grader.staff.cli import parser as grader_parser
    from solver.cli import build_parser as solver_parser
    return {"grader": grader_parser, "solver": solver_parser, "atari": atari_parser}[
        name.split()[2]]()


@pytest.mark.parametrize("name", sorted(parsers()))
def test_a_usage_error_shows_the_usage_of_its_own_command(name, capsys):
    """`grader grade PATH --sed 4` says what grade takes, not what the grader's commands are."""
    from command_line import parse_arguments
    with pytest.raises(SystemExit) as stopped:
        parse_arguments(top_parser(name), name.split()[3:] + ["PATH", "--no-such-option"])
    error = capsys.readouterr().err
    assert stopped.value.code == 2
    assert error.startswith("usage: %s " % name) and "\n%s: error: " % name in error, error


@pytest.mark.parametrize("argv0, name", [
    ("/home/ta/.venv/bin/wordle-grader", "wordle-grader"),
    ("wordle-grader.EXE", "wordle-grader"),
    ("/kit/grader/__main__.py", "python -m grader"),
    ("/home/ta/.venv/bin/wordle-solver", "python -m grader"),   # another tool's command
    ("", "python -m grader")])
def test_usage_and_hints_name_the_command_the_user_typed(monkeypatch, argv0, name):
    monkeypatch.setattr(sys, "argv", [argv0])
    assert command_line.program_name("grader") == name
