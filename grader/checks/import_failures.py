"""A file that does not import: what went wrong, said once.

Each program is imported once, with no input, before anything else runs
(grading.run_everything). A file whose import ended in an error, an exit, a wait for
input, an endless run or a crash does not import, and neither does a file that imports
it (easy_wordle.py's ``from wordle import check_word``: Python stops at that line).
What went wrong is named once, first (in the report, results.json's output and the
CSV's flags), with the file, the line and the line's text; each test that could not run
because of it says only "not run: wordle.py does not import (line 19)".

A file that does not parse (a SyntaxError) was never parsed: no check passes a verdict
on it, and its games are not played, since running it fails the same way. The line is
read from what the import run reported (the interpreter the student's code runs on),
the line's text from the submitted file.

An easy_wordle.py that imports from a wordle.py that does not import cannot be run at all,
so its tests are not run and say why; it is never graded with other code in place of the
student's (a filter_word_list that calls a check_word only the reference's stands in for
would be credited for code the student has not made to work). One that stands on its own
is graded as it would be.
"""
import re
from dataclasses import dataclass

from grader.checks import information
from grader.sandbox import Status

NEVER_PARSED = ("SyntaxError", "IndentationError", "TabError")
# "SyntaxError: expected ':' (wordle.py, line 19)": how Python names a parse error's place
PARSE_ERROR = re.compile(r"^(?P<error>(?P<kind>\w+): .*?) \((?P<file>[^()\s]+\.py), "
                         r"line (?P<line>\d+)\)$", re.DOTALL)
TRACEBACK_START = "Traceback (most recent call last):"
FRAME = re.compile(r'^  File "(?:[^"]*/)?(?P<file>[^"/]+\.py)", line (?P<line>\d+)', re.MULTILINE)
SHOWN_CHARACTERS = 120  # of the failing line's text
WHAT_WENT_WRONG = {
    Status.WAITED_FOR_INPUT: "importing it waited for input (the game starts when the file is "
                             "imported: put it under if __name__ == \"__main__\":)",
    Status.TIMEOUT: "importing it did not finish (an endless loop at import time?)",
    Status.EXITED: "importing it ended the program (exit() at import time?)",
    Status.CRASHED: "importing it was stopped",
}
FLAG_WORDS = {Status.WAITED_FOR_INPUT: "game started at import",
              Status.TIMEOUT: "import did not finish", Status.EXITED: "exited at import",
              Status.CRASHED: "import stopped"}


@dataclass(frozen=True)
class ImportFailure:
    """Why importing a file failed: file is the one imported, where the file the problem is
    in (itself, or a file it imports), line and text its place (None and "" when unknown)."""

    file: str
    status: str
    error: str          # "SyntaxError: expected ':'", "NameError: name 'x' is not defined"
    where: str
    line: object = None
    text: str = ""

    @property
    def never_parsed(self):
        """The file the problem is in does not parse: nothing of it ever ran."""
        return self.status == Status.RAISED and self.error.split(":", 1)[0] in NEVER_PARSED

    @property
    def through(self):
        """The file it imports that does not import, or None when the problem is its own."""
        return self.where if self.where != self.file else None

    def place(self):
        return " (line %d)" % self.line if self.line else ""

    def headline(self, through_named=True):
        """The one line that says what went wrong, with the line's text; a file that fails
        through one it imports refers to that one's line (through_named) or names it here."""
        if self.through and through_named:
            return "%s imports %s, so it does not import either" % (self.file, self.through)
        what = self.error
        if self.status in WHAT_WENT_WRONG:
            what = WHAT_WENT_WRONG[self.status] + (
                ": " + self.error if self.error and self.status != Status.WAITED_FOR_INPUT else "")
        place = " at line %d" % self.line if self.line else ""
        if self.through:
            place = " in %s%s (which it imports)" % (self.through, place)
        text = ": %s" % cut(self.text) if self.text else ""
        return "%s does not import: %s%s%s" % (self.file, what, place, text)

    def not_run(self):
        """What a test that could not run because of it says."""
        if self.through:
            return "not run: %s imports %s, which does not import%s" % (self.file, self.through,
                                                                      self.place())
        return "not run: %s does not import%s" % (self.file, self.place())

    def not_checked(self):
        return "not checked: " + self.not_run()[len("not run: "):]

    def flag(self):
        """The CSV's flag: "wordle.py: SyntaxError line 19"."""
        if self.through:
            return "%s: imports %s, which does not import" % (self.file, self.through)
        kind = (self.error.split(":", 1)[0] if self.status == Status.RAISED
                else FLAG_WORDS.get(self.status, self.status))
        return "%s: %s%s" % (self.file, kind, " line %d" % self.line if self.line else "")


def cut(text):
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "..."


def parse_error_place(detail):
    """(error without its place, file, line) of a parse error's detail, or None."""
    match = PARSE_ERROR.match(detail)
    if match is None or match.group("kind") not in NEVER_PARSED:
        return None
    return match.group("error"), match.group("file"), int(match.group("line"))


def traceback_place(stderr, files, outermost=False):
    """(file, line) of the traceback that ends stderr (the import run writes the frames in
    the student's files): the last frame in one of files, or (outermost) the first frame in
    that frame's file (for a game started at import, the line that started it); or None."""
    start = stderr.rfind(TRACEBACK_START)
    if start < 0:
        return None
    frames = [(match.group("file"), int(match.group("line")))
              for match in FRAME.finditer(stderr, start) if match.group("file") in files]
    if not frames:
        return None
    if outermost:
        return next(frame for frame in frames if frame[0] == frames[-1][0])
    return frames[-1]


def line_text(submission, file, line):
    lines = information.source_text(submission, file).splitlines()
    return lines[line - 1].strip() if line and 0 < line <= len(lines) else ""


def import_failure(submission, program, imports):
    """The ImportFailure of program (a Program) from {module: its import run}, or None."""
    imported = imports[program.module]
    if imported.status not in information.IMPORT_PROBLEMS or program.file not in submission.files:
        return None
    error, where, line = imported.detail, program.file, None
    parsed = parse_error_place(imported.detail) if imported.status == Status.RAISED else None
    if parsed is not None and parsed[1] in submission.files:
        error, where, line = parsed
    elif imported.status in (Status.RAISED, Status.WAITED_FOR_INPUT):
        found = traceback_place(imported.stderr, submission.files,
                                outermost=imported.status == Status.WAITED_FOR_INPUT)
        if found is not None:
            where, line = found
    if where == program.file and information.blamed_file(submission, program, imports):
        where = information.WORDLE.file
    return ImportFailure(program.file, imported.status, error, where, line,
                         line_text(submission, where, line))


def import_failures(submission, programs, imports):
    """{module: ImportFailure} of the programs that do not import."""
    found = {program.module: import_failure(submission, program, imports) for program in programs}
    return {module: failure for module, failure in found.items() if failure is not None}


def named_own(failures):
    """The files of failures that fail on their own (whose failure is named in full)."""
    return {failure.file for failure in failures.values() if not failure.through}


def headlines(failures):
    """The lines naming the failures, each once: a file's own first, then those that fail
    because a file they import does."""
    named = named_own(failures)
    ordered = sorted(failures.values(), key=lambda failure: failure.through is not None)
    return [failure.headline(failure.through in named) for failure in ordered]


def flags(failures):
    """The CSV's flags of failures: one for each problem (a file failing through another
    named in full is not flagged again)."""
    named = named_own(failures)
    return [failure.flag() for failure in failures.values() if failure.through not in named]
