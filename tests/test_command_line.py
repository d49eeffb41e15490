"""The conventions the grader, the solver and atari share (command_line.py)."""
import argparse
import io

import pytest

import command_line


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("environ, coloured", [
    ({}, True), ({"NO_COLOR": ""}, True), ({"NO_COLOR": "1"}, False), ({"TERM": "dumb"}, False)])
def test_auto_colours_a_terminal_unless_no_color_is_set_and_not_empty(environ, coloured):
    assert command_line.use_colour("auto", Terminal(), environ) is coloured
    assert command_line.use_colour("always", io.StringIO(), {"NO_COLOR": "1"}) is True
    assert command_line.use_colour("never", Terminal(), {}) is False


def test_auto_never_colours_a_pipe():
    assert command_line.use_colour("auto", io.StringIO(), {}) is False


def test_json_option_takes_dash_or_a_json_name_and_says_the_tools_hint():
    parser = argparse.ArgumentParser()
    command_line.add_json_option(parser, "the figures", hint="the games file goes before --json")
    assert parser.parse_args(["--json"]).json == "-"
    assert parser.parse_args(["--json", "out.JSON"]).json == "out.JSON"
    with pytest.raises(argparse.ArgumentTypeError, match="games file goes before --json"):
        command_line.json_target("games.txt", "the games file goes before --json")


def test_unwritable_names_a_folder_and_a_missing_folder(tmp_path):
    assert command_line.unwritable(None) is None and command_line.unwritable("-") is None
    assert command_line.unwritable(str(tmp_path / "out.json")) is None
    assert command_line.unwritable(str(tmp_path)) == "cannot write %s: it is a folder" % tmp_path
    missing = tmp_path / "nowhere" / "out.json"
    assert command_line.unwritable(str(missing)) == "cannot write %s: there is no folder %s" % (
        missing, missing.parent)


def test_every_tool_uses_the_shared_conventions():
    from atari import cli as atari_cli
    from atari.compare import command as atari_compare
    from grader.staff import cli as grader_cli
    from solver import cli as solver_cli
    for module in (atari_cli, atari_compare, grader_cli, solver_cli):
        assert module.use_colour is command_line.use_colour
    assert grader_cli.json_target is command_line.json_target
    assert solver_cli.add_json_option is atari_compare.add_json_option is command_line.add_json_option
