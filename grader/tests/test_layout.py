"""The rooms of grader/ keep to their roles: what each may import, and no import cycles."""
import ast
import subprocess
import sys

from grader import KIT_ROOT

GRADER = KIT_ROOT / "grader"


def module_name(path):
    parts = path.relative_to(KIT_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name):
    path = KIT_ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or path.is_dir()


def grader_imports():
    """{module: the grader modules it imports} for grader/ outside its tests."""
    graph = {}
    for path in GRADER.rglob("*.py"):
        if "tests" in path.relative_to(GRADER).parts:
            continue
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("grader"):
                found.add(node.module)
                found.update(name for name in ("%s.%s" % (node.module, alias.name) for alias in node.names)
                             if is_module(name))
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name.startswith("grader"))
        graph[module_name(path)] = found - {"grader"}
    return graph


def imports_of(room):
    return {(module, imported) for module, imports in grader_imports().items()
            if module.startswith(room) for imported in imports}


def test_the_sandbox_knows_nothing_outside_itself():
    assert {pair for pair in imports_of("grader.sandbox")
            if not pair[1].startswith("grader.sandbox")} == set()


def test_checks_see_no_process_only_the_codec():
    assert {pair for pair in imports_of("grader.checks")
            if pair[1].startswith("grader.sandbox") and pair[1] != "grader.sandbox.child.codec"} == set()


def test_results_know_neither_checks_nor_the_sandbox():
    allowed = ("grader.results", "grader.assignment", "grader.ansi")
    assert {pair for pair in imports_of("grader.results") if not pair[1].startswith(allowed)} == set()


def test_no_import_cycles():
    graph = grader_imports()
    done, cycles = set(), []

    def visit(module, path):
        for imported in graph.get(module, ()):
            if imported in path:
                cycles.append(path[path.index(imported):] + [imported])
            elif imported not in done:
                visit(imported, path + [imported])
        done.add(module)

    for module in graph:
        visit(module, [module])
    assert cycles == []


def test_importing_the_grader_loads_no_reference_and_no_student_module():
    code = ("import sys, grader.cli, grader.grading, grader.batch; "
            "print(sorted({'words', 'wordle', 'easy_wordle', 'display_utility'} & set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], cwd=KIT_ROOT, capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"
