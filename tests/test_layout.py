"""The whole kit's imports (read with ast, imports inside functions included) make no circle:
not between modules, and not between rooms at any depth (wings, their rooms, the rooms'
own folders), so every import runs one way. The rooms' own rules (what each may import)
are in grader/tests/test_layout.py and atari/tests/test_layout.py."""
from .import_graph import cycles, kit_imports, rooms

WINGS = ("grader", "atari", "solver")

def closing(cycle):
    """A circle by its members, wherever the walk entered it."""
    return tuple(sorted(set(cycle)))


def all_cycles():
    graph = kit_imports()
    depths = range(1, max(module.count(".") for module in graph) + 2)
    return cycles(graph) + [
        cycle for depth in depths for cycle in cycles(rooms(graph, depth))]


def test_no_import_circle_between_modules_or_rooms():
    assert all_cycles() == []


def test_the_wings_never_import_each_other():
    between = rooms(kit_imports(), 1)
    assert {(wing, other) for wing in WINGS for other in between[wing] if other in WINGS} == set()


def test_the_graph_sees_imports_inside_functions_and_relative_ones():
    graph = kit_imports()
    assert "grader.staff.batch" in graph["grader.staff.cli"]            # inside command_grade_all
    assert "atari.basic.statement_table" in graph["atari.basic.lexer"]   # from .statement_table
    assert "atari.basic" not in graph["atari.basic.statement_table"]    # its own package


def test_a_circle_between_rooms_is_found_though_no_module_circle():
    graph = {"kit.cli": {"kit.pack.bundle"}, "kit.pack.main": {"kit.cli"}, "kit.pack.bundle": set()}
    assert cycles(graph) == []
    assert [closing(cycle) for cycle in cycles(rooms(graph, 2))] == [("kit.cli", "kit.pack")]
