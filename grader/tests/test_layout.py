"""The rooms of grader/ keep to their roles: what each may import (counting imports made
inside functions); that no import makes a circle is tests/test_layout.py's, for the whole kit."""
import subprocess
import sys

from grader import KIT_ROOT
from tests.import_graph import wing_imports


def imports_of(room):
    return {(module, imported) for module, imports in wing_imports("grader").items()
            if module.startswith(room) for imported in imports}


def test_the_sandbox_knows_nothing_outside_itself():
    assert {pair for pair in imports_of("grader.sandbox")
            if not pair[1].startswith("grader.sandbox")} == set()


def test_checks_see_no_process_only_the_statuses_and_the_cache_s_value_format():
    """checks/ reads Status from the sandbox's public face; only the cache of expected values
    reads the child's wire format, the format it stores values in."""
    assert {pair for pair in imports_of("grader.checks")
            if pair[1].startswith("grader.sandbox") and pair[1] != "grader.sandbox"} == {
        ("grader.checks.expected_cache", "grader.sandbox.child.codec")}


def test_results_know_neither_checks_nor_the_sandbox():
    allowed = ("grader.results", "grader.assignment", "grader.ansi")
    assert {pair for pair in imports_of("grader.results") if not pair[1].startswith(allowed)} == set()


def test_importing_the_grader_loads_no_reference_and_no_student_module():
    code = ("import sys, grader.staff.cli, grader.grading, grader.staff.batch; "
            "print(sorted({'words', 'wordle', 'easy_wordle', 'display_utility'} & set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], cwd=KIT_ROOT, capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_the_grading_core_knows_nothing_of_the_staff_commands():
    """checks/, sandbox/ and results/ and the top-level core never reach into staff/: the
    commands call the core, never the other way round."""
    core = [pair for pair in imports_of("grader")
            if not pair[0].startswith(("grader.staff", "grader.gradescope", "grader.tests",
                                      "grader.__main__"))]
    assert {pair for pair in core if pair[1].startswith("grader.staff")} == set()


def test_grader_s_top_level_holds_the_grading_core_only():
    """At most 10 modules beside __init__ and __main__; each command lives in a room."""
    top = sorted(path.stem for path in (KIT_ROOT / "grader").glob("*.py")
                 if path.stem not in ("__init__", "__main__"))
    assert len(top) <= 10, top
    assert not {"cli", "command", "batch", "class_folder", "play", "live_text"} & set(top)
