"""Information checks (0 points by default): files present, imports, the __main__ guard.

The guard is checked twice: by importing each module once without running
it (the sandbox feeds it no input: a game that starts at import time waits
for input and is caught), and by reading the source text for the guard line
(a typo such as ``" __main__ "`` or a guard inside a function means the game
never runs). The source is only read as text (and parsed, never executed) here.
"""
import ast
import difflib
import importlib
import io
import re
import tokenize
import types

from grader.assignment import (ALLOWED_IMPORTS, ALLOWED_IMPORTS_TEXT, CHECKS_GROUP,
                               HANDOUT_FILES, PROGRAMS, REQUIRED_FILES, WORDLE)
from grader.checks import parsing
from grader.results.outcome import Outcome, TestSpec
from grader.sandbox import Status

FILES_SPEC = TestSpec("checks.files", CHECKS_GROUP, "%s submitted" % " and ".join(REQUIRED_FILES))
IMPORTS_SPEC = TestSpec("checks.imports", CHECKS_GROUP, "only %s imported" % ALLOWED_IMPORTS_TEXT)
GUARD_SPECS = {program.module: TestSpec("checks.%s_guard" % program.module, CHECKS_GROUP,
                                        '%s: the game runs only under if __name__ == "__main__":'
                                        % program.file) for program in PROGRAMS}
SPECS = (FILES_SPEC, IMPORTS_SPEC) + tuple(GUARD_SPECS.values())

MISNAMED_CUTOFF = 0.7     # how like a required name a file's must be to be named as the one meant
MAX_FOUND_SHOWN = 5
GUARD_LINE = re.compile(r"^(?P<indent>[ \t]*)if\b.*\b__name__\b.*$", re.MULTILINE)
QUOTED = re.compile(r"""(["'])(.*?)\1""")


def enclosing_blocks(source):
    """{line number of each `if ... __name__ ...` statement: the innermost function around it
    (None at module level or in another block)}, from the parsed source; None if it does not
    parse."""
    tree = parsing.parse(source)
    if tree is None:
        return None
    found = {}

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and any(isinstance(name, ast.Name) and name.id == "__name__"
                                                  for name in ast.walk(child.test)):
                found[child.lineno] = function
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else function
            visit(child, inner)
    visit(tree, None)
    return found


def string_lines(source):
    """Numbers of the lines that lie inside a string literal spanning lines (a docstring), for
    source that does not parse."""
    inside = set()
    try:
        with parsing.LOCK:  # 3.12's tokenize is CPython's own tokenizer
            for token in tokenize.generate_tokens(io.StringIO(source).readline):
                if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                    inside.update(range(token.start[0] + 1, token.end[0] + 1))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass    # the import run reports code that does not parse
    return inside


def guard_problems(source):
    """What is wrong with the __main__ guard in source text (an empty list if nothing)."""
    lines = list(GUARD_LINE.finditer(source))
    statements = enclosing_blocks(source)
    if statements is None:
        in_strings = string_lines(source)
        lines = [match for match in lines if line_number(source, match) not in in_strings]
    if not lines:
        return ['there is no if __name__ == "__main__": line, so the game cannot be run '
                "apart from importing the functions"]
    problems = []
    for match in lines:
        line = match.group(0).strip()
        quoted = QUOTED.search(line)
        if quoted and quoted.group(2) != "__main__":
            problems.append('the guard %r compares __name__ with %r, which it never equals, so '
                            'the game never runs: write if __name__ == "__main__":'
                            % (line, quoted.group(2)))
        elif statements is not None and line_number(source, match) not in statements:
            problems.append("the guard %r is inside a string (a docstring or comment text?), not "
                            "code, so the game never runs" % line)
        elif statements is not None and statements[line_number(source, match)] is not None:
            function = statements[line_number(source, match)]
            problems.append("the guard %r is inside the function %s(), so it is checked only when "
                            "%s() is called, and running the file does not start the game: put the "
                            "guard at the left margin, outside every function"
                            % (line, function, function))
        elif match.group("indent"):
            problems.append("the guard %r is indented (inside another block), so "
                            "it is not reached when the file is run" % line)
    return problems if len(problems) == len(lines) else []


def line_number(source, match):
    return source.count("\n", 0, match.start()) + 1


def missing_files_line(submission):
    """One line naming the required files not found and the Python files that were, so a
    misnamed file is seen at once (e.g. "easy_wordle.py not found; found: easywordle.py
    (rename it and resubmit)"); "" when none is missing."""
    missing = submission.missing
    if not missing:
        return ""
    line = "%s not found" % " and ".join(missing)
    others = submission.other_python_files
    if not submission.files and not others:
        return "no Python file was submitted: %s (submit them with these exact names)" % line
    if not others:
        return "%s (submit %s with that exact name)" % (line, "it" if len(missing) == 1 else "them")
    close = [where for where in others if difflib.get_close_matches(
        where.rsplit("/", 1)[-1].lower(), missing, n=1, cutoff=MISNAMED_CUTOFF)]
    found = (close or others)[:MAX_FOUND_SHOWN]
    return "%s; found: %s (rename %s and resubmit)" % (
        line, ", ".join(found), "it" if len(found) == 1 else "the one you meant")


def files_outcome(submission):
    """Both files present; what loading noticed (e.g. found one folder down) as notes."""
    notes = list(submission.notes)
    if submission.missing:
        return Outcome(False, ["missing: %s (its tests fail)" % ", ".join(submission.missing)],
                       notes)
    return Outcome(True, notes=notes)


def files_and_imports_outcomes(submission, reports, failures=()):
    """{test id: Outcome} of the files check and the imports check; reports: what reported the
    imports beyond the allowed ones (import runs, test_program's findings), each with its
    forbidden_imports; failures: the ImportFailures of the files that do not import (the
    imports of a file never parsed, or of one importing it, were never reached, so finding
    none is no verdict)."""
    forbidden = {name for report in reports for name in report.forbidden_imports}
    imports = imports_outcome(forbidden, submission)
    unread = [failure.not_checked() for failure in failures if failure.never_parsed]
    if imports.passed and unread:
        imports = Outcome(False, unread, not_run=True)
    return {FILES_SPEC.id: files_outcome(submission), IMPORTS_SPEC.id: imports}


def imports_outcome(forbidden, submission=None):
    """The imports check from what the runs reported and, read as text, the student's files'
    other ways of reaching a module (__import__, importlib, sys.modules, random._os)."""
    problems = []
    if forbidden:
        problems.append("imported %s: without permission the course allows only %s"
                        % (", ".join(sorted(forbidden)), ALLOWED_IMPORTS_TEXT))
    for file in sorted(submission.files) if submission is not None else ():
        problems.extend("%s: %s" % (file, trick)
                        for trick in import_tricks(source_text(submission, file)))
    return Outcome(not problems, problems)


ALLOWED_MODULES = frozenset(ALLOWED_IMPORTS) - {name[:-3] for name in HANDOUT_FILES}


def import_tricks(source):
    """Ways the source reaches a module other than a plain import statement (which the
    runs report): __import__(...), importlib, sys.modules, and a module reached through an
    allowed one (random._os).  Read as text; nothing of the student's is run here."""
    tree = parsing.parse(source)
    if tree is None:
        return []
    aliases = {}    # name in the student's file -> allowed standard module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in ALLOWED_MODULES:
                    aliases[alias.asname or alias.name] = alias.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ("__import__", "importlib", "__builtins__"):
            found.append("uses %s to import modules" % node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner, attribute = node.value.id, node.attr
            if attribute in ("modules", "__import__", "import_module") and owner in (
                    "sys", "builtins", "__builtins__", "importlib"):
                found.append("reaches modules through %s.%s" % (owner, attribute))
            elif owner in aliases and reaches_module(aliases[owner], attribute):
                found.append("reaches the module %s.%s through %s (an import the course does "
                             "not allow)" % (aliases[owner], attribute, owner))
        if len(found) >= 10:
            break
    return sorted(set(found))


def reaches_module(module, attribute):
    """True when module.attribute is itself a module (random._os, random._sha512)."""
    try:
        return isinstance(getattr(importlib.import_module(module), attribute, None),
                          types.ModuleType)
    except ImportError:
        return False


IMPORT_PROBLEMS = {
    Status.WAITED_FOR_INPUT: "importing it waited for input: the game starts when the file is "
                        "imported; put it under the guard",
    Status.TIMEOUT: "importing it did not finish (an endless loop at import time?)",
    Status.RAISED: "importing it raised an error",
    Status.EXITED: "importing it ended the program (exit() at import time?)",
    Status.CRASHED: "importing it was stopped",
}


def import_problem(imported):
    """What went wrong when a module was imported (a status, or "printed"), or None."""
    if imported.status in IMPORT_PROBLEMS:
        return imported.status
    return "printed" if imported.stdout.strip() else None


def imports_module(submission, file, module):
    """Whether the source text of file imports module (import m / from m import ...)."""
    pattern = r"^\s*(?:import\s+%s\b|from\s+%s\s+import\b)" % (module, module)
    return re.search(pattern, source_text(submission, file), re.MULTILINE) is not None


def blamed_file(submission, program, imports):
    """wordle.py, when program (easy_wordle) imports it and importing program has the very
    problem importing wordle.py alone has (so the problem is wordle.py's), else None;
    imports: {module: its import run}. An error raised is not blamed so: it is not the
    guard's doing, and the traceback says whose it is (import_failures)."""
    imported, wordle_imported = imports[program.module], imports[WORDLE.module]
    if (import_problem(imported) not in (None, Status.RAISED) and program.module != WORDLE.module
            and imports_module(submission, program.file, WORDLE.module)
            and import_problem(wordle_imported) == import_problem(imported)):
        return WORDLE.file
    return None


def blame(outcomes, file, blamed):
    """Each failed outcome of file's tests opens with the line blaming the file it imports
    (in place: a game to be judged again holds the same Outcome)."""
    if blamed:
        for outcome in outcomes.values():
            if not outcome.passed:
                outcome.details.insert(0, blame_line(file, blamed))


def blame_line(file, blamed):
    return ("%s imports %s, and importing %s alone does the same: the problem is in %s (its "
            "game or output is not under its guard), not in %s" % (file, blamed, blamed, blamed,
                                                                  file))


def guard_outcome(module, submission, imported, blamed=None, failure=None):
    """The guard check of one module from its import run and its source text; blamed names
    the file it imports that causes its import's problem. failure (an ImportFailure): a file
    that was never parsed is not checked; one that imports such a file is checked on its
    text alone, where that finds a problem."""
    file = module + ".py"
    if file not in submission.files:
        return Outcome.failed("%s was not submitted" % file)
    if failure is not None and failure.never_parsed:
        problems = guard_problems(source_text(submission, file)) if failure.through else []
        return Outcome(False, problems) if problems else Outcome.skipped(failure.not_checked())
    problems = []
    if blamed:
        problems.append(blame_line(file, blamed))
    elif imported.status in IMPORT_PROBLEMS:
        problems.append("%s: %s" % (IMPORT_PROBLEMS[imported.status], imported.detail))
    elif imported.stdout.strip():
        first = imported.stdout.strip().splitlines()[0]
        problems.append("importing it printed output (first line %r): only the game, under the "
                        "guard, should print" % first[:120])
    problems.extend(guard_problems(source_text(submission, file)))
    return Outcome(not problems, problems)


def source_text(submission, file):
    try:
        return submission.files[file].read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
