"""display_utility.py and words.py: the course's interface and data."""
import importlib
import sys
import types

import display_utility
from .conftest import ROOT
from words import words


def test_colour_functions_print_exact_sequences_without_newline(capsys):
    assert display_utility.green("A") is None
    assert display_utility.yellow("B") is None
    assert display_utility.grey("CD") is None
    assert capsys.readouterr().out == "\033[42;1mA\033[0m\033[43mB\033[0m\033[47mCD\033[0m"


def test_only_the_three_course_functions_are_public():
    public = {name for name in vars(display_utility) if not name.startswith("_")}
    assert {"green", "yellow", "grey"} <= public
    assert not public - {"green", "yellow", "grey", "sys", "colorama"}


def reload_as_windows(monkeypatch, colorama_module):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "colorama", colorama_module)
    try:
        return importlib.reload(display_utility)
    finally:
        monkeypatch.undo()
        importlib.reload(display_utility)


def test_windows_consoles_are_switched_on_through_colorama(monkeypatch):
    calls = []
    fake = types.ModuleType("colorama")
    fake.just_fix_windows_console = lambda: calls.append("fixed")
    reload_as_windows(monkeypatch, fake)
    assert calls == ["fixed"]


def test_windows_without_colorama_still_loads(monkeypatch, capsys):
    module = reload_as_windows(monkeypatch, None)  # None in sys.modules makes import fail
    module.green("A")
    assert capsys.readouterr().out == "\033[42;1mA\033[0m"


def test_word_list_is_the_course_list():
    assert len(words) == 14855 == len(set(words))
    assert words[0] == "rossa" and words[-1] == "jalap"
    assert all(len(w) == 5 and w.isalpha() and w.islower() for w in words)
    for word in ("lered", "meris", "peris", "siver", "icers", "radio", "druid"):
        assert word in words
    for word in ("aeiou", "aaaaa", "beees", "zumba"):
        assert word not in words


def test_word_list_cites_its_source_and_licence_travels_with_it():
    head = (ROOT / "words.py").read_text().split("words = [")[0]
    assert "tabatkins/wordle-list" in head and "MIT" in head
    assert "Tab Atkins" in (ROOT / "licenses" / "wordle-list.LICENSE").read_text()
