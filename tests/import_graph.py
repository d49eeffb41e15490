"""The kit's import graph, read from the source with ast (no tool, nothing imported): which
of the kit's modules each module imports, imports made inside functions included."""
import ast
import functools
import os
from pathlib import Path

KIT_ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCE = {"tests", "submissions", "fixtures", "__pycache__"}   # tests are not layered


def module_name(path):
    parts = path.relative_to(KIT_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name):
    path = KIT_ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def source_files():
    for folder, subfolders, files in os.walk(KIT_ROOT):
        subfolders[:] = sorted(name for name in subfolders
                               if name not in NOT_SOURCE and not name.startswith("."))
        yield from (Path(folder, name) for name in sorted(files) if name.endswith(".py"))


def statements(tree):
    """Every statement of a module, those inside functions, classes, ifs and trys included
    (an import is a statement: the expressions need no walk)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            todo.extend(getattr(node, field, ()))


def imports_of(path):
    """The kit modules the file at ``path`` imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if is_module(base):
                found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names
                         if is_module(f"{base}.{alias.name}"))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if is_module(alias.name))
    ancestors = {".".join(name.split(".")[:depth]) for depth in range(1, name.count(".") + 1)}
    return found - {name} - ancestors   # a package is imported before its modules


@functools.lru_cache(maxsize=None)
def _all_imports():
    return {module_name(path): frozenset(imports_of(path)) for path in source_files()}


def kit_imports():
    """{module: the kit modules it imports} for every module of the kit outside its tests."""
    return dict(_all_imports())


def wing_imports(wing):
    """{module: the modules of its own wing it imports} for the wing (grader, atari, solver)."""
    return {module: {other for other in imported if other.split(".")[0] == wing}
            for module, imported in kit_imports().items() if module.split(".")[0] == wing}


def rooms(graph, depth):
    """The graph between rooms: each module counted as its name's first ``depth`` parts
    (depth 1: the wings and the top-level modules; 2: grader.staff, grader.checks...)."""
    def room(module):
        return ".".join(module.split(".")[:depth])
    between = {}
    for module, imported in graph.items():
        between.setdefault(room(module), set()).update(
            room(other) for other in imported if room(other) != room(module))
    return between


def cycles(graph):
    """Every circle of imports found by a depth-first walk, each as the path that closes it."""
    done, found = set(), []

    def visit(module, path):
        for imported in sorted(graph.get(module, ())):
            if imported in path:
                found.append(path[path.index(imported):] + [imported])
            elif imported not in done:
                visit(imported, path + [imported])
        done.add(module)

    for module in sorted(graph):
        visit(module, [module])
    return found
