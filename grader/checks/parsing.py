"""The one place the grader parses or compiles source text: under one lock.

A grading runs each program's checks in a thread of its own while the function tests
run in another (grading.run_everything). CPython's AST construction keeps state that is
not safe when two threads parse at once (3.11 and 3.12 raise "SystemError: AST
constructor recursion depth mismatch", CPython gh-106905), and a grading that died of
it would cost the student a score for nothing of theirs. So every ast.parse and
compile() of the grader goes through here, one at a time.
"""
import ast
import threading

LOCK = threading.Lock()
SOURCE_PROBLEMS = (SyntaxError, ValueError, RecursionError, MemoryError)


def parse(source):
    """ast.parse(source), or None if it does not parse."""
    with LOCK:
        try:
            return ast.parse(source)
        except SOURCE_PROBLEMS:
            return None


def compile_file(path):
    """The code object of the Python file at path (a pathlib.Path)."""
    text = path.read_text(encoding="utf-8")
    with LOCK:
        return compile(text, str(path), "exec")
