"""The rooms of atari/ keep to their roles (GUIDE: the machine apart from the language,
front-ends apart from both) and import no cycle, counting imports made inside functions."""
import ast
import subprocess
import sys
from pathlib import Path

ATARI = Path(__file__).resolve().parent.parent


def module_name(path):
    parts = ("atari",) + path.relative_to(ATARI).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name):
    path = ATARI.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def atari_imports():
    """{module: the atari modules it imports} for atari/ outside its tests."""
    graph = {}
    for path in ATARI.rglob("*.py"):
        if "tests" in path.relative_to(ATARI).parts:
            continue
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                if base.startswith("atari"):
                    found.add(base)
                    found.update(f"{base}.{alias.name}" for alias in node.names
                                 if is_module(f"{base}.{alias.name}"))
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name.startswith("atari"))
        ancestors = {".".join(name.split(".")[:depth]) for depth in range(1, name.count(".") + 1)}
        graph[name] = found - {name} - ancestors  # a package is imported before its modules
    return graph


def test_no_import_cycles():
    graph = atari_imports()
    done, cycles = set(), []

    def visit(module, path):
        for imported in sorted(graph.get(module, ())):
            if imported in path:
                cycles.append(path[path.index(imported):] + [imported])
            elif imported not in done:
                visit(imported, path + [imported])
        done.add(module)

    for module in sorted(graph):
        visit(module, [module])
    assert cycles == []


def test_the_machine_knows_nothing_of_the_language_or_the_front_ends():
    outside = ("atari.basic", "atari.frontends", "atari.compare", "atari.cli", "atari.listings")
    assert {(module, imported) for module, imports in atari_imports().items()
            if module.startswith("atari.machine") for imported in imports
            if imported.startswith(outside)} == set()


def test_the_language_knows_nothing_of_the_front_ends():
    outside = ("atari.frontends", "atari.compare", "atari.cli", "atari.usage")
    assert {(module, imported) for module, imports in atari_imports().items()
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
    graph = atari_imports()
    for front in ("atari.basic.lexer", "atari.basic.parser"):
        assert reachable(graph, front) & BACK_END == set(), front


def test_tokenizing_and_listing_a_program_loads_no_compiler():
    code = ("import sys, atari.basic.lexer, atari.basic.parser; from atari.basic import tokenize, "
            "list_program, load_program; print(sorted(m for m in sys.modules if m.startswith('atari')))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ATARI.parent, capture_output=True,
                            text=True, check=True)
    assert "atari.basic.lexer" in loaded.stdout and "atari.basic.parser" in loaded.stdout
    assert [module for module in BACK_END if repr(module) in loaded.stdout] == []
