"""Every command the manual shows (README.md and docs/*.md: its indented command lines) is
one today's kit takes, so none goes stale: each tool's line is parsed by that tool's own
parser (a removed option, a renamed command, a bad choice or a misnamed output fails), each
benchmark's options are its script's, the files named are the kit's, and the quick ones are
run for real."""
import re
import shlex
import subprocess
import sys

import pytest

from .conftest import ROOT
from .test_conventions import top_parser

PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
STARTS = ("python", "python3", "wordle-grader", "wordle-solver", "wordle-atari", "printf",
          "docker", ".")
TOOLS = {"wordle-grader": "grader", "wordle-solver": "solver", "wordle-atari": "atari"}
OTHER_MODULES = {"venv", "pip", "pytest"}      # the install and test line's
QUICK = {("grader", "tests"), ("atari", "list")}   # run for real: a second or less


def command_lines():
    """(page name, line) for every indented command line of the manual."""
    found = []
    for page in PAGES:
        for line in page.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^    (?:\$ )?(\S.*)$", line)
            if match and match.group(1).split()[0] in STARTS:
                found.append((page.name, match.group(1)))
    return found


def commands(line):
    """The line's commands (split at |, && and ;), each a list of words, brackets of optional
    parts taken off, comments left out."""
    words = shlex.split(line, comments=True)
    found, current = [], []
    for word in words + ["|"]:
        if word in ("|", "&&", ";"):
            if current:
                found.append(current)
            current = []
        else:
            current.append(word.strip("[]"))
    return found


def tool_and_arguments(command):
    """('grader', [arguments]) for a command of the kit's tools, else None."""
    if command[0] in TOOLS:
        return TOOLS[command[0]], command[1:]
    if command[0] in ("python", "python3") and command[1:2] == ["-m"] \
            and command[2] in ("grader", "solver", "atari"):
        return command[2], command[3:]
    return None


def arguments_for_the_parser(tool, arguments):
    if tool == "solver":   # as solver.cli.main: a line without a command is analyse's
        from solver.cli import COMMANDS
        if not arguments or arguments[0] not in COMMANDS + ("-h", "--help"):
            return ["analyse"] + arguments
    return arguments


LINES = command_lines()


def test_the_manual_shows_commands_of_every_tool():
    tools = {found[0] for _, line in LINES for command in commands(line)
             if (found := tool_and_arguments(command))}
    assert tools == {"grader", "solver", "atari"} and len(LINES) > 40


@pytest.mark.parametrize("page, line", LINES, ids=["%s: %s" % item for item in LINES])
def test_a_command_of_the_manual_is_one_the_kit_takes(page, line, capsys):
    from command_line import parse_arguments
    for command in commands(line):
        tool = tool_and_arguments(command)
        if tool is not None:
            name, arguments = tool
            try:
                parse_arguments(top_parser("python -m " + name),
                                arguments_for_the_parser(name, arguments))
            except SystemExit:
                pytest.fail("%s: %s" % (line, capsys.readouterr().err.strip().splitlines()[-1]))
        elif command[0].split("/")[-1] in ("python", "python3"):    # a venv's python too
            check_python_command(command)
        else:
            assert command[0] in ("printf", "docker", ".", "less"), line


def check_python_command(command):
    """A script of the kit (its options in its source), one of its flat modules, or the
    install and test line's venv, pip and pytest."""
    if command[1] == "-m":
        module = command[2]
        assert module in OTHER_MODULES or (ROOT / (module + ".py")).is_file(), command
        if command[2:4] == ["pip", "install"] and "-r" in command:
            assert (ROOT / command[command.index("-r") + 1]).is_file()
        return
    script = ROOT / command[1]
    assert script.is_file(), command
    source = script.read_text(encoding="utf-8")
    for option in (word for word in command[2:] if word.startswith("--")):
        assert '"%s"' % option in source, (command, option)


def quick(line):
    tools = [tool_and_arguments(command) for command in commands(line)]
    return len(tools) == 1 and tools[0] is not None and tools[0][1] \
        and (tools[0][0], tools[0][1][0]) in QUICK


RUN = [item for item in LINES if quick(item[1])]


@pytest.mark.parametrize("page, line", RUN, ids=["%s: %s" % item for item in RUN])
def test_a_quick_command_of_the_manual_runs(page, line, tmp_path):
    """Run for real in the kit's folder (as `python -m TOOL`: the installed command is the
    same function): exit status 0 and some output."""
    (command,) = commands(line)
    tool, arguments = tool_and_arguments(command)
    done = subprocess.run([sys.executable, "-m", tool] + arguments, cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               "WORDLE_KIT_CACHE": str(tmp_path)})
    assert done.returncode == 0 and done.stdout and done.stderr == "", done.stderr


def test_the_games_line_of_the_readme_starts_a_game():
    assert ("README.md", "python3 wordle.py") in LINES
    done = subprocess.run([sys.executable, "wordle.py"], cwd=ROOT, input="", capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_the_readmes_first_screen_holds_the_two_commands_and_the_grading_quick_start():
    first_screen = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:60])
    for shown in ("    python3 wordle.py", "pip install -r requirements.txt && python -m pytest",
                  "## Grading a class", "pip install '.[staff]'", "wordle-grader grade alice/",
                  "wordle-grader grade-all ", "wordle-grader report ", "wordle-grader play ",
                  "python -m test_wordle_funcs ", "wordle-grader gradescope-bundle ",
                  "wordle-grader gradescope-test "):
        assert shown in first_screen, shown
    linked = set(re.findall(r"\]\((docs/\w+\.md)\)", (ROOT / "README.md").read_text()))
    assert linked == {"docs/%s" % page.name for page in PAGES[1:]}
