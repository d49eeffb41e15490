"""The rooms of atari/ keep to their roles (GUIDE: the machine apart from the language,
front-ends apart from both), counting imports made inside functions; that no import makes
a circle, here or anywhere in the kit, is tests/test_layout.py's."""
import subprocess
import sys
from pathlib import Path

from tests.import_graph import wing_imports

ATARI = Path(__file__).resolve().parent.parent

# atari's rooms from the top down: a module imports its own room or the rooms below it,
# never one above (the command lines use everything; the machine knows no BASIC).
ROOMS = (
    ("atari.__main__", "atari.cli"),
    ("atari.compare",),
    ("atari.usage",),                               # what the command lines share
    ("atari.frontends", "atari.listings"),
    ("atari.basic",),
    ("atari.machine",),
    ("atari.rules2048", "atari.clock", "atari.atascii", "atari.errors", "atari.locations", "atari"),
)


def floor(module):
    """Where ``module``'s room is in ROOMS (0: the top)."""
    for level, rooms in enumerate(ROOMS):
        if module in rooms or any(module.startswith(room + ".") for room in rooms if room != "atari"):
            return level
    raise AssertionError(f"{module} is in no room of ROOMS: add it where it belongs")


def test_every_import_runs_down_the_rooms():
    assert {(module, imported) for module, imports in wing_imports("atari").items()
            for imported in imports if floor(imported) < floor(module)} == set()


def test_the_machine_knows_nothing_of_the_language_or_the_front_ends():
    outside = ("atari.basic", "atari.frontends", "atari.compare", "atari.cli", "atari.listings")
    assert {(module, imported) for module, imports in wing_imports("atari").items()
            if module.startswith("atari.machine") for imported in imports
            if imported.startswith(outside)} == set()


def test_the_language_knows_nothing_of_the_front_ends():
    outside = ("atari.frontends", "atari.compare", "atari.cli", "atari.usage")
    assert {(module, imported) for module, imports in wing_imports("atari").items()
            if module.startswith("atari.basic") for imported in imports
            if imported.startswith(outside)} == set()


BACK_END = {"atari.basic.statements", "atari.basic.expressions", "atari.basic.costs",
            "atari.basic.interpreter"}


def reachable(graph, start):
    """Every module importing ``start`` imports, directly or not, its packages' own imports
    included (Python runs a package's __init__ before its modules)."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(graph.get(module, ()))
        todo.extend(".".join(module.split(".")[:depth]) for depth in range(1, module.count(".") + 1))
    return seen


def test_the_lexer_and_the_parser_know_nothing_of_the_compiler():
    graph = wing_imports("atari")
    for front in ("atari.basic.lexer", "atari.basic.parser"):
        assert reachable(graph, front) & BACK_END == set(), front


def test_tokenizing_and_listing_a_program_loads_no_compiler():
    code = ("import sys, atari.basic.lexer, atari.basic.parser; from atari.basic import tokenize, "
            "list_program, load_program; print(sorted(m for m in sys.modules if m.startswith('atari')))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ATARI.parent, capture_output=True,
                            text=True, check=True)
    assert "atari.basic.lexer" in loaded.stdout and "atari.basic.parser" in loaded.stdout
    assert [module for module in BACK_END if repr(module) in loaded.stdout] == []
