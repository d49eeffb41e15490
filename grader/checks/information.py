"""Information checks (0 points by default): files present, imports, the __main__ guard.

The guard is checked twice: by importing each module once without running
it (the sandbox feeds it no input: a game that starts at import time waits
for input and is caught), and by reading the source text for the guard line
(a typo such as ``" __main__ "`` or a guard inside a function means the game
never runs). The source is only read as text here, never executed.
"""
import re

from grader.assignment import ALLOWED_IMPORTS_TEXT, CHECKS_GROUP, PROGRAMS, REQUIRED_FILES
from grader.results.outcome import Outcome, TestSpec
from grader.sandbox.child.codec import Status

FILES_SPEC = TestSpec("checks.files", CHECKS_GROUP, "%s submitted" % " and ".join(REQUIRED_FILES))
IMPORTS_SPEC = TestSpec("checks.imports", CHECKS_GROUP, "only %s imported" % ALLOWED_IMPORTS_TEXT)
GUARD_SPECS = {program.module: TestSpec("checks.%s_guard" % program.module, CHECKS_GROUP,
                                        '%s: the game runs only under if __name__ == "__main__":'
                                        % program.file) for program in PROGRAMS}
SPECS = (FILES_SPEC, IMPORTS_SPEC) + tuple(GUARD_SPECS.values())

GUARD_LINE = re.compile(r"^(?P<indent>[ \t]*)if\b.*\b__name__\b.*$", re.MULTILINE)
QUOTED = re.compile(r"""(["'])(.*?)\1""")


def guard_problems(source):
    """What is wrong with the __main__ guard in source text (an empty list if nothing)."""
    lines = list(GUARD_LINE.finditer(source))
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
        elif match.group("indent"):
            problems.append("the guard %r is indented (inside a function or another block), so "
                            "it is not reached when the file is run" % line)
    return problems if len(problems) == len(lines) else []


def files_outcome(submission):
    """Both files present; what loading noticed (e.g. found one folder down) as notes."""
    notes = list(submission.notes)
    if submission.missing:
        return Outcome(False, ["missing: %s (its tests fail)" % ", ".join(submission.missing)],
                       notes)
    return Outcome(True, notes=notes)


def imports_outcome(forbidden):
    if not forbidden:
        return Outcome(True)
    return Outcome.failed("imported %s: without permission the course allows only %s"
                          % (", ".join(sorted(forbidden)), ALLOWED_IMPORTS_TEXT))


IMPORT_PROBLEMS = {
    Status.WAITED_FOR_INPUT: "importing it waited for input: the game starts when the file is "
                        "imported; put it under the guard",
    Status.TIMEOUT: "importing it did not finish (an endless loop at import time?)",
    Status.RAISED: "importing it raised an error",
    Status.EXITED: "importing it ended the program (exit() at import time?)",
    Status.CRASHED: "importing it was stopped",
}


def guard_outcome(module, submission, imported):
    """The guard check of one module from its import run and its source text."""
    file = module + ".py"
    if file not in submission.files:
        return Outcome.failed("%s was not submitted" % file)
    problems = []
    if imported.status in IMPORT_PROBLEMS:
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
